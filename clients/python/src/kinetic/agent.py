# SPDX-License-Identifier: Apache-2.0
"""kinetic-agent: forwards the desktop's reduced-motion preference to kineticd while the user's session is active.

A system service cannot read a user's session bus, so this small agent runs as the user (a ``systemd --user`` unit)
and does it:

* the preference: the XDG desktop portal's Settings interface, key ``org.freedesktop.appearance`` ``reduced-motion``
  (0 no preference, 1 reduce), then through the same portal GNOME's ``org.gnome.desktop.a11y.interface``
  ``reduced-motion`` (``reduce``) and ``org.gnome.desktop.interface`` ``enable-animations`` (false); the first key the
  portal knows is read with ``ReadOne`` (``Read`` on portals older than version 2) and followed through its
  ``SettingChanged`` signal. Without a portal, KDE's ``AnimationDurationFactor`` in kdeglobals (0 means reduce),
  re-read when KDE announces a change (``org.kde.kconfig.notify`` ``ConfigChanged``).
* the session: logind on the system bus; the preference is held only while this user owns the seat's active session
  (``Seat.ActiveSession``, followed through ``PropertiesChanged``).
* kineticd: ``reduce_motion`` with ``"scope": "connection"`` on a connection of its own, which kineticd honours for
  members of its ``preference_group``; closing the connection (the session went to the background, or the agent
  stopped) gives the daemon its own setting back.

D-Bus is spoken through jeepney: pure Python (no C extension to build), asyncio-native, packaged by Debian
(python3-jeepney) and on PyPI; ``pip install 'kinetic-motion[agent]'`` brings it.
"""

from __future__ import annotations

import argparse
import asyncio
import configparser
import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import aio
from ._session import Reconnect
from .errors import ConnectError, ConnectionLost, KineticError, PermissionDenied

EX_UNAVAILABLE = 69
EX_NOPERM = 77

PORTAL_NAME = "org.freedesktop.portal.Desktop"
PORTAL_PATH = "/org/freedesktop/portal/desktop"
PORTAL_SETTINGS = "org.freedesktop.portal.Settings"
LOGIN1 = "org.freedesktop.login1"

# (namespace, key, whether the value means "reduce"), in the order they are tried.
PORTAL_KEYS: list[tuple[str, str, Callable[[Any], bool]]] = [
    ("org.freedesktop.appearance", "reduced-motion", lambda value: value == 1),
    ("org.gnome.desktop.a11y.interface", "reduced-motion", lambda value: value == "reduce"),
    ("org.gnome.desktop.interface", "enable-animations", lambda value: value is False),
]


def log(message: str) -> None:
    """One line on standard error (the journal, under systemd)."""
    print(f"kinetic-agent: {message}", file=sys.stderr, flush=True)


def _variant(value: Any) -> Any:
    """The value inside a D-Bus variant, which jeepney gives as ``(signature, value)``."""
    return value[1]


def kde_reduces_motion(config_home: Path) -> bool | None:
    """KDE's preference from ``kdeglobals``: ``AnimationDurationFactor=0`` reduces; ``None`` without the file."""
    path = config_home / "kdeglobals"
    if not path.exists():
        return None
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read(path, encoding="utf-8")
        return parser.getfloat("KDE", "AnimationDurationFactor", fallback=1.0) == 0
    except (configparser.Error, ValueError) as error:
        log(f"{path}: {error}; reading AnimationDurationFactor as 1 (no preference)")
        return False


