"""kinetic-agent against real dbus-daemon buses (a session bus, and a second bus standing in for the system bus),
with stand-ins for the portal's Settings interface and for logind (tests/standin_bus.py), and a real kineticd."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import kinetic
from conftest import Daemon, make_daemon

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent / "src"


def wait_until(condition: Callable[[], bool], what: str, seconds: float = 20) -> None:
    """A bounded wait for a condition (the bound is a safety net, never a measurement)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {seconds} s")
        time.sleep(0.02)


class Bus:
    """A dbus-daemon of its own, with the session bus's configuration."""

    def __init__(self) -> None:
        if shutil.which("dbus-daemon") is None:
            pytest.fail("dbus-daemon is missing: apt install dbus-daemon (make test installs it)", pytrace=False)
        self.process = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                                        stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        self.address = self.process.stdout.readline().strip()
        self.services: list[subprocess.Popen[str]] = []

    def start(self, *arguments: str) -> None:
        """Starts a stand-in service on this bus and waits until it owns its name."""
        service = subprocess.Popen([sys.executable, str(HERE / "standin_bus.py"), *arguments], stdout=subprocess.PIPE,
                                   text=True, env=dict(os.environ, DBUS_SESSION_BUS_ADDRESS=self.address))
        assert service.stdout is not None and service.stdout.readline().strip() == "ready"
        self.services.append(service)

    def call(self, destination: str, path: str, member: str, signature: str, body: tuple[Any, ...]) -> None:
        """Calls an ``org.kinetic.Test`` method of a stand-in."""
        from jeepney import DBusAddress, new_method_call
        from jeepney.io.blocking import open_dbus_connection

        with open_dbus_connection(bus=self.address) as connection:
            address = DBusAddress(path, bus_name=destination, interface="org.kinetic.Test")
            connection.send_and_get_reply(new_method_call(address, member, signature, body), timeout=10)

    def stop(self) -> None:
        for process in [*self.services, self.process]:
            process.terminate()
            process.wait(10)


@pytest.fixture
def buses() -> Iterator[tuple[Bus, Bus]]:
    session, system = Bus(), Bus()
    yield session, system
    session.stop()
    system.stop()


def agent_environment(session: Bus, system: Bus | None, config_home: Path) -> dict[str, str]:
    return dict(os.environ, DBUS_SESSION_BUS_ADDRESS=session.address,
                DBUS_SYSTEM_BUS_ADDRESS=system.address if system else "unix:path=/nonexistent/system_bus_socket",
                XDG_CONFIG_HOME=str(config_home), XDG_SEAT="seat0", PYTHONPATH=str(SOURCE))


