"""Horses & Stagecoach at the browser table, in Debian's Chromium against the real server:
whole games of horses-stagecoach and of both-expansions, a human seat clicking the legal
choices and bots at the other seats, on a 390 px phone and on a desktop. At each of the
human's turns the stagecoach must be drawn beside its car, the Shotgun on the stagecoach's
roof (or on the roof of his car once punched), the horses beside their cars, the riders of
the Horse Attack beside the car they reached, and every figure in its space; the old flask
dark only where the view knows it; the page must not scroll sideways and no slug, notation
or internal name may show. Every message the seat's page received is then put through the
server's leak canary: no other seat's Turmoil or Horse Attack choice, no unseen flask's kind.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from coltexpress.engine import names

from ..server.canary import Timeline, check_message, whole_messages
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
CHECKS = (Path(__file__).with_name("horses_checks.js")).read_text()

# The notation of the expansion's actions and its slugs: never shown to a player.
NOTATION = re.compile(
    r"\b(?:ride (?:\d|coach\b)|move (?:coach|train)|punch shotgun|drink (?:normal|old)"
    r"|flee (?:forward|back)|rob whiskey|horse-attack|attack_car|my_turmoil)"
    r"|\b(?:" + "|".join(re.escape(h) for h in names.names()["hostages"] if "-" in h) + r")\b"
)


def _start(page: Any) -> None:
    page.wait_for_function("document.body.dataset.version !== undefined")
    page.select_option("#pace", "0")


def _create_in_lobby(page: Any, base: str, preset: str, players: int, seed: int) -> None:
    """The host creates the table in the lobby, sits at seat 0 against easy bots, starts."""
    page.goto(base + "/")
    page.select_option("#preset", preset)
    page.select_option("#players", str(players))
    for seat in range(1, players):
        page.select_option(f"#seats select[data-seat='{seat}']", "easy")
    page.check("#seats input[type=radio][value='0']")
    page.fill("#seed", str(seed))
    assert horizontal_overflow(page) <= 0
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/**")
    _start(page)
    page.click("#start-btn")


def _play_to_the_end(page: Any, rng: random.Random) -> dict[str, int]:
    """Click a random legal choice at each of our turns until the game is over, checking the
    drawing, the panel and the words first; the decisions met, counted."""
    decisions: dict[str, int] = {}
    moves = 0
    while True:
        page.wait_for_function(MY_TURN, timeout=90_000)
        if page.evaluate("document.body.dataset.status") == "over":
            return decisions
        decision = page.evaluate("window.colt.view.decision")
        decisions[decision] = decisions.get(decision, 0) + 1
        _check(page, moves)
        version = page.evaluate("document.body.dataset.version")
        buttons = page.locator(ENABLED)
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(
            f"document.body.dataset.version !== '{version}'"
            " || document.body.dataset.status === 'over'",
            timeout=90_000,
        )
        page.wait_for_function("document.body.dataset.playing === '0'", timeout=90_000)
        problems = page.evaluate(f"({CHECKS}).panel()")  # my own secret choice, once made, is shown
        assert not problems, problems
        moves += 1
        assert moves < 500


def _check(page: Any, moves: int) -> None:
    assert horizontal_overflow(page) <= 0, "the page scrolls sideways"
    assert in_viewport(page, ENABLED), "the choices are not in view"
    problems = page.evaluate(f"({CHECKS}).drawing()")
    assert not problems, problems
    problems = page.evaluate(f"({CHECKS}).panel()")
    assert not problems, problems
    body = page.inner_text("body")
    assert not internal_words(body), internal_words(body)
    assert not NOTATION.findall(body), NOTATION.findall(body)
    for button in page.locator(ENABLED).all():
        label = button.inner_text()
        assert button.get_attribute("data-action") not in label, label
    if moves == 12:
        assert not contrast_failures(page), contrast_failures(page)


def _check_the_end(page: Any) -> None:
    page.wait_for_function("document.body.dataset.playing === '0'", timeout=60_000)
    end = page.locator("#end")
    assert end.is_visible()
    words = end.inner_text()
    result = page.evaluate("window.colt.view.result")
    if any(result["hostages"]):
        assert "ransom for" in words, words
    if result["cannot_win"]:
        assert "caught" in words, words
    if not result["winners"]:
        assert "nobody wins" in words.lower()
    assert horizontal_overflow(page) <= 0
    body = page.inner_text("body")
    assert not internal_words(body), internal_words(body)
    assert not NOTATION.findall(body), NOTATION.findall(body)
    problems = page.evaluate(f"({CHECKS}).drawing()")
    assert not problems, problems
    assert not contrast_failures(page), contrast_failures(page)


def _canary(base: str, table: str, seat: int, received: list[str]) -> None:
    """Every message the seat's page received, through the server's leak canary."""
    record = api(base, f"/api/tables/{table}/record")
    timeline = Timeline(record)
    checks = sum(check_message(raw, seat, timeline, []) for raw in whole_messages(received))
    assert checks > 500


def _listen(page: Any) -> list[str]:
    received: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: received.append(str(f))))
    return received


def test_horses_and_stagecoach_whole_game_on_a_phone(browser: Any, base: str) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    received = _listen(page)
    page.goto(base + "/")
    assert page.locator("#preset option[value='horses-stagecoach']").count() == 1
    _create_in_lobby(page, base, "horses-stagecoach", 4, seed=918273645)
    table = page.evaluate("decodeURIComponent(location.pathname.split('/').pop())")
    page.wait_for_selector("#train .stagecoach")
    assert page.locator("#train .piece.shotgun").count() == 1
    assert page.locator("#hs").is_visible()
    assert "Horse Attack" in page.inner_text("#round-card")
    decisions = _play_to_the_end(page, random.Random(5))
    assert decisions.get("horse-attack") or decisions.get("play")
    _check_the_end(page)
    # the replay of the game steps through it with the stagecoach drawn
    page.click("#end-replay")
    page.wait_for_url("**/replay/**")
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert "Horses & Stagecoach" in page.inner_text("#summary")
    for key in ("End", "Home"):
        page.keyboard.press(key)
        page.wait_for_selector("#train .stagecoach")
    page.wait_for_function("document.body.dataset.step === '0'")
    assert horizontal_overflow(page) <= 0
    assert not internal_words(page.inner_text("body"))
    assert not errors, errors
    context.close()
    _canary(base, table, 0, received)


def test_both_expansions_whole_game_on_a_desktop(browser: Any, base: str) -> None:
    created = api(
        base,
        "/api/tables",
        {
            "players": 5,
            "preset": "both-expansions",
            "bots": {"0": "easy", "2": "easy", "3": "easy", "4": "easy"},
            "seed": 827364519,
            "host_seat": 1,
        },
    )
    invite = next(s["invite"] for s in created["seats"] if s["seat"] == 1)
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    received = _listen(page)
    page.goto(base + invite)
    _start(page)
    api(base, f"/api/tables/{created['table']}/start", {}, token=created["host_token"])
    page.wait_for_selector("#train .car.prison .cell")
    assert page.locator("#train .stagecoach").count() == 1
    assert page.locator("#mp").is_visible() and page.locator("#hs").is_visible()
    decisions = _play_to_the_end(page, random.Random(6))
    assert decisions.get("horse-attack"), decisions  # a bandit rides in the Horse Attack
    _check_the_end(page)
    assert not errors, errors
    context.close()
    _canary(base, created["table"], 1, received)


def test_both_expansions_the_marshal_on_a_phone(browser: Any, base: str) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    received = _listen(page)
    page.goto(base + "/")
    page.select_option("#preset", "both-expansions")
    assert "(the Marshal)" in page.inner_text("#seats .seat-row:first-child")
    _create_in_lobby(page, base, "both-expansions", 4, seed=736451928)
    table = page.evaluate("decodeURIComponent(location.pathname.split('/').pop())")
    page.wait_for_selector("#train .stagecoach")
    assert "You play the Marshal" in page.inner_text("#who")
    _play_to_the_end(page, random.Random(7))
    _check_the_end(page)
    assert not errors, errors
    context.close()
    _canary(base, table, 0, received)
