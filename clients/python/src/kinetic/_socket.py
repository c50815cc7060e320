# SPDX-License-Identifier: Apache-2.0
"""Finding and opening kineticd's socket, by the rule kineticctl follows (docs/PROTOCOL.md, "Finding the socket")."""

from __future__ import annotations

import errno
import grp
import os
import socket
import stat
from collections.abc import Mapping

from .errors import ConnectError

from ._protocol import SYSTEM_SOCKET


def socket_path(explicit: str | None = None, environ: Mapping[str, str] | None = None, uid: int | None = None) -> str:
    """``explicit``; ``$KINETIC_SOCKET``; the system service's socket for root (or under its ``RUNTIME_DIRECTORY``);
    ``$XDG_RUNTIME_DIR/kinetic/kineticd.sock`` otherwise."""
    env = os.environ if environ is None else environ
    if explicit:
        return explicit
    if env.get("KINETIC_SOCKET"):
        return env["KINETIC_SOCKET"]
    if (os.getuid() if uid is None else uid) == 0 or env.get("RUNTIME_DIRECTORY") == "/run/kinetic":
        return SYSTEM_SOCKET
    if env.get("XDG_RUNTIME_DIR"):
        return env["XDG_RUNTIME_DIR"] + "/kinetic/kineticd.sock"
    raise ConnectError("socket: XDG_RUNTIME_DIR is not set; pass socket=PATH or set KINETIC_SOCKET")


def connect_error(path: str, error: OSError) -> ConnectError:
    """Why connecting to ``path`` failed, and what to do, as kineticctl says it."""
    code = error.errno
    if code in (errno.ENOENT, errno.ENOTDIR):
        return ConnectError(f"no kineticd socket at {path}: start kineticd (systemctl start kineticd.socket, or run "
                            "kineticd), or name its socket with socket=PATH or $KINETIC_SOCKET")
    if code in (errno.EACCES, errno.EPERM):
        who = ""
        try:
            info = os.stat(path)
            try:
                group = grp.getgrgid(info.st_gid).gr_name
            except KeyError:
                group = f"gid {info.st_gid}"
            who = (f" (the socket is mode {stat.S_IMODE(info.st_mode):o}, group {group}); add yourself to that group, "
                   f"as sudo usermod -aG {group} $USER, then log in again")
        except OSError:
            pass
        return ConnectError(f"permission denied to connect to {path}{who}")
    if code == errno.ECONNREFUSED:
        return ConnectError(f"nothing listens on {path}: kineticd is not running (a stale socket file); start it, or "
                            "name another socket")
    return ConnectError(f"cannot connect to {path}: {error.strerror or error}")


def open_socket(path: str) -> socket.socket:
    """A connected, blocking ``AF_UNIX`` stream socket, or :class:`ConnectError` saying what to do."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(path)
    except OSError as error:
        sock.close()
        raise connect_error(path, error) from None
    return sock
