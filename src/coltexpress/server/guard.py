"""uvicorn's HTTP/1.1 protocol (h11) with a deadline for a request's headers.

uvicorn closes a connection that stays idle after a response (``timeout_keep_alive``, 5 s),
but a connection that keeps sending a request's headers a line at a time (slowloris) is
never closed: each line cancels that timer, and nothing bounds a request's headers in time.
A few hundred such connections hold a few hundred sockets and file descriptors for as long
as their clients like.

Here every connection must send a request's complete headers within ``header_timeout``
seconds of being opened, and again of its previous response's end (a kept-alive
connection waiting for its next request); otherwise it is closed. A request whose headers
arrived is never cut by it (its body and its response take the time they take), and a
WebSocket, once upgraded, is no longer this protocol's.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["HeaderDeadlineProtocol", "header_deadline_protocol"]


class HeaderDeadlineProtocol(H11Protocol):
    """H11Protocol that closes a connection whose request headers are not complete
    ``header_timeout`` seconds after it opened or after its last response ended."""

    header_timeout = 10.0
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request's headers have the same time

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()  # the WebSocket protocol takes the connection over
        super().handle_websocket_upgrade(event)

    def _arm(self) -> None:
        self._disarm()
        if self.header_timeout > 0:
            self._deadline = self.loop.call_later(self.header_timeout, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def waiting_for_headers(self) -> bool:
        """No request is in progress: the client has yet to send a complete request line
        and headers (h11 still expects a request)."""
        in_cycle = self.cycle is not None and not self.cycle.response_complete
        return self.conn.their_state is h11.IDLE and not in_cycle

    def _expired(self) -> None:
        self._deadline = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        if self.waiting_for_headers():
            self.logger.debug("closing %s: no complete request headers in time", self.client)
            self.transport.close()


def header_deadline_protocol(timeout: float) -> type[HeaderDeadlineProtocol]:
    """The protocol class for uvicorn's ``http`` setting, with its deadline (0: none)."""
    return type("HeaderDeadlineProtocol", (HeaderDeadlineProtocol,), {"header_timeout": timeout})
