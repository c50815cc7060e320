"""The asyncio client against a real kineticd."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import kinetic
import kinetic.aio
from conftest import Daemon, make_daemon


def run(coroutine: object) -> None:
    asyncio.run(asyncio.wait_for(coroutine, 60))  # type: ignore[arg-type]


@pytest.mark.parametrize("encoding", ["json", "binary"])
def test_frames_commands_and_an_awaitable_completion(daemon: Daemon, encoding: str) -> None:
    async def main() -> None:
        async with await kinetic.aio.connect(daemon.socket, encoding=encoding) as client:  # type: ignore[arg-type]
            assert client.hello is not None and client.hello.encoding == encoding
            await client.define("card.offset", 2, [0, 0])
            frames = client.subscribe(["card.*"], max_rate_hz=60)
            first = await anext(frames)
            assert first["card.offset"] == kinetic.ChannelState((0.0, 0.0), (0.0, 0.0))
            done = await client.animate("card.offset", [0, 120], ".spring(duration: 0.2)")
            last = first
            async for frame in frames:
                assert frame.seq > last.seq and frame.time_ns > last.time_ns
                last = frame
                if frame["card.offset"] == kinetic.ChannelState((0.0, 120.0), (0.0, 0.0)):
                    break
            event = await done
            assert event.channels == ("card.offset",) and event.event == "animation.logicallyComplete"
            status = await client.status()
            assert status.channels == 1 and status.clients == 1
            assert [c.name for c in await client.list()] == ["card.offset"]
    run(main())


def test_refusals_and_events(daemon: Daemon) -> None:
    async def main() -> None:
        async with await kinetic.aio.connect(daemon.socket) as client:
            with pytest.raises(kinetic.BadAnimation, match="did you mean .spring"):
                await client.animate("x", 1, ".sprng")
            await client.insert("win", ".opacity", ".smooth(duration: 0.1)")
            removal = await client.remove_element("win", animation=".smooth(duration: 0.1)")
            events = client.events()
            removed = await anext(events)
            assert removed == await removal == kinetic.AnimationCompleted("animation.removed", removal.reply.id, (), "win")
            with pytest.raises(kinetic.BadMessage):
                await client.animate_changes({})
    run(main())


def test_a_completion_not_asked_for_says_so(daemon: Daemon) -> None:
    async def main() -> None:
        async with await kinetic.aio.connect(daemon.socket) as client:
            await client.define("x", 1)
            handle = await client.animate("x", 1, ".smooth(duration: 0.05)", completion=None)
            with pytest.raises(kinetic.KineticError, match="asked for no completion event"):
                await handle
    run(main())


def test_reconnect_resubscribes(tmp_path: Path) -> None:
    running = make_daemon(tmp_path).start()

    async def main() -> None:
        client = await kinetic.aio.connect(running.socket, reconnect=kinetic.Reconnect(initial=0.05, maximum=0.2))
        frames = client.subscribe(["*"])
        running.stop()
        running.start()
        with kinetic.Client(running.socket) as owner:
            owner.define("after.restart", 1, 7)
            async for frame in frames:
                if "after.restart" in frame:
                    assert frame["after.restart"].value == (7.0,)
                    break
        await client.close()
    try:
        run(main())
    finally:
        running.stop()


def test_without_reconnect_the_streams_end_with_connection_lost(daemon: Daemon) -> None:
    async def main() -> None:
        client = await kinetic.aio.connect(daemon.socket)
        frames = client.subscribe(["*"])
        daemon.stop()
        with pytest.raises(kinetic.ConnectionLost):
            async for _ in frames:
                pass
        with pytest.raises(kinetic.ConnectionLost):
            await client.status()
        await client.close()
    run(main())
