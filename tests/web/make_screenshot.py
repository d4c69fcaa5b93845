"""Write docs/screenshot-table.png, a table mid-game: python -m tests.web.make_screenshot"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from .helpers import CHROMIUM, CHROMIUM_ARGS, api, play_one, running_server

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshot-table.png"


def main(path: Path = OUT, seed: int = 56, choices: int = 7) -> Path:
    with tempfile.TemporaryDirectory() as tmp, running_server(Path(tmp)) as base:
        made = api(
            base,
            "/api/tables",
            {
                "players": 4,
                "preset": "standard",
                "seed": seed,
                "bots": {"1": "easy", "2": "easy", "3": "easy"},
            },
        )
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(base + made["seats"][0]["invite"])
            page.wait_for_function("document.body.dataset.version !== undefined")
            api(base, f"/api/tables/{made['table']}/start", token=made["host_token"])
            rng = random.Random(seed)
            for n in range(choices):
                play_one(page, rng, 3 if n % 2 else 0)  # click hand cards and choices
            page.wait_for_function(
                "document.querySelectorAll('#legal button.choice:not([disabled])').length > 0"
            )
            page.wait_for_timeout(1000)
            page.screenshot(path=str(path), full_page=True)
            browser.close()
    return path


if __name__ == "__main__":
    print(main())
