"""The online table server: ``colt serve`` (docs/server.md, contract in docs/protocol.md)."""

from __future__ import annotations

import gc
import sys
import threading
import time
from typing import TYPE_CHECKING

from .app import create_app
from .hub import Settings
from .render import FREEZE_EVERY, GC_THRESHOLDS

if TYPE_CHECKING:
    import uvicorn

__all__ = ["Settings", "create_app", "serve", "uvicorn_config"]


def uvicorn_config(settings: Settings, host: str, port: int) -> uvicorn.Config:
    import uvicorn

    from .guard import header_deadline_protocol
    from .sockets import TableSocketProtocol

    return uvicorn.Config(
        create_app(settings),
        host=host,
        port=port,
        http=header_deadline_protocol(settings.header_timeout),
        ws=TableSocketProtocol,
        ws_max_size=settings.max_message,
        ws_ping_interval=20.0,
        # forwarded headers only from the proxies named (uvicorn alone would trust them from
        # 127.0.0.1, or from FORWARDED_ALLOW_IPS): the creation limit and the sockets'
        # limit count by the address a forged header cannot change
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=list(settings.trusted_proxies),
        log_level="warning",
        lifespan="on",
    )


# The cyclic garbage collector and the GIL in a server process (see tune_process).
COLLECT_EVERY = 3600.0  # seconds: one full collection (a pause: see docs/server.md)
SWITCH_INTERVAL = 0.001  # seconds a thread holds the GIL before it hands it over


def tune_process() -> None:
    """Keep the garbage collector's pauses off the moves, and hand the GIL over quickly.

    A server holds many long-lived objects (every table's game, every socket's tasks) and
    replaces a table's game at every move. Play makes no cyclic garbage (measured: a
    collection after minutes of play at hundreds of tables finds none; reference counting
    frees it all), yet the collector walks the objects it tracks, and at a thousand tables
    its pauses of 30 to 150 ms, and the full ones of half a second, were the slowest moves.
    So every 50 ms what the process holds is frozen (``gc.freeze``: the collector walks
    only what is newer), and once an hour all of it is collected (the cycles that closed
    sockets leave), in one pause. Freezing costs next to nothing (it moves lists, not
    objects); more seldom is not enough: each move replaces its table's game by a new copy,
    which the collector's count does not see (one copy made, one freed) but its walks do,
    and a second's worth of new copies (a thousand tables) made pauses of 15 to 30 ms.

    The database threads and the worker pools' threads need the GIL for a moment at each
    move; by default a busy event loop keeps it for 5 ms before it hands it over, which
    lands on the move's latency, hence a shorter switch interval."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    sys.setswitchinterval(SWITCH_INTERVAL)
    threading.Thread(target=_freezer, name="colt-gc", daemon=True).start()


def _freezer() -> None:
    last = time.monotonic()
    while True:
        time.sleep(FREEZE_EVERY)
        if time.monotonic() - last >= COLLECT_EVERY:
            gc.unfreeze()
            gc.collect()
            last = time.monotonic()
        gc.freeze()


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the server until interrupted."""
    import uvicorn

    tune_process()
    uvicorn.Server(uvicorn_config(settings, host, port)).run()
