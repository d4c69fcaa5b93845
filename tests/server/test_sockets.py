"""The sockets' compression (``server/sockets.py``): what ISA-L's compressor sends is a
deflate stream that a standard inflater with the negotiated window reads back exactly, for
a whole game's updates in a row (each one compressed against those before it)."""

from __future__ import annotations

import random
import zlib

import pytest
from isal import isal_zlib
from websockets.frames import Frame, Opcode

from coltexpress.engine.options import Options
from coltexpress.server.kinds import table_game
from coltexpress.server.render import Job, Renderer
from coltexpress.server.sockets import WINDOW_BITS, TableDeflateFactory


def _a_games_updates(seat: int) -> list[bytes]:
    kind = table_game("colt-express")
    options = Options.preset("standard", players=4).to_dict()
    game, renderer = kind.new(options, 7), Renderer()
    actions: list[str] = []
    rng = random.Random(7)
    texts = []
    while not game.is_over:
        action = rng.choice([str(a) for a in game.legal_actions()])
        record = ("colt-express", options, 7, list(actions))
        job = Job("t", len(actions), action, (seat,), {"type": "update"}, record)
        answer = renderer.run(job)
        assert answer is not None
        texts.append(answer[seat, False].encode())
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
    updates = _a_games_updates(seat=2)
    sent = 0
    for text in updates:
        frame = extension.encode(Frame(Opcode.TEXT, text))
        assert frame.rsv1  # marked compressed
        if extension.local_no_context_takeover:
            inflater = zlib.decompressobj(-WINDOW_BITS)
        data = bytes(frame.data) + b"\x00\x00\xff\xff"  # RFC 7692: the tail the sender cut
        assert inflater.decompress(data) == text
        sent += len(frame.data)
    raw = sum(map(len, updates))
    assert sent < raw / (5 if isal else 2)  # the window keeps the update before in reach
