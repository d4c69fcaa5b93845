"""The online table server: ``colt serve`` (docs/server.md, contract in docs/protocol.md)."""

from __future__ import annotations

import gc
import sys
from typing import TYPE_CHECKING

from .app import create_app
from .hub import Settings

if TYPE_CHECKING:
    import uvicorn

__all__ = ["Settings", "create_app", "serve", "uvicorn_config"]


def uvicorn_config(settings: Settings, host: str, port: int) -> uvicorn.Config:
    import uvicorn

    from .sockets import TableSocketProtocol

    return uvicorn.Config(
        create_app(settings),
        host=host,
        port=port,
        ws=TableSocketProtocol,
        ws_max_size=settings.max_message,
        ws_ping_interval=20.0,
        log_level="warning",
        lifespan="on",
    )


# The cyclic garbage collector's thresholds and the GIL's switch interval (seconds) of a
# server process (see tune_process).
GC_THRESHOLDS = (10_000, 10, 100)
SWITCH_INTERVAL = 0.001


def tune_process() -> None:
    """Make the garbage collector's pauses short and rare in a server process, and the
    hand-over of the GIL quick.

    A server holds many long-lived objects (every table's game, every socket's tasks) and
    replaces a table's game at every move: with the default thresholds the full collections,
    which walk every object, come every few seconds and stop the event loop for 100 ms or
    more at a few hundred tables. Most garbage here is freed by reference counting anyway,
    so the young generation may grow larger and the old ones be walked less often; what
    was imported before serving is frozen out of the collector's walks.

    The database threads and the worker pools' threads need the GIL for a moment at each
    move; by default a busy event loop keeps it for 5 ms before it hands it over, which
    lands on the move's latency, hence a shorter switch interval."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    sys.setswitchinterval(SWITCH_INTERVAL)


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the server until interrupted."""
    import uvicorn

    tune_process()
    uvicorn.Server(uvicorn_config(settings, host, port)).run()