class Agent:
    """The agent's state: the user's preference, whether the session is active, and the connection that holds it."""

    def __init__(self, socket: str | None, seat: str, uid: int, config_home: Path) -> None:
        self.socket = socket
        self.seat = seat
        self.uid = uid
        self.config_home = config_home
        self.preference: bool | None = None
        self.preference_source = "none"
        self.active = True
        self.changed = asyncio.Event()
        self.refused: PermissionDenied | None = None

    def set_preference(self, reduce: bool, source: str) -> None:
        if reduce != self.preference:
            log(f"reduced motion {'on' if reduce else 'off'} ({source})")
        self.preference, self.preference_source = reduce, source
        self.changed.set()

    def set_active(self, active: bool, why: str) -> None:
        if active != self.active:
            log(f"the session is {'active' if active else 'in the background'} ({why})")
        self.active = active
        self.changed.set()

    # The preference

    async def watch_preference(self, router: Any) -> None:
        """Reads the preference from the portal (or kdeglobals) and follows its changes; returns when none is found."""
        from jeepney import DBusAddress, MatchRule, MessageType
        from jeepney.bus_messages import message_bus

        portal = DBusAddress(PORTAL_PATH, bus_name=PORTAL_NAME, interface=PORTAL_SETTINGS)
        for namespace, key, reduces in PORTAL_KEYS:
            value = await self._read_portal(router, portal, namespace, key)
            if value is not None:
                break
        else:
            await self._watch_kde(router)
            return
        source = f"portal {namespace} {key}"
        rule = MatchRule(type="signal", interface=PORTAL_SETTINGS, member="SettingChanged", path=PORTAL_PATH)
        queue: asyncio.Queue[Any] = asyncio.Queue()
        with router.filter(rule, queue=queue):
            await router.send_and_get_reply(message_bus.AddMatch(rule))
            self.set_preference(reduces(value), source)
            while True:
                message = await queue.get()
                if message.header.message_type == MessageType.signal and message.body[:2] == (namespace, key):
                    self.set_preference(reduces(_variant(message.body[2])), source)

    async def _read_portal(self, router: Any, portal: Any, namespace: str, key: str) -> Any:
        from jeepney import MessageType, new_method_call

        reply = await router.send_and_get_reply(new_method_call(portal, "ReadOne", "ss", (namespace, key)))
        if reply.header.message_type == MessageType.error:
            error = reply.header.fields.get(4, "")  # HeaderFields.error_name
            if error == "org.freedesktop.DBus.Error.UnknownMethod":  # a portal before version 2 of Settings
                reply = await router.send_and_get_reply(new_method_call(portal, "Read", "ss", (namespace, key)))
                if reply.header.message_type != MessageType.error:
                    return _variant(_variant(reply.body[0]))  # Read wraps the value in a second variant
            return None
        return _variant(reply.body[0])

    async def _watch_kde(self, router: Any) -> None:
        from jeepney import MatchRule
        from jeepney.bus_messages import message_bus

        reduce = kde_reduces_motion(self.config_home)
        if reduce is None:
            log("no reduced-motion setting: no desktop portal on the session bus knows one, and there is no "
                f"{self.config_home / 'kdeglobals'}; nothing to forward (the daemon keeps its own setting)")
            return
        source = f"{self.config_home / 'kdeglobals'} AnimationDurationFactor"
        rule = MatchRule(type="signal", interface="org.kde.kconfig.notify", member="ConfigChanged", path="/kdeglobals")
        queue: asyncio.Queue[Any] = asyncio.Queue()
        with router.filter(rule, queue=queue):
            await router.send_and_get_reply(message_bus.AddMatch(rule))
            self.set_preference(reduce, source)
            while True:
                await queue.get()
                self.set_preference(bool(kde_reduces_motion(self.config_home)), source)

    # The session

    async def watch_session(self) -> None:
        """Follows whether this user owns the seat's active session (logind); without logind, counts as active."""
        from jeepney import DBusAddress, MatchRule, MessageType, Properties
        from jeepney.bus_messages import message_bus
        from jeepney.io.asyncio import open_dbus_router

        seat_path = f"/org/freedesktop/login1/seat/{self.seat}"
        try:
            async with open_dbus_router(bus="SYSTEM") as router:
                seat = Properties(DBusAddress(seat_path, bus_name=LOGIN1, interface="org.freedesktop.login1.Seat"))
                rule = MatchRule(type="signal", interface="org.freedesktop.DBus.Properties", member="PropertiesChanged",
                                 path=seat_path)
                queue: asyncio.Queue[Any] = asyncio.Queue()
                with router.filter(rule, queue=queue):
                    await router.send_and_get_reply(message_bus.AddMatch(rule))
                    while True:
                        reply = await router.send_and_get_reply(seat.get("ActiveSession"))
                        if reply.header.message_type == MessageType.error:
                            raise OSError(f"{LOGIN1} answered {reply.header.fields.get(4, 'an error')} for {seat_path}")
                        _, session_path = _variant(reply.body[0])
                        owner = None
                        if session_path != "/":
                            session = Properties(DBusAddress(session_path, bus_name=LOGIN1,
                                                             interface="org.freedesktop.login1.Session"))
                            answer = await router.send_and_get_reply(session.get("User"))
                            if answer.header.message_type != MessageType.error:
                                owner = _variant(answer.body[0])[0]
                        self.set_active(owner == self.uid, f"{self.seat}'s active session "
                                        + (f"{session_path} is uid {owner}'s" if owner is not None else "is none"))
                        await queue.get()
        except (OSError, ValueError) as error:
            log(f"logind is not reachable ({error}); forwarding as if this session were the active one")
            self.set_active(True, "no logind")

    # kineticd

    async def forward(self, reconnect: Reconnect) -> None:
        """Holds the preference on a kineticd connection of its own while the session is active and a preference is
        known; closes it otherwise. Reconnects (with ``reconnect``'s waits) when kineticd restarts."""
        client: aio.AsyncClient | None = None
        sent: bool | None = None
        delays = reconnect.delays()
        while True:
            wanted = self.preference if self.active else None
            if wanted is None and client is not None:
                await client.close()
                client, sent = None, None
                log("released the preference: kineticd's own setting applies")
            if wanted is not None and client is None:
                try:
                    client = await aio.connect(self.socket, client_name="kinetic-agent")
                    delays = reconnect.delays()
                except (ConnectError, ConnectionLost, TimeoutError) as error:
                    log(f"{error}; trying again")
                    await self._wait(None, next(delays, reconnect.maximum))
                    continue
            if client is not None and wanted is not None and sent != wanted:
                try:
                    await client.reduce_motion(wanted, scope="connection")
                    sent = wanted
                    log(f"kineticd holds reduced motion {'on' if wanted else 'off'} for this session")
                except PermissionDenied as refusal:
                    self.refused = refusal
                    log(f"{refusal}; add this user to kineticd's preference_group (default kinetic): "
                        "sudo usermod -aG kinetic $USER, then log in again")
                    await client.close()
                    return
                except (KineticError, TimeoutError) as error:
                    log(f"{error}; reconnecting")
                    await client.close()
                    client, sent = None, None
                    continue
            lost = await self._wait(client, None)
            if lost:
                log("kineticd closed the connection; reconnecting")
                client, sent = None, None

    async def _wait(self, client: aio.AsyncClient | None, seconds: float | None) -> bool:
        """Waits for a change, ``seconds``, or the connection's end; returns whether the connection ended."""
        self.changed.clear()
        waits: list[asyncio.Task[Any]] = [asyncio.ensure_future(self.changed.wait())]
        if client is not None:
            waits.append(asyncio.ensure_future(_until_closed(client)))
        done, pending = await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        return len(waits) > 1 and waits[1] in done


