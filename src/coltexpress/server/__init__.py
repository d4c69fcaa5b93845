"""The online table server: ``colt serve`` (docs/server.md, contract in docs/protocol.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .app import create_app
from .hub import Settings

if TYPE_CHECKING:
    import uvicorn

__all__ = ["Settings", "create_app", "serve", "uvicorn_config"]


def uvicorn_config(settings: Settings, host: str, port: int) -> uvicorn.Config:
    import uvicorn

    return uvicorn.Config(
        create_app(settings),
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=settings.max_message,
        ws_ping_interval=20.0,
        log_level="warning",
        lifespan="on",
    )


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the server until interrupted."""
    import uvicorn

    uvicorn.Server(uvicorn_config(settings, host, port)).run()
