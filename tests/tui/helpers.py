"""Shared helpers for the terminal front end's tests."""

from __future__ import annotations

from textual.pilot import Pilot

from coltexpress import Options
from coltexpress.tui.app import ColtApp
from coltexpress.tui.screens import EndScreen, HandoverScreen
from coltexpress.tui.session import Session

SIZE = (120, 44)


def session(
    seed: int = 7,
    *,
    players: int = 4,
    humans: tuple[int, ...] = (0,),
    bots: str = "easy",
    preset: str = "standard",
) -> Session:
    options = Options.preset(preset, players=players)
    return Session.new(options, seed=seed, humans=humans, bots=bots)


def app_for(s: Session) -> ColtApp:
    return ColtApp(s, delay=0)


async def settle(pilot: Pilot[None], app: ColtApp, limit: int = 2000) -> None:
    """Let the bots play until a human must choose, the keyboard changes hands, or the end."""
    for _ in range(limit):
        await pilot.pause()
        if app.awaiting is not None or isinstance(app.screen, (EndScreen, HandoverScreen)):
            return
    raise AssertionError("the app never came back to a human")
