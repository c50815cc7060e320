"""Helpers shared by the scripts that drive a real kineticd over its socket (check-systemd.sh, check-idle.sh)."""
import socket
import time


def connect_when_listening(path, timeout=30.0):
    """Connects to the Unix stream socket at `path`, retrying until `timeout` seconds have passed.

    A starting daemon (or systemd-socket-activate) binds before it listens, so the path can exist a
    moment before connections are accepted; a loaded CI machine is slow.
    """
    deadline = time.monotonic() + timeout
    while True:
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            client.connect(path)
            return client
        except (FileNotFoundError, ConnectionRefusedError):
            client.close()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
