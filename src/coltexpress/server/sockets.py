"""uvicorn's WebSocket protocol with compression tuned for the table's messages.

An update is a JSON text of 5 to 20 KiB, much like the one before it. uvicorn's own
permessage-deflate keeps a 4 KiB window at the default level: each message costs about
0.2 ms to compress and still weighs about a quarter of its size, since the message before
is out of reach. A 16 KiB window at level 1 costs about 0.06 ms and sends about a tenth
(the part that changed), for 96 KiB of compressor memory per socket instead of 32 KiB.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

__all__ = ["TableSocketProtocol"]

WINDOW_BITS = 14  # the server's compression window: 16 KiB
COMPRESS = {"level": 1, "memLevel": 6}


class TableSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol; only its compressor settings differ."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if config.ws_per_message_deflate:
            deflate = ServerPerMessageDeflateFactory(
                server_max_window_bits=WINDOW_BITS,
                client_max_window_bits=12,
                compress_settings=COMPRESS,
            )
            self.conn = ServerProtocol(
                extensions=[deflate], max_size=config.ws_max_size, logger=self.logger
            )
