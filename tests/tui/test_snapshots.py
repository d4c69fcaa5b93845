"""Snapshots of the screens at 80x24 and 160x50 (pytest-textual-snapshot); regenerate with
--snapshot-update after an intended change, and look at the SVGs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from coltexpress.tui.app import ColtApp
from coltexpress.tui.screens import SummaryScreen

from .helpers import LARGE, SMALL, app_for, first_key, session, settle

Snap = Callable[..., bool]
SIZES = pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])


def _until_human(app: ColtApp) -> Callable[[Pilot[Any]], Any]:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        await pilot.press(first_key(app))  # the first choice, then the bots answer
        await settle(pilot, app)

    return run_before


@SIZES
def test_main_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = app_for(session(seed=7, players=4, bots="easy"))
    assert snap_compare(app, terminal_size=size, run_before=_until_human(app))


@SIZES
def test_help_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = app_for(session(seed=7, players=4, bots="easy"))
    assert snap_compare(app, terminal_size=size, press=["question_mark"])


@SIZES
def test_hot_seat_handover(snap_compare: Snap, size: tuple[int, int]) -> None:
    """The first screen of a hot-seat game: the hand-off to the first player (seat 2)."""
    app = app_for(session(seed=3, players=3, humans=(0, 1), bots="easy"))

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@SIZES
def test_round_summary(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = app_for(session(seed=7, players=3, bots="easy"), delay=0.001)

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        while not isinstance(app.screen, SummaryScreen):
            await pilot.press(first_key(app))
            await settle(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@SIZES
def test_end_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    s = session(seed=4, players=3, humans=(), bots="easy")
    while not s.over:
        s.bot_step()
    assert snap_compare(app_for(s), terminal_size=size)


def _mp_session(seed: int, humans: tuple[int, ...]) -> Any:
    from coltexpress import Options
    from coltexpress.tui.session import Session

    options = Options.preset("marshal-prisoners")
    return Session.new(options, seed=seed, humans=humans, bots="random")


@SIZES
def test_marshal_prisoners_main_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    """Marshal & Prisoners, the human as the Marshal, in the second round: the prison car
    with its cell, the expansion's panel (large) or line (small), the Marshal's goals."""
    app = app_for(_mp_session(seed=5, humans=(0,)))

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        for _ in range(10):
            await pilot.press(app._choices[-1]["key"])
            await settle(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@SIZES
def test_marshal_prisoners_end_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    s = _mp_session(seed=5, humans=())
    while not s.over:
        s.bot_step()
    s.humans = (2,)  # seen by a bandit's player
    assert snap_compare(app_for(s), terminal_size=size)


def _hs_session(preset: str, seed: int, humans: tuple[int, ...]) -> Any:
    from coltexpress import Options
    from coltexpress.tui.session import Session

    return Session.new(Options.preset(preset), seed=seed, humans=humans, bots="random")


@SIZES
def test_horses_stagecoach_main_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    """Horses & Stagecoach in the second round: the stagecoach beside its car with the
    Shotgun on its roof, horses beside their cars, whiskey flasks, hostages held."""
    app = app_for(_hs_session("horses-stagecoach", seed=5, humans=(0,)))

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        for _ in range(12):
            await pilot.press(app._choices[-1]["key"])
            await settle(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@SIZES
def test_both_expansions_main_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    """Both expansions, the human as a bandit: the prison car and the stagecoach, the
    expansions' lines (small) or panels (large)."""
    app = app_for(_hs_session("both-expansions", seed=5, humans=(2,)))

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        for _ in range(12):
            await pilot.press(app._choices[-1]["key"])
            await settle(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def _se_session(seed: int, humans: tuple[int, ...]) -> Any:
    from coltexpress.games import options_for
    from coltexpress.tui.session import Session

    options = options_for("super-express", "reflex-horse", players=5)
    return Session.new(options, seed=seed, humans=humans, bots="random")


@SIZES
def test_super_express_main_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    """Colt Super Express in its second round: the shorter train, figures in order with
    their facing and stunned marks, who is out, the Loot cards, the cards programmed."""
    app = app_for(_se_session(seed=5, humans=(0,)))

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        while app.current_view()["round"] < 2 or app.current_view()["players"][0][
                "programmed"] < 1:
            await pilot.press(first_key(app))
            await settle(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@SIZES
def test_super_express_end_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    s = _se_session(seed=6, humans=())
    while not s.over:
        s.bot_step()
    assert snap_compare(app_for(s), terminal_size=size)
