"""The blocking client against a real kineticd, in both encodings."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path
from typing import Any

import pytest

import kinetic
from conftest import REPOSITORY, Daemon, make_daemon

ENCODINGS = ["json", "binary"]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_hello_reports_the_protocol(daemon: Daemon, encoding: str) -> None:
    with kinetic.Client(daemon.socket, encoding=encoding) as client:  # type: ignore[arg-type]
        assert client.hello.protocol == kinetic.PROTOCOL_MAJOR
        assert client.hello.server.startswith("kineticd ")
        assert client.hello.tick_hz == 120
        assert client.hello.encoding == encoding


def test_another_major_version_is_refused_with_what_to_install(daemon: Daemon, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kinetic._session, "PROTOCOL_MAJOR", 2)
    with pytest.raises(kinetic.VersionMismatch) as caught:
        kinetic.Client(daemon.socket)
    assert isinstance(caught.value, kinetic.VersionUnsupported) and caught.value.code == "version_unsupported"


def test_a_daemon_of_another_major_is_named_with_the_package_to_install() -> None:
    hello = kinetic.Hello(2, 1, "kineticd 2.0.0", 120, (), "json")
    with pytest.raises(kinetic.VersionMismatch, match=re.escape("kineticd 2.0.0 speaks protocol 2.1; this kinetic-motion "
                                                                 "package 1.0.0 speaks 1.1: install kinetic-motion of "
                                                                 "major version 2 (pip install 'kinetic-motion>=2,<3')")):
        kinetic._session.check_hello(hello)


SOCKET_CASES = json.loads((REPOSITORY / "protocol" / "kinetic.json").read_text())["socket"]["cases"]


@pytest.mark.parametrize("case", SOCKET_CASES, ids=lambda case: json.dumps(case))
def test_the_socket_is_found_by_the_protocols_rule(case: dict[str, Any]) -> None:
    """Each case of the socket rule in the protocol's description (protocol/kinetic.json "socket")."""
    if case["path"] is None:
        with pytest.raises(kinetic.ConnectError, match="XDG_RUNTIME_DIR is not set; pass socket=PATH or set KINETIC_SOCKET"):
            kinetic.socket_path(case.get("explicit"), case["environment"], case["uid"])
    else:
        assert kinetic.socket_path(case.get("explicit"), case["environment"], case["uid"]) == case["path"]


def test_connect_failures_say_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(kinetic.ConnectError, match="no kineticd socket at .*: start kineticd"):
        kinetic.Client(str(tmp_path / "missing.sock"))
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(tmp_path / "stale.sock"))
    stale.close()
    with pytest.raises(kinetic.ConnectError, match="nothing listens on .*stale.sock: kineticd is not running"):
        kinetic.Client(str(tmp_path / "stale.sock"))


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_the_first_frame_holds_every_matching_channel(daemon: Daemon, encoding: str) -> None:
    with kinetic.Client(daemon.socket, encoding=encoding) as client:  # type: ignore[arg-type]
        client.define("card.offset", 2, [3, 4])
        client.define("card.opacity", 1, 0.5)
        client.define("other", 1)
        frame = next(client.subscribe(["card.*"]))
        assert dict(frame) == {"card.offset": kinetic.ChannelState((3.0, 4.0), (0.0, 0.0)),
                               "card.opacity": kinetic.ChannelState((0.5,), (0.0,))}
        assert client.schema is not None and [c.name for c in client.schema.channels] == ["card.offset", "card.opacity"]


def test_the_decimation_is_max_rate_hz_and_its_old_name_still_works(daemon: Daemon) -> None:
    from kinetic._session import subscribe_message
    assert subscribe_message(["a"], 30) == {"type": "subscribe", "channels": ["a"], "max_rate_hz": 30}
    assert subscribe_message(["a"], None, rate_hz=30) == subscribe_message(["a"], 30)
    with pytest.raises(TypeError, match="pass max_rate_hz alone"):
        subscribe_message(["a"], 30, rate_hz=30)
    with kinetic.Client(daemon.socket) as client:
        client.define("card.opacity", 1, 0.5)
        # One after the other: a new subscribe ends the previous iterator.
        assert dict(next(client.subscribe(["card.*"], max_rate_hz=30))) == {"card.opacity": kinetic.ChannelState((0.5,), (0.0,))}
        assert dict(next(client.subscribe(["card.*"], rate_hz=30))) == {"card.opacity": kinetic.ChannelState((0.5,), (0.0,))}


