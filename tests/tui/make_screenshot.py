"""Write the terminal screenshots in docs/screenshots/: python -m tests.tui.make_screenshot

A game in progress at 80x24 and at 160x50, a round summary, the end of a game, the rules
help and a replay, each as the SVG Textual exports.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from coltexpress.tui.replay import ReplayApp, ReplaySteps
from coltexpress.tui.screens import SummaryScreen

from .helpers import LARGE, SMALL, app_for, first_key, session, settle

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


async def _game(size: tuple[int, int], name: str, choices: int = 20, seed: int = 56) -> None:
    app = app_for(session(seed=seed, players=4, bots="easy"))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        for _ in range(choices):
            await pilot.press(app._choices[-1]["key"])  # play a card rather than draw
            await settle(pilot, app)
        (OUT / name).write_text(app.export_screenshot(title="colt play"), encoding="utf-8")
        await pilot.press("question_mark")
        (OUT / name.replace("game", "help")).write_text(
            app.export_screenshot(title="colt play: the rules"), encoding="utf-8"
        )


async def _summary() -> None:
    app = app_for(session(seed=7, players=3, bots="easy"), delay=0.001)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        while not isinstance(app.screen, SummaryScreen):
            await pilot.press(first_key(app))
            await settle(pilot, app)
        (OUT / "terminal-round-summary-80x24.svg").write_text(
            app.export_screenshot(title="colt play: end of a round"), encoding="utf-8"
        )


async def _end_and_replay() -> None:
    s = session(seed=4, players=4, humans=(), bots="easy")
    while not s.over:
        s.bot_step()
    app = app_for(s)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        (OUT / "terminal-end-80x24.svg").write_text(
            app.export_screenshot(title="colt play: the end"), encoding="utf-8"
        )
    replay = ReplayApp(ReplaySteps.from_record(s.to_save()), name="a game")
    async with replay.run_test(size=SMALL) as pilot:
        await pilot.press(*["right"] * 40)
        (OUT / "terminal-replay-80x24.svg").write_text(
            replay.export_screenshot(title="colt replay"), encoding="utf-8"
        )


async def main() -> Path:
    OUT.mkdir(exist_ok=True)
    await _game(SMALL, "terminal-game-80x24.svg")
    await _game(LARGE, "terminal-game-160x50.svg")
    await _summary()
    await _end_and_replay()
    return OUT


if __name__ == "__main__":
    print(asyncio.run(main()))
