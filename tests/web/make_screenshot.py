"""Write the screenshots of docs/web.md: python -m tests.web.make_screenshot [super]

docs/screenshot-table.png (a desktop table mid-game), screenshot-phone-stealin.png (the
table at 390 px while a Stealin' card resolves), screenshot-end.png (the end of a game with
its banner), screenshot-lobby.png and screenshot-replay.png; with ``super``, only those of
Colt Super Express: screenshot-super-express.png (a desktop table while a Shootin' card is
revealed) and screenshot-super-express-phone.png (the same moment at 390 px).
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from .helpers import CHROMIUM, CHROMIUM_ARGS, DESKTOP, MY_TURN, PHONE, api, play_one, running_server

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _host(page: Any, base: str, players: int, seed: int, name: str) -> str:
    """Create a table in the lobby with bots in the other seats; the host sits at seat 0."""
    page.goto(base + "/")
    page.select_option("#players", str(players))
    page.fill("#seats input[type=text][data-seat='0']", name)
    for seat in range(1, players):
        page.select_option(f"#seats select[data-seat='{seat}']", "easy")
    page.fill("#seed", str(seed))
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/**")
    page.wait_for_function("document.body.dataset.version !== undefined")
    return str(page.evaluate("location.pathname.split('/').pop()"))


def _play_out(page: Any, rng: random.Random) -> None:
    n = 0
    while play_one(page, rng, n):
        n += 1
    page.wait_for_function("document.body.dataset.playing === '0'")


def main(out: Path = DOCS, seed: int = 56) -> list[Path]:
    written = []
    with (
        tempfile.TemporaryDirectory() as tmp,
        running_server(Path(tmp)) as base,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        rng = random.Random(seed)

        # a desktop table mid-game, then the end of that game
        desk = browser.new_context(**DESKTOP).new_page()
        table = _host(desk, base, 4, seed, "Anna")
        desk.select_option("#pace", "0")
        desk.click("#start-btn")
        n = 0
        while not desk.evaluate(  # Schemin' in round 2: a hand, a pile, choices
            "window.colt.view.round >= 2 && window.colt.view.decision === 'play' &&"
            " window.colt.view.pile.length >= 3 && document.body.dataset.myturn === '1'"
        ):
            play_one(desk, rng, 3 if n % 2 else 0)
            desk.wait_for_function(MY_TURN)
            n += 1
        desk.evaluate("window.scrollTo(0, 0)")
        desk.wait_for_timeout(1000)
        written.append(out / "screenshot-table.png")
        desk.screenshot(path=str(written[-1]))
        _play_out(desk, rng)
        desk.wait_for_timeout(800)
        written.append(out / "screenshot-end.png")
        desk.screenshot(path=str(written[-1]))

        # a phone while a card of the Stealin' phase resolves
        phone = browser.new_context(**PHONE).new_page()
        _host(phone, base, 3, seed + 1, "Bo")
        phone.select_option("#pace", "2000")
        phone.click("#start-btn")
        while not phone.evaluate(
            "document.body.dataset.playing === '1' && document.body.dataset.kind === 'reveal'"
            " && Number(document.querySelector('#pile .current')?.dataset.index) >= 3"
        ):
            if phone.evaluate("document.body.dataset.myturn") == "1":
                play_one(phone, rng, 3, touch=True)
            phone.wait_for_timeout(50)
        phone.evaluate("window.scrollTo(0, 0)")
        phone.wait_for_timeout(700)
        written.append(out / "screenshot-phone-stealin.png")
        clip = {"x": 0, "y": 0, "width": 390, "height": 1300}
        phone.screenshot(path=str(written[-1]), full_page=True, clip=clip)

        # the replay of the desktop game, a few moves in
        replay = browser.new_context(**DESKTOP).new_page()
        replay.goto(f"{base}/replay/{table}")
        replay.wait_for_function("document.body.dataset.step === '0'")
        replay.fill("#slider", "37")
        replay.wait_for_function("document.body.dataset.step === '37'")
        replay.wait_for_timeout(800)
        written.append(out / "screenshot-replay.png")
        replay.screenshot(path=str(written[-1]))

        # the lobby: an open table with named players, the finished game
        api(
            base,
            "/api/tables",
            {
                "players": 4,
                "names": {"0": "Cleo", "1": "Dan"},
                "bots": {"2": "medium", "3": "hard"},
                "host_seat": 0,
            },
        )
        lobby = browser.new_context(**DESKTOP).new_page()
        lobby.goto(base + "/")
        lobby.select_option("#players", "4")
        lobby.fill("#seats input[type=text][data-seat='0']", "Anna")
        lobby.select_option("#seats select[data-seat='1']", "human")
        lobby.fill("#seats input[type=text][data-seat='1']", "Bob")
        lobby.wait_for_selector("#finished li[data-table]")
        written.append(out / "screenshot-lobby.png")
        lobby.screenshot(path=str(written[-1]), full_page=True)
        browser.close()
    return written


def _shootin(page: Any, base: str, rng: random.Random, seed: int, *, touch: bool) -> None:
    """A Colt Super Express table made in the lobby, played until a Shootin' card is shown
    with a few revealed before it."""
    page.goto(base + "/")
    page.select_option("#game", "super-express")
    page.select_option("#preset", "reflex-horse")
    page.select_option("#players", "5")
    page.fill("#seats input[type=text][data-seat='0']", "Anna")
    for seat in range(1, 5):
        page.select_option(f"#seats select[data-seat='{seat}']", "easy")
    page.fill("#seed", str(seed))
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/**")
    page.wait_for_function("document.body.dataset.version !== undefined")
    page.select_option("#pace", "2000")
    page.click("#start-btn")
    while not page.evaluate(
        "document.body.dataset.playing === '1' && document.body.dataset.kind === 'reveal'"
        " && window.colt.view.round >= 2"
        " && window.colt.view.players.reduce((n, p) => n + p.revealed.length, 0) >= 6"
    ):
        if page.evaluate("document.body.dataset.myturn") == "1":
            play_one(page, rng, 3, touch=touch)
        page.wait_for_timeout(50)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(800)


def main_super(out: Path = DOCS, seed: int = 57) -> list[Path]:
    written = []
    with (
        tempfile.TemporaryDirectory() as tmp,
        running_server(Path(tmp)) as base,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        rng = random.Random(seed)
        desk = browser.new_context(**DESKTOP).new_page()
        _shootin(desk, base, rng, seed, touch=False)
        written.append(out / "screenshot-super-express.png")
        desk.screenshot(path=str(written[-1]))
        phone = browser.new_context(**PHONE).new_page()
        _shootin(phone, base, rng, seed + 1, touch=True)
        written.append(out / "screenshot-super-express-phone.png")
        clip = {"x": 0, "y": 0, "width": 390, "height": 1500}
        phone.screenshot(path=str(written[-1]), full_page=True, clip=clip)
        browser.close()
    return written


if __name__ == "__main__":
    for path in main_super() if sys.argv[1:] == ["super"] else main():
        print(path)