def test_both_encodings_carry_the_same_numbers(daemon: Daemon) -> None:
    with kinetic.Client(daemon.socket) as owner, kinetic.Client(daemon.socket, encoding="binary") as binary, \
            kinetic.Client(daemon.socket, encoding="json") as text:
        owner.define("p", 2)
        json_frames, binary_frames = text.subscribe(["p"]), binary.subscribe(["p"])
        next(json_frames), next(binary_frames)
        owner.animate("p", [1 / 3, -2e-7], ".spring(duration: 0.3, bounce: 0.4)")
        seen_json = {f.seq: f["p"] for f in _until_settled(json_frames, "p")}
        seen_binary = {f.seq: f["p"] for f in _until_settled(binary_frames, "p")}
        common = seen_json.keys() & seen_binary.keys()
        assert len(common) > 10
        assert all(seen_json[seq] == seen_binary[seq] for seq in common), "JSON's shortest round-trip text is exact"


def _until_settled(frames: object, name: str, target: tuple[float, ...] | None = None) -> list[kinetic.Frame]:
    seen: list[kinetic.Frame] = []
    for frame in frames:  # type: ignore[attr-defined]
        seen.append(frame)
        state = frame[name]
        if len(seen) > 1 and all(v == 0 for v in state.velocity) and (target is None or state.value == target):
            return seen
    raise AssertionError("the frames ended before the channel settled")


def test_velocity_is_the_derivative_of_value_and_the_animation_ends_on_its_target(daemon: Daemon) -> None:
    with kinetic.Client(daemon.socket, encoding="binary") as client:
        client.define("x", 1)
        frames = client.subscribe(["x"])
        next(frames)
        completion = client.animate("x", 10, ".linear(duration: 0.5)")
        seen = _until_settled(frames, "x", (10.0,))
        assert seen[-1]["x"] == kinetic.ChannelState((10.0,), (0.0,)), "ends exactly on its target, velocity 0"
        moving = [f for f in seen if 0 < f["x"].value[0] < 10]
        assert len(moving) >= 10
        # .linear is SwiftUI's timing curve (0, 0, 1, 1), whose progress the engine solves numerically, as SwiftUI
        # does: x to 2⁻²⁰, then y rounded to a multiple of 2⁻²⁰ (docs/ANIMATION.md §3.4). Each value is within
        # 10·(2⁻²⁰ + 2⁻²¹) of the line, so a difference over dt (the slope, and the frames' velocity, a backward
        # difference) is within twice that over dt of 20 — about 1.7e-4 of it over a 120 Hz tick, which a fixed 1e-4
        # exceeded now and then.
        for a, b in zip(moving, moving[1:]):
            dt = (b.time_ns - a.time_ns) / 1e9
            slope = (b["x"].value[0] - a["x"].value[0]) / dt
            tolerance = 2 * 10 * 1.5 * 2**-20 / dt
            assert abs(slope - 20) <= tolerance and abs(b["x"].velocity[0] - 20) <= tolerance
        event = completion.wait(5)
        assert event == kinetic.AnimationCompleted("animation.logicallyComplete", completion.reply.id, ("x",))


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_command(daemon: Daemon, encoding: str) -> None:
    with kinetic.Client(daemon.socket, encoding=encoding) as client:  # type: ignore[arg-type]
        client.define("a", 2)
        client.set("a", [1, 2])
        assert client.list() == [kinetic.ChannelInfo("a", 2, "self")]
        both = client.animate_changes({"a": [0, 0]}, ".smooth(duration: 0.1)")
        assert both.wait(5).channels == ("a",)
        inserted = client.insert("win", ".move(edge: .bottom).combined(with: .opacity)", ".smooth(duration: 0.1)")
        assert "win.opacity" in inserted.fields["channels"] and "win.offset" in inserted.fields["channels"]
        removed = client.remove_element("win", animation=".smooth(duration: 0.1)")
        assert removed.wait(5) == kinetic.AnimationCompleted("animation.removed", removed.reply.id, (), "win")
        presented = client.zoom("photo", "present", source=[40, 300, 120, 90], destination=[0, 0, 1080, 1920],
                                corner_radius=[12, 0])
        assert "photo.frame" in presented.fields["channels"]
        assert "bell.scale" in client.effect("bell", ".bounce", trigger=True).fields["channels"]
        clock = client.frame_clock(16_666_667, 0)
        assert clock.fields["locked"] is True and clock.fields["next_vblank_ns"] % 16_666_667 == 0
        assert client.frame_clock(0).fields["locked"] is False
        client.reduce_motion(True)
        status = client.status()
        assert status.reduce_motion and not status.reduce_motion_held and status.tick_hz == 120
        client.reduce_motion(False, scope="connection")
        assert client.status().reduce_motion_held
        assert client.reload().fields["bindings"] == 0
        client.remove("a")
        assert [c.name for c in client.list() if c.element is None] == []


