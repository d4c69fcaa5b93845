"""Snapshots of the screens (pytest-textual-snapshot); regenerate with --snapshot-update."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from coltexpress.tui.app import ColtApp

from .helpers import SIZE, app_for, session, settle

Snap = Callable[..., bool]


def _until_human(app: ColtApp) -> Callable[[Pilot[Any]], Any]:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        await pilot.press("1")  # the first choice, then the bots answer
        await settle(pilot, app)

    return run_before


def test_main_screen(snap_compare: Snap) -> None:
    app = app_for(session(seed=7, players=4, bots="easy"))
    assert snap_compare(app, terminal_size=SIZE, run_before=_until_human(app))


def test_help_screen(snap_compare: Snap) -> None:
    app = app_for(session(seed=7, players=4, bots="easy"))
    assert snap_compare(app, terminal_size=SIZE, press=["question_mark"])


def test_hot_seat_handover(snap_compare: Snap) -> None:
    app = app_for(session(seed=3, players=3, humans=(0, 1), bots="easy"))

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot, app)
        await pilot.press("1")
        await settle(pilot, app)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_end_screen(snap_compare: Snap) -> None:
    s = session(seed=4, players=3, humans=(), bots="easy")
    while not s.over:
        s.bot_step()
    assert snap_compare(app_for(s), terminal_size=SIZE)