async def _until_closed(client: aio.AsyncClient) -> None:
    try:
        async for _ in client.events():
            pass
    except KineticError:
        pass


async def run(agent: Agent, once: bool) -> int:
    from jeepney.io.asyncio import open_dbus_router

    async with contextlib.AsyncExitStack() as stack:
        try:
            router = await stack.enter_async_context(open_dbus_router(bus="SESSION"))
        except (OSError, KeyError, ValueError) as error:
            log(f"cannot open the session bus ({error}); run kinetic-agent inside the user's session "
                "(systemctl --user start kinetic-agent)")
            return EX_UNAVAILABLE
        watchers = [asyncio.ensure_future(agent.watch_preference(router))]
        if once:
            await asyncio.wait([watchers[0], asyncio.ensure_future(agent.changed.wait())],
                               return_when=asyncio.FIRST_COMPLETED)
            watchers[0].cancel()
            print("reduce" if agent.preference else "no-preference" if agent.preference is not None else "unknown",
                  agent.preference_source)
            return 0
        watchers.append(asyncio.ensure_future(agent.watch_session()))
        await agent.forward(Reconnect(initial=0.5, maximum=30))
        for watcher in watchers:
            watcher.cancel()
        return EX_NOPERM if agent.refused else 0


def main(argv: list[str] | None = None) -> int:
    """The ``kinetic-agent`` command."""
    parser = argparse.ArgumentParser(
        prog="kinetic-agent",
        description="Forwards the desktop's reduced-motion preference (XDG portal, GNOME, KDE) to kineticd while this "
                    "user's session is the active one on the seat.",
        epilog="Exit status: 0 done; 69 no session bus or jeepney; 77 kineticd refused this user (add it to "
               "kineticd's preference_group).")
    parser.add_argument("--socket", help="kineticd's socket (default: $KINETIC_SOCKET, then kineticctl's rule)")
    parser.add_argument("--seat", default=os.environ.get("XDG_SEAT") or "seat0", help="the seat (default: $XDG_SEAT or seat0)")
    parser.add_argument("--once", action="store_true", help="print the preference found and its source, then exit")
    arguments = parser.parse_args(argv)
    try:
        import jeepney  # noqa: F401
    except ImportError:
        log("needs jeepney for D-Bus: pip install 'kinetic-motion[agent]', or apt install python3-jeepney")
        return EX_UNAVAILABLE
    config_home = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    agent = Agent(arguments.socket, arguments.seat, os.getuid(), config_home)
    try:
        return asyncio.run(run(agent, arguments.once))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
