"""Starts a real kineticd for the tests: the binary named by $KINETICD (make test sets it)."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[3]


def kineticd_binary() -> str:
    path = os.environ.get("KINETICD", "")
    if not path or not os.access(path, os.X_OK):
        pytest.fail(f"KINETICD={path!r} is not an executable kineticd; set it to one (make test does: "
                    "KINETICD=.build-test/<triple>/release/kineticd)", pytrace=False)
    return path


def wait_for_socket(path: str, process: subprocess.Popen[bytes], seconds: float = 20) -> None:
    """Waits (at most ``seconds``, a bound, not a measurement) until ``path`` accepts a connection."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"kineticd exited with {process.returncode} before listening")
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(path)
            return
        except OSError:
            time.sleep(0.02)
        finally:
            probe.close()
    raise RuntimeError(f"kineticd did not listen on {path} within {seconds} s")


@dataclass
class Daemon:
    """A kineticd serving ``socket`` with the configuration file ``config``."""

    socket: str
    config: Path
    arguments: list[str] = field(default_factory=list)
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> Daemon:
        log = open(Path(self.socket).with_suffix(".log"), "ab")
        self.process = subprocess.Popen([kineticd_binary(), "--socket", self.socket, "--config", str(self.config),
                                         *self.arguments], stdout=log, stderr=log)
        try:
            wait_for_socket(self.socket, self.process)
        except RuntimeError as error:  # with the daemon's whole output, which says why
            raise RuntimeError(f"{error}; its output:\n{self.log}") from None
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)

    @property
    def log(self) -> str:
        return Path(self.socket).with_suffix(".log").read_text()


def make_daemon(directory: Path, config: str = "bindings: []\n", arguments: list[str] | None = None) -> Daemon:
    config_path = directory / "kineticd.yaml"
    config_path.write_text(config)
    return Daemon(str(directory / "kineticd.sock"), config_path, arguments or [])


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[Daemon]:
    """A kineticd without bindings (no channels until a test defines them)."""
    running = make_daemon(tmp_path).start()
    yield running
    running.stop()
