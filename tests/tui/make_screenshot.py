"""Write docs/screenshot-terminal.svg, a game in progress: python -m tests.tui.make_screenshot"""

from __future__ import annotations

import asyncio
from pathlib import Path

from .helpers import SIZE, app_for, session, settle

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshot-terminal.svg"


async def main(path: Path = OUT, choices: int = 20, seed: int = 56) -> Path:
    app = app_for(session(seed=seed, players=4, bots="easy"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for _ in range(choices):
            # Play a card rather than draw: the last option the number keys reach.
            await pilot.press(str(min(len(app.session.legal()), 9)))
            await settle(pilot, app)
        path.write_text(app.export_screenshot(title="colt play"), encoding="utf-8")
    return path


if __name__ == "__main__":
    print(asyncio.run(main()))
