"""Shared helpers for the terminal front end's tests."""

from __future__ import annotations

import io
import itertools
import re
import tempfile
from pathlib import Path

from rich.console import Console, RenderableType
from textual.pilot import Pilot

from coltexpress import Options
from coltexpress.tui.app import ColtApp
from coltexpress.tui.screens import EndScreen, HandoverScreen, SummaryScreen
from coltexpress.tui.session import Session

SIZE = (120, 44)
SMALL = (80, 24)
LARGE = (160, 50)

# What no player should read, in every game's words: pronouns for the bandits (players
# choose them) and a character's name in lower case (a slug); each test module adds the
# internal names of its own game.
Forbidden = list[tuple[re.Pattern[str], str]]
PRONOUN = (re.compile(r"\b(he|him|his|she|her)\b", re.IGNORECASE), "pronoun")


def lowercase_names(*extra: str) -> tuple[re.Pattern[str], str]:
    bandits = ("belle", "cheyenne", "django", "doc", "ghost", "tuco", "mei", *extra)
    return re.compile(r"\b(" + "|".join(bandits) + r")\b"), "lowercase name"


def find_problems(text: str, forbidden: Forbidden) -> list[str]:
    """Each pattern of ``forbidden`` found in ``text``, with why it is refused."""
    return [f"{why}: {m.group(0)!r} in {text!r}" for pat, why in forbidden
            for m in [pat.search(text)] if m]


def render(renderable: RenderableType, width: int = 160) -> str:
    """What a rich renderable prints, as plain text."""
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


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


def first_key(app: ColtApp) -> str:
    """The key of the first choice offered (a card keeps its key: the first choice's key is
    not always 1), or 1 when nothing is offered."""
    return app._choices[0]["key"] if app._choices else "1"


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