def once(session: Bus, config_home: Path) -> str:
    result = subprocess.run([sys.executable, "-m", "kinetic.agent", "--once"], capture_output=True, text=True,
                            env=agent_environment(session, None, config_home), timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_agent_holds_the_preference_while_its_session_is_active(buses: tuple[Bus, Bus], daemon: Daemon,
                                                                   tmp_path: Path) -> None:
    session, system = buses
    session.start("portal", json.dumps({"org.freedesktop.appearance reduced-motion": ["u", 0]}))
    system.start("logind", str(os.getuid()))
    agent = subprocess.Popen([sys.executable, "-m", "kinetic.agent", "--socket", daemon.socket],
                             env=agent_environment(session, system, tmp_path), stderr=subprocess.PIPE, text=True)
    try:
        with kinetic.Client(daemon.socket) as observer:
            def state() -> tuple[bool, bool]:
                status = observer.status()
                return status.reduce_motion, status.reduce_motion_held

            wait_until(lambda: state() == (False, True), "the agent holds 'no preference'")
            session.call("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", "Set", "ssu",
                         ("org.freedesktop.appearance", "reduced-motion", 1))
            wait_until(lambda: state() == (True, True), "SettingChanged to 1 reaches kineticd")
            system.call("org.freedesktop.login1", "/org/freedesktop/login1/seat/seat0", "Activate", "s", ("c2",))
            wait_until(lambda: state() == (False, False), "another user's session: the daemon's own setting returns")
            system.call("org.freedesktop.login1", "/org/freedesktop/login1/seat/seat0", "Activate", "s", ("c1",))
            wait_until(lambda: state() == (True, True), "the session is active again")
            agent.terminate()
            agent.wait(10)
            wait_until(lambda: state() == (False, False), "the agent stopped: the daemon's own setting returns")
    finally:
        agent.kill()
        _, errors = agent.communicate()
        print(errors)


@pytest.mark.parametrize(("settings", "version", "expected"), [
    ({"org.freedesktop.appearance reduced-motion": ["u", 1]}, 2, "reduce portal org.freedesktop.appearance reduced-motion"),
    ({"org.freedesktop.appearance reduced-motion": ["u", 0],
      "org.gnome.desktop.interface enable-animations": ["b", False]}, 2,
     "no-preference portal org.freedesktop.appearance reduced-motion"),
    ({"org.gnome.desktop.a11y.interface reduced-motion": ["s", "reduce"]}, 2,
     "reduce portal org.gnome.desktop.a11y.interface reduced-motion"),
    ({"org.gnome.desktop.interface enable-animations": ["b", False]}, 1,
     "reduce portal org.gnome.desktop.interface enable-animations"),
    ({"org.gnome.desktop.interface enable-animations": ["b", True]}, 2,
     "no-preference portal org.gnome.desktop.interface enable-animations"),
])
def test_the_portal_keys_in_their_order(buses: tuple[Bus, Bus], tmp_path: Path, settings: dict[str, Any],
                                        version: int, expected: str) -> None:
    session, _ = buses
    session.start("portal", json.dumps(settings), "--version", str(version))
    assert once(session, tmp_path) == expected


@pytest.mark.parametrize(("kdeglobals", "expected"), [
    ("[KDE]\nAnimationDurationFactor=0\n", "reduce"),
    ("[KDE]\nAnimationDurationFactor=0.5\n", "no-preference"),
    ("[General]\nColorScheme=BreezeDark\n", "no-preference"),
    (None, "unknown none"),
])
def test_without_a_portal_kde_decides(buses: tuple[Bus, Bus], tmp_path: Path, kdeglobals: str | None,
                                      expected: str) -> None:
    session, _ = buses
    if kdeglobals is not None:
        (tmp_path / "kdeglobals").write_text(kdeglobals)
    assert once(session, tmp_path).startswith(expected)


def test_another_user_may_not_hold_a_preference(tmp_path: Path) -> None:
    """kineticd (run by root here) with control_group off and preference_group `users`: uid nobody is refused, the
    same uid with the group holds one. The socket's group is nobody's own (nogroup), set by kineticd before the socket
    appears: the test never changes a file the daemon set up."""
    if os.getuid() != 0 or shutil.which("runuser") is None:
        pytest.skip("needs root and runuser to connect as another user (CI runs as root)")
    folder = Path(tempfile.mkdtemp(prefix="kinetic-agent-"))
    running = make_daemon(folder, "bindings: []\ncontrol_group: ~\npreference_group: users\nsocket_group: nogroup\n")
    try:
        folder.chmod(0o755)
        running.start()
        script = ("import kinetic, sys\n"
                  "try:\n"
                  f"    kinetic.Client({running.socket!r}).reduce_motion(True, scope='connection')\n"
                  "except kinetic.PermissionDenied as refusal:\n"
                  "    sys.exit(str(refusal))\n")
        source = folder / "src"
        shutil.copytree(SOURCE, source)
        environment = dict(os.environ, PYTHONPATH=str(source))
        python = "/usr/bin/python3"  # the system's, which another user can run (a virtual environment may be private)
        refused = subprocess.run(["runuser", "-u", "nobody", "--", python, "-c", script], capture_output=True,
                                 text=True, env=environment, timeout=60, cwd=folder)
        assert refused.returncode == 1 and "may not hold a reduce_motion preference" in refused.stderr, refused.stderr
        # -g keeps nogroup primary: runuser makes the first -G group the primary one otherwise.
        member = subprocess.run(["runuser", "-u", "nobody", "-g", "nogroup", "-G", "users", "--", python, "-c",
                                 script],
                                capture_output=True, text=True, env=environment, timeout=60, cwd=folder)
        assert member.returncode == 0, member.stderr
    finally:
        running.stop()
        shutil.rmtree(folder, ignore_errors=True)
