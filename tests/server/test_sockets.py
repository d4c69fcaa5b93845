"""The sockets (``server/sockets.py``): what ISA-L's compressor sends is a deflate stream
that a standard inflater with the negotiated window reads back exactly, for a whole game's
updates in a row (each one compressed against those before it; a message under
``PLAIN_BELOW`` bytes goes as it is, marked uncompressed); a socket is read on while
its connection handles the messages before, up to a bound."""

from __future__ import annotations

import asyncio
import random
import socket
import zlib
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from isal import isal_zlib
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.server import ServerProtocol
from websockets.uri import parse_uri

from coltexpress.engine.options import Options
from coltexpress.server.kinds import table_game
from coltexpress.server.render import Job, Renderer
from coltexpress.server.sockets import (
    PLAIN_BELOW,
    QUEUED,
    WINDOW_BITS,
    TableDeflateFactory,
    TableSocketProtocol,
    _frame,
    _own_deflate,
)


def _a_games_updates(seat: int, *, patched: bool = False) -> list[bytes]:
    """The seat's updates of a whole game, in order (``patched``: each whole update, then
    the same as patches)."""
    kind = table_game("colt-express")
    options = Options.preset("standard", players=4).to_dict()
    game, renderer = kind.new(options, 7), Renderer()
    actions: list[str] = []
    rng = random.Random(7)
    texts = []
    while not game.is_over:
        action = rng.choice([str(a) for a in game.legal_actions()])
        record = ("colt-express", options, 7, []) if not actions else None
        job = Job("t", len(actions), action, (seat,), {"type": "update"}, record,
                  (seat,) if patched else ())
        answer = renderer.run(job)
        assert answer is not None
        texts.append(answer[seat, False].encode())
        if patched:
            texts.append(answer[seat, True].encode())
        game.apply(action)
        actions.append(action)
    return texts


@pytest.mark.parametrize(
    ("offer", "isal"),
    [([], True), ([("server_no_context_takeover", None)], False)],
    ids=["window-kept", "window-forgotten"],
)
def test_updates_compressed_by_the_server_inflate_back_with_its_window(
    offer: list[tuple[str, str | None]], isal: bool
) -> None:
    response, extension = TableDeflateFactory().process_request_params(offer, [])
    assert ("server_max_window_bits", str(WINDOW_BITS)) in response
    assert extension.local_max_window_bits == WINDOW_BITS
    isal_type = type(isal_zlib.compressobj())
    if isal:
        assert isinstance(extension.encoder, isal_type)
    else:  # websockets makes a zlib compressor for each message
        assert not hasattr(extension, "encoder")
    inflater = zlib.decompressobj(-WINDOW_BITS)  # refuses a distance beyond the window
    updates = _a_games_updates(seat=2, patched=True)
    sent = plain = 0
    for text in updates:
        frame = extension.encode(Frame(Opcode.TEXT, text))
        if len(text) < PLAIN_BELOW:  # sent as it is, marked so: the inflater never sees it
            assert not frame.rsv1 and frame.data == text
            sent += len(text)
            plain += 1
            continue
        assert frame.rsv1  # marked compressed
        if extension.local_no_context_takeover:
            inflater = zlib.decompressobj(-WINDOW_BITS)
        data = bytes(frame.data) + b"\x00\x00\xff\xff"  # RFC 7692: the tail the sender cut
        assert inflater.decompress(data) == text
        sent += len(frame.data)
    raw = sum(map(len, updates))
    assert sent < raw / (5 if isal else 2)  # the window keeps the update before in reach
    assert 0 < plain < len(updates)  # patches small enough to go as they are, and not all


@pytest.mark.parametrize("compressed", [True, False], ids=["compressed", "plain"])
def test_a_frame_sent_at_once_is_the_frame_websockets_makes(compressed: bool) -> None:
    """``send_now`` makes a message's frame itself (``_frame``): byte for byte the frame
    websockets makes of it with the same compression, for a whole game's updates in a row
    (each compressed against those before it, or sent as it is under ``PLAIN_BELOW``
    bytes); a socket whose client asked for the window to be forgotten is left to
    websockets."""
    ours, theirs = (TableDeflateFactory().process_request_params([], [])[1] for _ in "ab")
    connection = ServerProtocol()
    connection.extensions = [ours] if compressed else []
    assert _own_deflate(connection) is (ours if compressed else None)
    for text in _a_games_updates(seat=1, patched=True):
        made = Frame(Opcode.TEXT, text).serialize(
            mask=False, extensions=[theirs] if compressed else []
        )
        assert _frame(text, ours if compressed else None) == made
    forgetting = TableDeflateFactory().process_request_params(
        [("server_no_context_takeover", None)], []
    )[1]
    connection.extensions = [forgetting]
    assert _own_deflate(connection) is False


async def test_a_socket_is_read_on_until_its_connection_falls_behind() -> None:
    """The server reads a socket's messages while its connection handles those before
    (no pause and resume of the socket a message, as uvicorn has it), and stops reading it
    once ``QUEUED`` messages wait unhandled: a client that sends faster than its messages
    are handled is not read ahead without bound. Taking the messages reads on, in order."""
    gate = asyncio.Event()
    got: list[str] = []

    async def app(
        scope: dict[str, Any],
        receive: Callable[[], Awaitable[dict[str, Any]]],
        send: Callable[[dict[str, Any]], Awaitable[None]],
    ) -> None:
        assert (await receive())["type"] == "websocket.connect"
        await send({"type": "websocket.accept"})
        await gate.wait()  # the connection is busy: messages wait
        while (message := await receive())["type"] == "websocket.receive":
            got.append(message["text"])

    config = Config(app=app, ws_per_message_deflate=False, log_level="warning")
    config.load()
    protocol = TableSocketProtocol(config, ServerState(), {})
    ours, theirs = socket.socketpair()
    loop = asyncio.get_running_loop()
    transport, _ = await loop.connect_accepted_socket(lambda: protocol, ours)
    reader, writer = await asyncio.open_connection(sock=theirs)
    client = ClientProtocol(parse_uri("ws://colt.test/ws/t"))
    client.send_request(client.connect())
    writer.write(b"".join(client.data_to_send()))
    async with asyncio.timeout(10):  # a failure, not a hang
        while client.handshake_exc is None and client.state.name == "CONNECTING":
            client.receive_data(await reader.read(65536))
    assert client.state.name == "OPEN"

    async def send(count: int, first: int) -> None:
        for i in range(first, first + count):
            client.send_text(f"message {i}".encode())
        writer.write(b"".join(client.data_to_send()))
        queued = protocol.queue.qsize() + count
        async with asyncio.timeout(10):
            while protocol.queue.qsize() < min(queued, QUEUED):
                await asyncio.sleep(0.001)

    await send(QUEUED - 1, 0)
    assert protocol.queue.qsize() == QUEUED - 1
    assert transport.is_reading()  # read on while the connection is busy
    await send(1, QUEUED - 1)
    assert protocol.queue.qsize() == QUEUED
    assert not transport.is_reading()  # now it falls behind: no more reading ahead
    await send(3, QUEUED)  # sent, not read
    await asyncio.sleep(0.05)
    assert protocol.queue.qsize() == QUEUED
    gate.set()
    async with asyncio.timeout(10):
        while len(got) < QUEUED + 3:
            await asyncio.sleep(0.001)
    assert got == [f"message {i}" for i in range(QUEUED + 3)]
    assert transport.is_reading()
    client.send_close()
    writer.write(b"".join(client.data_to_send()))
    writer.close()
    transport.close()