def test_every_error_code_of_the_protocol_has_its_class() -> None:
    description = json.loads((REPOSITORY / "protocol" / "kinetic.json").read_text())
    codes = {entry["code"] for entry in description["error_codes"]}
    assert len(codes) == 18
    assert codes == set(kinetic.ERROR_CLASSES)
    assert all(cls.code == code and issubclass(cls, kinetic.ServerError) for code, cls in kinetic.ERROR_CLASSES.items())


def test_refusals_arrive_as_their_classes(daemon: Daemon) -> None:
    with kinetic.Client(daemon.socket) as client, kinetic.Client(daemon.socket) as other:
        client.define("a", 2)
        cases: list[tuple[type[kinetic.ServerError], object]] = [
            (kinetic.UnknownChannel, lambda: client.set("b", 1)),
            (kinetic.DimensionMismatch, lambda: client.set("a", 1)),
            (kinetic.ChannelExists, lambda: client.define("a", 1)),
            (kinetic.BadAnimation, lambda: client.animate("a", [0, 0], ".sprng")),
            (kinetic.PermissionDenied, lambda: other.remove("a")),
            (kinetic.ElementMismatch, lambda: client.zoom("z", "drag", translation=[0, 1])),
            (kinetic.UnknownOperation, lambda: client.call(kinetic.commands.Request({"op": "fly"}, lambda r: r))),
            (kinetic.BadMessage, lambda: client.call(kinetic.commands.Request({"op": "set"}, lambda r: r))),
        ]
        for error, call in cases:
            with pytest.raises(error) as caught:
                call()  # type: ignore[operator]
            assert caught.value.code == error.code and caught.value.message
        for index in range(63):
            client.define(f"c{index}", 1)
        with pytest.raises(kinetic.TooManyChannels, match="at most 64 channels"):
            client.define("c64", 1)


def test_reload_refuses_a_bad_file_with_its_line(tmp_path: Path) -> None:
    running = make_daemon(tmp_path).start()
    try:
        running.config.write_text("rate_hz: fast\n")
        with kinetic.Client(running.socket) as client, pytest.raises(kinetic.BadConfiguration, match=r"kineticd.yaml:1"):
            client.reload()
    finally:
        running.stop()


def test_reload_during_a_replay_is_refused(tmp_path: Path) -> None:
    recording = REPOSITORY / "Recordings" / "tap.evemu"
    running = make_daemon(tmp_path, "rate_hz: 120\n", ["--replay", str(recording)]).start()
    try:
        with kinetic.Client(running.socket) as client, pytest.raises(kinetic.ReplayKeepsBindings):
            client.reload()
    finally:
        running.stop()


def test_connection_errors_close_with_their_class(daemon: Daemon) -> None:
    with kinetic.Client(daemon.socket) as client:
        client._send({"type": "hello", "protocol": 1})
        with pytest.raises(kinetic.UnexpectedMessage):
            client.receive(5)
        client._send({"type": "frame"})
        with pytest.raises(kinetic.UnknownType):
            client.receive(5)
    raw = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    raw.connect(daemon.socket)
    raw.sendall(b"{" + b" " * (1 << 20) + b"\n")
    data = raw.makefile("rb").readline()
    codec = kinetic._codec.Codec("json")
    (error,) = codec.feed(data)
    assert isinstance(error, kinetic.TooLarge) and error.fatal


def test_reconnect_sends_the_subscription_again(tmp_path: Path) -> None:
    running = make_daemon(tmp_path, "bindings: []\n").start()
    client = kinetic.Client(running.socket, reconnect=kinetic.Reconnect(initial=0.05, maximum=0.2, attempts=200))
    try:
        frames = client.subscribe(["*"])
        running.process.send_signal(15)  # type: ignore[union-attr]
        running.process.wait(20)  # type: ignore[union-attr]
        running.start()
        with kinetic.Client(running.socket) as owner:
            owner.define("after.restart", 1, 7)
            assert any("after.restart" in frame for frame in frames), "frames of the new daemon's channel arrive"
    finally:
        client.close()
        running.stop()


def test_without_reconnect_a_stopped_daemon_ends_the_frames(daemon: Daemon) -> None:
    client = kinetic.Client(daemon.socket)
    frames = client.subscribe(["*"])
    daemon.stop()
    with pytest.raises(kinetic.ConnectionLost):
        for _ in frames:
            pass
    # The frames passed the shutdown event over; events() gives it, as AsyncClient.events() does.
    events = client.events(timeout=0)
    assert isinstance(next(events), kinetic.Shutdown)
    with pytest.raises(kinetic.ConnectionLost):
        next(events)
