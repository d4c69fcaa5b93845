"""uvicorn's WebSocket protocol with compression tuned for the table's messages.

An update is a JSON text of 5 to 20 KiB, much like the one before it. uvicorn's own
permessage-deflate keeps a 4 KiB window at zlib's default level: each message costs about
0.2 ms to compress and still weighs about a quarter of its size, since the message before
is out of reach. Here the window is 16 KiB, so a message sends little more than what
changed (about a tenth of its size), and the compressor is ISA-L's (python-isal) at its
fastest level: the same deflate stream any browser inflates, about six times cheaper than
zlib at its fastest and no bigger (measured on a game's updates: 14 µs and 1.39 KB a
message, zlib 88 µs and 1.43 KB), with about half of zlib's memory per socket (56 KiB
instead of 102 KiB).
Compressing was the server process's largest cost per move.

A client that asks the server to forget the window after each message (``server_no_context_
takeover``, which browsers do not ask) gets websockets' own zlib compressor, one per
message, at zlib's fastest level.

A socket is read on while its connection handles the messages before (up to ``QUEUED``):
uvicorn stops reading a socket at each message and starts again when the application takes
it, two system calls (``epoll_ctl``) and the event loop's bookkeeping for each move.
"""

from __future__ import annotations

import asyncio
import struct
import zlib
from collections.abc import Sequence
from typing import Any, Literal, cast

from isal import isal_zlib
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.exceptions import InvalidState
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import State
from websockets.server import ServerProtocol
from websockets.typing import ExtensionParameter

__all__ = ["SEND_NOW", "TableDeflateFactory", "TableSocketProtocol"]

SEND_NOW = "colt.send_now"  # the scope's key of a socket's ``send_now``

WINDOW_BITS = 14  # the server's compression window: 16 KiB
LEVEL = 0  # ISA-L's fastest level (it has 0 to 3)
# bytes under which a message goes uncompressed: compressing one costs the event loop more
# than its bytes cost anyone (the threshold of Node's ``ws`` and Socket.IO)
PLAIN_BELOW = 1024
FALLBACK = {"level": 1, "memLevel": 6}  # zlib's, for a client that asks for no context
# messages a socket may have read ahead of its connection's handling before it stops being
# read (each at most ``Settings.max_message`` bytes; a client over ``Settings.rate`` a
# second is closed)
QUEUED = 8


class TableDeflate(PerMessageDeflate):
    """permessage-deflate that sends a message under ``PLAIN_BELOW`` bytes as it is: RFC
    7692 lets each message say whether it is compressed (its RSV1 bit), and the other end's
    decompressor only reads those that are."""

    def encode(self, frame: Frame) -> Frame:
        if frame.fin and frame.opcode in _DATA and len(frame.data) < PLAIN_BELOW:
            return frame
        return super().encode(frame)


_DATA = (Opcode.TEXT, Opcode.BINARY)


class TableDeflateFactory(ServerPerMessageDeflateFactory):
    """permessage-deflate as websockets negotiates it, compressing with ISA-L, a message
    under ``PLAIN_BELOW`` bytes sent as it is."""

    def __init__(self) -> None:
        super().__init__(
            server_max_window_bits=WINDOW_BITS,
            client_max_window_bits=12,
            compress_settings=FALLBACK,
        )

    def process_request_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension]
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        response, negotiated = super().process_request_params(params, accepted_extensions)
        extension = TableDeflate(
            negotiated.remote_no_context_takeover, negotiated.local_no_context_takeover,
            negotiated.remote_max_window_bits, negotiated.local_max_window_bits,
            negotiated.compress_settings,
        )
        if not extension.local_no_context_takeover:  # one compressor for the whole socket
            # the same compress() and flush() as zlib's compressor
            extension.encoder = cast(Any, isal_zlib.compressobj(
                LEVEL, isal_zlib.DEFLATED, -extension.local_max_window_bits
            ))
        return response, extension


class TableSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with its own compressor, and a way to send a
    message at once: the scope's ``SEND_NOW`` (``send_now``)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[TableDeflateFactory()], max_size=config.ws_max_size,
                logger=self.logger,
            )

    def send_receive_event_to_app(self) -> None:
        """Queue a message for the application, as uvicorn does, but stop reading the
        socket only once ``QUEUED`` messages wait (uvicorn stops after each one, and reads
        again when the application takes it: two ``epoll_ctl`` calls a message)."""
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:  # past ``websocket.close``: dropped, reading on until the
            return  # peer's close comes
        if self.curr_msg_data_type == "text":
            try:
                text = data.decode()
            except UnicodeDecodeError:
                self.logger.info("a client sent a text frame that is not UTF-8")
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
            self.queue.put_nowait({"type": "websocket.receive", "text": text})
        else:
            self.queue.put_nowait({"type": "websocket.receive", "bytes": data})
        if not self.read_paused and self.queue.qsize() >= QUEUED:
            self.read_paused = True
            self.transport.pause_reading()

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:
            cast(dict[str, Any], scope)[SEND_NOW] = self.send_now

    def send_now(self, *texts: str) -> bool:
        """Send ``texts`` now, in one write, if the socket takes them without waiting, as
        ``send`` would (False: it does not; send them the usual way). An update reaches a
        table's every viewer in the same turn of the event loop, without a task switch per
        viewer. Each goes out as one frame made here (``_frame``) where the socket
        compresses with its own compressor, or none, as websockets would make it."""
        if (
            not self.handshake_complete
            or self.close_sent
            or self.disconnected
            or self.initial_response is not None
            or not self.writable.is_set()
            or self.transport.is_closing()
            or self.conn.state is not State.OPEN  # closing: the client said goodbye
        ):
            return False
        conn = self.conn
        deflate = _own_deflate(conn)
        if deflate is not False and not conn.debug and not conn.expect_continuation_frame:
            # what the connection has to send already (nothing, as a rule), then the frames
            self.transport.write(b"".join(
                [*conn.data_to_send(), *(_frame(text.encode(), deflate) for text in texts)]
            ))
            return True
        for i, text in enumerate(texts):
            try:
                conn.send_text(text.encode())
            except InvalidState:  # as ``send`` has it: the connection is going
                if not i:
                    return False
                break  # the rest would not reach it either
        self.transport.write(b"".join(conn.data_to_send()))
        return True


def _own_deflate(conn: ServerProtocol) -> TableDeflate | Literal[False] | None:
    """The connection's compression when ``_frame`` makes its frames as websockets would:
    a ``TableDeflate`` that keeps its compressor, or None (no compression); False
    otherwise (websockets makes them)."""
    extensions = conn.extensions
    if not extensions:
        return None
    if len(extensions) == 1:
        extension = extensions[0]
        if type(extension) is TableDeflate and not extension.local_no_context_takeover:
            return extension
    return False


def _frame(data: bytes, deflate: TableDeflate | None) -> bytes:
    """A server's final text frame of ``data`` (RFC 6455 5.2: not masked), compressed by
    ``deflate`` (RFC 7692 7.2.1: the sync flush's empty block taken off, RSV1 set) from
    ``PLAIN_BELOW`` bytes on, as ``TableDeflate`` would."""
    head = 0x81  # FIN, text
    if deflate is not None and len(data) >= PLAIN_BELOW:
        encoder = deflate.encoder
        data = (encoder.compress(data) + encoder.flush(zlib.Z_SYNC_FLUSH))[:-4]
        head = 0xC1  # FIN, RSV1 (compressed), text
    size = len(data)
    if size < 126:
        return struct.pack("!BB", head, size) + data
    if size < 65536:
        return struct.pack("!BBH", head, 126, size) + data
    return struct.pack("!BBQ", head, 127, size) + data
