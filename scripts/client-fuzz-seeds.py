#!/usr/bin/env python3
"""Writes the clients' fuzz seeds from a real kineticd's output (Tests/Fuzz/README.md), so that the fuzzers start from
what the daemon really sends:

- Tests/Fuzz/Corpus/clientStream/: what a binary subscriber reads after its hello — schemas, frames, motion
  descriptors, replies (refusals too), events — from a kineticd replaying Recordings/swipe-fling.evemu while a client
  defines, animates and inserts; with and without motion descriptors.
- Tests/Fuzz/Corpus/pythonClient/: the same sessions in both encodings (the Python target reads either).
- Tests/Fuzz/Corpus/clientMotion/: single channel descriptors of each kind from `kineticctl replay --motion` of every
  bundled recording (JSON), and the binary entries of each kind in the binary session with motion descriptors (a
  byte for the channel's dimension − 1, then the entry after its position: the target's form).

Usage: scripts/client-fuzz-seeds.py BIN_DIR   (the folder with kineticd and kineticctl)
"""

from __future__ import annotations

import json
import re
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Tests" / "Fuzz" / "Corpus"

COMMANDS = [
    {"op": "define", "channel": "seed.a", "dimension": 2, "initial": [0, 0]},
    {"op": "animate", "channel": "seed.a", "to": [100, -20], "animation": ".spring(duration: 0.3, bounce: 0.2)"},
    {"op": "animate", "channel": "seed.a", "to": [40, 10], "animation": ".easeInOut(duration: 0.2)",
     "completion": "logicallyComplete"},
    {"op": "animate", "channel": "seed.a", "to": [0, 0],
     "animation": ".keyframes"},  # refused: an animation the daemon cannot read
    {"op": "insert", "element": "seed.card", "transition": ".scale(0.9).combined(with: .opacity)"},
    {"op": "list"},
    {"op": "status"},
    {"op": "set", "channel": "nowhere", "to": 1},  # refused: unknown channel
]


def frame(code: int, payload: bytes) -> bytes:
    return struct.pack("<IHH", len(payload) + 4, code, 0) + payload


def session(socket_path: str, encoding: str, motion: bool) -> bytes:
    """The bytes a client reads after its hello during two seconds of commands and the replay."""
    with socket.socket(socket.AF_UNIX) as sock:
        sock.connect(socket_path)
        subscribe = {"type": "subscribe", "channels": ["*"], "motion": motion}
        messages = [{"type": "command", "id": i + 1, **command} for i, command in enumerate(COMMANDS)]
        if encoding == "binary":
            hello = b"KNTC" + struct.pack("<HH", 1, 0) + json.dumps({"client": "seeds"}).encode()
            sock.sendall(frame(1, hello))
            sock.sendall(frame(2, json.dumps(subscribe).encode()))
        else:
            sock.sendall(json.dumps({"type": "hello", "protocol": 1, "client": "seeds"}).encode() + b"\n")
            sock.sendall(json.dumps(subscribe).encode() + b"\n")
        received = bytearray()
        sock.settimeout(0.05)
        deadline = time.monotonic() + 2.0
        for message in messages:
            data = json.dumps(message).encode()
            sock.sendall(frame(5, data) if encoding == "binary" else data + b"\n")
            time.sleep(0.15)
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(1 << 16)
            except TimeoutError:
                continue
            if not chunk:
                break
            received += chunk
    # Drops the hello: the C target plays its own, and the Python target reads a stream from its start.
    if encoding == "binary":
        (length,) = struct.unpack_from("<I", received)
        return bytes(received[4 + length:])
    return bytes(received)


