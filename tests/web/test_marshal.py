"""Marshal & Prisoners at the browser table, in headless Chromium against the real server: a
player creates the table in the lobby, sits as the Marshal against bots and plays a whole game
on a phone by clicking the choices (the prison car, its cell and the expansion's panel drawn,
the goals shown with their help, the end with the goals done or not); and a bandit's page
never receives the Marshal's current goals (every WebSocket message and the page's text).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from coltexpress import Game
from coltexpress.engine import names

from .helpers import (
    CHROMIUM,
    DESKTOP,
    ENABLED,
    MY_TURN,
    PHONE,
    api,
    contrast_failures,
    horizontal_overflow,
    in_viewport,
    internal_words,
)

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")


def _click_until_over(page: Any, rng: random.Random, check: Any) -> int:
    """Play by clicking a random enabled choice at each of our turns; ``check`` runs first."""
    moves = 0
    while True:
        page.wait_for_function(MY_TURN, timeout=90_000)
        if page.evaluate("document.body.dataset.status") == "over":
            return moves
        check(moves)
        version = page.evaluate("document.body.dataset.version")
        buttons = page.locator(ENABLED)
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(
            f"document.body.dataset.version !== '{version}'"
            " || document.body.dataset.status === 'over'",
            timeout=90_000,
        )
        moves += 1
        assert moves < 400


# Every first line the banner shows, as the page shows it.
HEADLINES = """
window.__headlines = [];
addEventListener('DOMContentLoaded', () => {
  const seen = () => {
    const head = document.querySelector('#announce .headline');
    const text = head ? head.innerText.trim() : '';
    if (text && window.__headlines[window.__headlines.length - 1] !== text) {
      window.__headlines.push(text);
    }
  };
  new MutationObserver(seen).observe(document.body,
    {subtree: true, childList: true, characterData: true});
});
"""


def test_the_marshal_plays_a_whole_game_on_a_phone(browser: Any, base: str) -> None:
    """... and the banner's first line starts the Marshal's name with a capital, as a
    bandit's ("Card 7 of 15: The Marshal's Ride.")."""
    context = browser.new_context(**PHONE)
    context.add_init_script(HEADLINES)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/")
    page.select_option("#preset", "marshal-prisoners")
    page.select_option("#players", "4")
    assert "(the Marshal)" in page.inner_text("#seats .seat-row:first-child")
    page.fill("#seats input[type=text][data-seat='0']", "Anna")
    for seat in (1, 2, 3):
        page.select_option(f"#seats select[data-seat='{seat}']", "easy")
    page.check("#seats input[type=radio][value='0']")
    page.fill("#seed", "11")
    assert horizontal_overflow(page) <= 0
    assert not contrast_failures(page), contrast_failures(page)
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/**")
    page.wait_for_function("document.body.dataset.version !== undefined")
    assert "You play the Marshal (Anna)" in page.inner_text("#who")
    page.select_option("#pace", "0")
    page.click("#start-btn")

    # the prison car is drawn as the caboose, with its cell; the Marshal's figure is distinct
    page.wait_for_selector("#train .car.prison .cell")
    labels = page.locator("#train .car-label").all_text_contents()
    assert labels[-1] == "Prison car" and "Caboose" not in labels
    assert page.locator("#train .piece.marshal").count() == 1
    assert page.locator("#train .piece.bandit[data-piece='marshal']").count() == 0
    panel = page.locator("#mp")
    assert panel.is_visible()
    text = panel.inner_text()
    for heading in ("Wanted Posters", "Prisoners", "Brawler cards", "cylinder piles", "goals"):
        assert heading in text
    assert "trusty sidekick" in text and "Gold Punch ($800)" in text
    # the Marshal's own current goals, each with its help
    mine = page.evaluate("window.colt.view.mp.my_goals")
    assert mine
    goals = page.inner_text("#mp-goals")
    assert "Your current goals" in goals
    for goal in mine:
        assert names.goal(goal) in goals and names.goal_help(goal) in goals

    def check(moves: int) -> None:
        assert horizontal_overflow(page) <= 0, "the page scrolls sideways"
        assert in_viewport(page, ENABLED), "the choices are not in view"
        body = page.inner_text("body")
        assert not internal_words(body), internal_words(body)
        assert "Prison car" in page.text_content("#train")
        if moves == 10:
            assert not contrast_failures(page), contrast_failures(page)

    moves = _click_until_over(page, random.Random(3), check)
    assert moves > 10
    page.wait_for_function("document.body.dataset.playing === '0'", timeout=60_000)
    end = page.locator("#end")
    assert end.is_visible()
    words = end.inner_text()
    result = page.evaluate("window.colt.view.result")
    assert "goals" in words and ("done" in words)
    for goal in result["goals"]:
        state = "Done" if goal["done"] else "Not done"
        assert f"{state}: your goal {names.goal(goal['goal'])}" in words
    assert "Wanted Poster $500" in words or "captured" in page.inner_text("#mp-posters").lower()
    assert ("You win" in words) == result["marshal_wins"]
    assert "Every goal, at the end" in page.inner_text("#mp-goals")
    assert page.locator("#mp-goals .goal-state").count() == len(result["goals"])
    assert horizontal_overflow(page) <= 0
    assert not internal_words(page.inner_text("body"))
    assert not contrast_failures(page), contrast_failures(page)
    headlines = page.evaluate("window.__headlines")
    cards = [line for line in headlines if line.startswith("Card ")]
    assert any(": The Marshal's " in line for line in cards), headlines
    assert not [line for line in cards if ": the " in line], headlines
    assert not errors, errors
    context.close()


def test_a_bandit_never_receives_the_marshals_goals(
    browser: Any, base: str, tmp_path: Path
) -> None:
    created = api(
        base,
        "/api/tables",
        {
            "players": 3,
            "preset": "marshal-prisoners",
            "bots": {"0": "easy", "2": "easy"},
            "seed": 21,
            "host_seat": 1,
        },
    )
    invite = next(s["invite"] for s in created["seats"] if s["seat"] == 1)
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    received: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: received.append(str(f))))
    page.goto(base + invite)
    page.wait_for_function("document.body.dataset.version !== undefined")
    api(base, f"/api/tables/{created['table']}/start", {}, token=created["host_token"])
    page.select_option("#pace", "0")

    def check(_moves: int) -> None:
        text = page.inner_text("body")
        assert "Your current goals" not in text
        assert page.evaluate("window.colt.view.mp.my_goals === undefined")

    _click_until_over(page, random.Random(4), check)
    record = api(base, f"/api/tables/{created['table']}/record")
    game = Game.replay({**record, "actions": []})
    secrets: dict[int, list[str]] = {}  # version -> what names the unrevealed current goals
    for version in range(len(record["actions"]) + 1):
        if version:
            game.apply(record["actions"][version - 1])
        if game.is_over:
            break
        mp = game.view(0)["mp"]
        hidden = [g for g in mp["my_goals"] if g not in mp["goals_revealed"]]
        secrets[version] = [names.goal_help(g) for g in hidden] + [f'"{g}"' for g in hidden]
    assert any(secrets.values())
    checked = 0
    for raw in received:
        message = json.loads(raw)
        if message.get("type") not in ("welcome", "update") or message["version"] not in secrets:
            continue
        assert '"my_goals"' not in raw
        for secret in secrets[message["version"]]:
            assert secret not in raw, f"the Marshal's goal {secret!r} reached a bandit"
        checked += 1
    assert checked > 20
    context.close()
