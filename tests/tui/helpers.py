"""Shared helpers for the terminal front end's tests."""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path

from textual.pilot import Pilot

from coltexpress import Options
from coltexpress.tui.app import ColtApp
from coltexpress.tui.screens import EndScreen, HandoverScreen, SummaryScreen
from coltexpress.tui.session import Session

SIZE = (120, 44)
SMALL = (80, 24)
LARGE = (160, 50)


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


SAVES = Path(tempfile.mkdtemp(prefix="colt-tui-tests-"))
_numbers = itertools.count()


def app_for(s: Session, *, delay: float = 0, save: Path | None = None) -> ColtApp:
    """The app on a session, saving into a temporary folder (the app saves every move)."""
    return ColtApp(s, delay=delay, save_path=save or SAVES / f"game-{next(_numbers)}.json")


async def settle(pilot: Pilot[None], app: ColtApp, limit: int = 4000) -> None:
    """Let the bots play until a human must choose, the keyboard changes hands, a round
    summary waits, or the end."""
    for _ in range(limit):
        await pilot.pause()
        if isinstance(app.screen, (EndScreen, HandoverScreen, SummaryScreen)):
            return
        if app.awaiting is not None and not app._busy:
            return
    raise AssertionError("the app never came back to a human")