def streams(bin_dir: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "seeds.sock")
        config = os.path.join(folder, "kineticd.yaml")
        Path(config).write_text((ROOT / "systemd" / "kineticd.yaml").read_text())
        daemon = subprocess.Popen([str(bin_dir / "kineticd"), "--socket", path, "--config", config, "--replay",
                                   str(ROOT / "Recordings" / "swipe-fling.evemu"), "--loop"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                if os.path.exists(path):
                    break
                time.sleep(0.05)
            time.sleep(0.3)
            for motion in (True, False):
                name = "replay-and-commands" + ("-motion" if motion else "")
                binary = session(path, "binary", motion)
                (CORPUS / "clientStream" / f"{name}.bin").write_bytes(binary)
                (CORPUS / "pythonClient" / f"{name}.bin").write_bytes(b"B" + binary)
                (CORPUS / "pythonClient" / f"{name}.jsonl").write_bytes(b"J" + session(path, "json", motion))
        finally:
            daemon.terminate()
            daemon.wait()


# A mouse drag under a timing curve whose release flings with momentum into bounds (the delayed curve of the
# configuration after it has no closed form): the kinds of descriptor the default configuration does not make.
MOMENTUM_CONFIGURATION = """rate_hz: 60
bindings:
  - match:
      class: [mouse]
    gesture: drag
    value: location
    channel: card.position
    animation: '.easeOut(duration: 0.05)'
    bounds: { min: [-30, -30], max: [30, 30] }
    release:
      animation: '.spring(duration: 0.6, bounce: 0.3)'
      target: momentum
"""
DELAYED_CONFIGURATION = MOMENTUM_CONFIGURATION.replace("duration: 0.05)", "duration: 0.2).delay(0.05)")


def descriptors(bin_dir: Path) -> None:
    """One descriptor of each kind of term (and of each kind of descriptor), the longest of each."""
    chosen: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        configurations = [Path(folder) / "momentum.yaml", Path(folder) / "delayed.yaml"]
        configurations[0].write_text(MOMENTUM_CONFIGURATION)
        configurations[1].write_text(DELAYED_CONFIGURATION)
        for recording in sorted((ROOT / "Recordings").glob("*.evemu")):
            for arguments in ([], *(["--config", str(config)] for config in configurations)):
                collect(bin_dir, recording, arguments, chosen)
    for key, text in chosen.items():
        (CORPUS / "clientMotion" / (key.replace(":", "-").strip("-") + ".json")).write_text(text)


def collect(bin_dir: Path, recording: Path, arguments: list[str], chosen: dict[str, str]) -> None:
    """The longest descriptor of each kind in `kineticctl replay --motion` of `recording`, into `chosen`."""
    output = subprocess.run([str(bin_dir / "kineticctl"), "replay", "--motion", *arguments, str(recording)],
                            capture_output=True, text=True, check=True).stdout
    for line in output.splitlines():
        message = json.loads(line)
        if message.get("type") != "motion":
            continue
        for entry in message["channels"]:
            key = entry["kind"] + ":" + "+".join(sorted(set(re.findall(r'"kind":"(\w+)"', json.dumps(entry.get("term", {}),
                                                                                               separators=(",", ":"))))))
            text = json.dumps(entry, separators=(",", ":"))
            if len(text) > len(chosen.get(key, "")):
                chosen[key] = text


def binary_descriptors() -> None:
    """The longest binary entry of each kind and dimension in the binary session with motion descriptors, read with
    the Python package's reader (which also finds where each entry ends)."""
    sys.path.insert(0, str(ROOT / "clients" / "python" / "src"))
    from kinetic._protocol import MOTION_ENTRY_KINDS
    from kinetic.motion import _Reader, _binary_entry

    names = {code: name for name, code in MOTION_ENTRY_KINDS.items()}
    data = (CORPUS / "clientStream" / "replay-and-commands-motion.bin").read_bytes()
    channels: list[tuple[str, int]] = []
    held: dict[str, dict] = {}
    chosen: dict[str, bytes] = {}
    offset = 0
    while offset + 8 <= len(data):
        length, code, _ = struct.unpack_from("<IHH", data, offset)
        payload = data[offset + 8 : offset + 4 + length]
        offset += 4 + length
        if code == 3:
            channels = [(c["name"], c["dimension"]) for c in json.loads(payload)["channels"]]
        elif code == 9:
            reader = _Reader(payload, 32)
            for _ in range(struct.unpack_from("<I", payload, 28)[0]):
                name, dimension = channels[reader.u32()]
                start = reader.offset
                held[name] = _binary_entry(reader, name, dimension, held.get(name))
                key = f"binary-{names[payload[start]]}-{dimension}d"
                entry = bytes([dimension - 1]) + payload[start : reader.offset]
                if len(entry) > len(chosen.get(key, b"")):
                    chosen[key] = entry
    for key, entry in chosen.items():
        (CORPUS / "clientMotion" / f"{key}.bin").write_bytes(entry)


def main() -> None:
    bin_dir = Path(sys.argv[1]).resolve()
    for target in ("clientStream", "clientMotion", "pythonClient"):
        (CORPUS / target).mkdir(parents=True, exist_ok=True)
    streams(bin_dir)
    descriptors(bin_dir)
    binary_descriptors()


if __name__ == "__main__":
    main()
