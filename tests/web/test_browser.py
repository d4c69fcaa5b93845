"""The browser table in headless Chromium against the real server: a whole game on a phone
(390x844, by taps) and one on a desktop (1366x900, by mouse and keys), each with a spectator
watching, the lobby, the replay page, reconnection and the bad-token path.

At every turn: no sideways scrolling, the choices in view, "Your turn" in the tab title, no
internal word on the page. The Stealin' phase is seen card by card; the winner banner is in
the first screen at the end, after the last round's cards and station.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from .helpers import (
    CHROMIUM,
    DESKTOP,
    ENABLED,
    MY_TURN,
    PHONE,
    RECORDER,
    api,
    contrast_failures,
    horizontal_overflow,
    in_viewport,
    internal_words,
    play_one,
    seed_where,
)

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")


class Watch:
    """A page in its own context that records requests, script errors and shown frames."""

    def __init__(self, browser: Any, base: str, device: dict[str, Any] | None = None) -> None:
        self.context = browser.new_context(**(device or DESKTOP))
        self.context.add_init_script(RECORDER)
        self.page = self.context.new_page()
        self.base = base
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)

    def external(self) -> list[str]:
        ws = self.base.replace("http://", "ws://")
        return [u for u in self.requests if not u.startswith((self.base, ws, "data:"))]

    def frames(self) -> list[dict[str, Any]]:
        return list(self.page.evaluate("window.__frames"))

    def close(self) -> None:
        assert not self.errors, self.errors
        assert not self.external(), self.external()
        self.context.close()


def _create_in_lobby(
    page: Any, base: str, players: int, seed: int | None, humans: dict[int, str]
) -> str:
    """Fill the lobby's form (player names, bots elsewhere, the host at seat 0, the deal when
    the host plays alone against bots) and create; the host lands at the table. Returns the
    table id."""
    page.goto(base + "/")
    assert horizontal_overflow(page) <= 0
    page.select_option("#players", str(players))
    for seat in range(players):
        if seat in humans:
            page.select_option(f"#seats select[data-seat='{seat}']", "human")
            page.fill(f"#seats input[type=text][data-seat='{seat}']", humans[seat])
        else:
            page.select_option(f"#seats select[data-seat='{seat}']", "easy")
    page.check("#seats input[type=radio][value='0']")
    if seed is None:  # a chosen deal is for a practice table only: one player against bots
        assert len(humans) > 1 and page.locator("#seed").is_disabled()
        assert "one player against bots" in page.inner_text(".practice")
    else:
        page.fill("#seed", str(seed))
    assert horizontal_overflow(page) <= 0
    assert not contrast_failures(page), contrast_failures(page)
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/**")
    page.wait_for_function("document.body.dataset.version !== undefined")
    return str(page.evaluate("location.pathname.split('/').pop()"))


def _state(page: Any) -> str:
    """'mine' (our turn, nothing left to watch), 'over' or 'wait'."""
    return str(
        page.evaluate(
            "document.body.dataset.status === 'over' && document.body.dataset.playing === '0'"
            " ? 'over' : document.body.dataset.myturn === '1' ? 'mine' : 'wait'"
        )
    )


def _turn(page: Any) -> str:
    """Wait for our turn or the end: 'mine' or 'over'."""
    page.wait_for_function(MY_TURN, timeout=60_000)
    return "over" if page.evaluate("document.body.dataset.status") == "over" else "mine"


def _check_faster(page: Any) -> None:
    """A card's pause is about a second; "Faster" (the F key) ends it at once."""
    before = page.evaluate("window.__frames.length")
    start = page.evaluate("performance.now()")
    page.keyboard.press("f")
    page.wait_for_function(f"window.__frames.length > {before}")
    assert page.evaluate("performance.now()") - start < 400
    page.select_option("#pace", "0")


def _check_turn(page: Any, *, phone: bool) -> None:
    """What must hold whenever it is our turn."""
    assert horizontal_overflow(page) <= 0, "the page scrolls sideways"
    assert in_viewport(page, ENABLED), "the choices are not in view on our turn"
    assert page.title().startswith("Your turn")
    hints = page.locator("#legal .choice-hint")
    assert hints.count() == page.locator("#legal button.choice").count()
    assert all(t.strip() for t in hints.all_text_contents())
    assert hints.first.is_visible() != phone  # on a phone, shown by a tap on ?
    text = page.inner_text("body")
    assert not internal_words(text), internal_words(text)
    assert ("Tap a choice" in text) == phone and ("Press a choice's key" in text) != phone


def _check_stealin_one_by_one(frames: list[dict[str, Any]], pace_ms: float) -> None:
    """Cards resolve one after another on screen: the pile's current card moves on, one
    reveal at a time, with a visible pause between them."""
    reveals = [f for f in frames if f["kind"] == "reveal" and f["current"] is not None]
    steps = [
        (a, b)
        for a, b in itertools.pairwise(reveals)
        if b["n"] == a["n"] + 1 and b["current"] == a["current"] + 1
    ]
    assert len(steps) >= 5, "the Stealin' phase was not shown card by card"
    assert all(b["currentText"] != "" for _, b in steps)
    gaps = sorted(b["t"] - a["t"] for a, b in steps)
    assert gaps[len(gaps) // 2] >= pace_ms * 0.8, f"no visible pause between cards: {gaps}"
    assert {"summary", "round-end"} <= {f["kind"] for f in frames}


def _check_end(w: Any, *, phone: bool) -> None:
    """The winner banner in the first screen, explained, after the last cards and station."""
    page = w.page
    page.wait_for_function("document.body.dataset.status === 'over'", timeout=60_000)
    page.wait_for_function("document.body.dataset.playing === '0'")
    banner = page.locator("#end")
    assert banner.is_visible()
    top = page.evaluate("document.getElementById('end').getBoundingClientRect().top + scrollY")
    assert 0 <= top < 844 * 0.5, "the winner banner is not at the top of the first screen"
    assert page.evaluate("scrollY") == 0  # the page went up to show it
    words = page.inner_text("#end")
    assert re.search(r"wins? with \$|share the victory", words)
    assert "Gunslinger" in words
    # every purse value is shown at the end
    assert "?" not in page.inner_text("#players")
    assert "$" in page.inner_text("#players")
    frames = w.frames()
    last = max(i for i, f in enumerate(frames) if f["kind"] == "stealin")
    tail = frames[last:]
    kinds = [f["kind"] for f in tail]
    assert {"reveal", "summary", "round-end"} <= set(kinds[:-1]), kinds
    assert kinds[-1] == "game-over"
    assert all(f["endHidden"] for f in tail[:-1]), "the scores came before the last cards"
    assert not tail[-1]["endHidden"]
    assert horizontal_overflow(page) <= 0
    assert not internal_words(page.inner_text("body"))
    assert not contrast_failures(page), contrast_failures(page)


def test_whole_game_on_a_phone_with_a_spectator(browser: Any, base: str) -> None:
    host = Watch(browser, base, PHONE)
    page = host.page
    seed = seed_where(4, "standard", 0)
    table = _create_in_lobby(page, base, 4, seed, {0: "Anna"})
    assert "You play" in page.inner_text("#who") and "(Anna)" in page.inner_text("#who")
    assert page.locator("#start-btn").is_visible()
    assert page.locator("body.touch").count() == 1
    # before the start our choices are shown but cannot be played
    page.wait_for_selector("#legal button.choice")
    assert page.locator(ENABLED).count() == 0
    assert "not started" in page.inner_text("#prompt") or "Start the game" in page.inner_text(
        "#prompt"
    )
    spec = Watch(browser, base)
    spec.page.goto(f"{base}/t/{table}")
    spec.page.wait_for_function("document.body.dataset.version !== undefined")
    assert "is the host and will start the game" in spec.page.inner_text("#host")
    assert "(Anna)" in spec.page.inner_text("#host")
    assert spec.page.locator("#start-btn").is_hidden()
    page.select_option("#pace", "300")
    page.click("#start-btn")

    spec.page.select_option("#pace", "0")

    rng = random.Random(5)
    moves = 0
    while _turn(page) == "mine":
        _check_turn(page, phone=True)
        if moves == 0:  # a tap on ? shows what a choice does
            page.locator("#legal .help-toggle").first.tap()
            assert page.locator("#legal .choice-hint").first.is_visible()
        if moves == 12:
            assert not contrast_failures(page), contrast_failures(page)
        play_one(page, rng, moves, touch=True)
        moves += 1
        assert moves < 200
    assert moves > 10
    _check_stealin_one_by_one(host.frames(), 300)
    _check_end(host, phone=True)

    # the spectator saw the same game, and no hand or private line
    spec.page.wait_for_function("document.body.dataset.status === 'over'", timeout=60_000)
    assert spec.page.inner_text("#hand") == "A spectator sees no hand."
    log = spec.page.inner_text("#log")
    assert "You draw" not in log and "Your hand" not in log
    assert "Your hand" in page.inner_text("#log")
    assert not spec.page.title().startswith("Your turn")
    assert spec.page.evaluate("document.body.dataset.version") == page.evaluate(
        "document.body.dataset.version"
    )
    host.close()
    spec.close()
    _replay(browser, base, table, PHONE)


def test_whole_game_on_a_desktop(browser: Any, base: str) -> None:
    host = Watch(browser, base)
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = host.page
    # two players: no chosen deal (the lobby allows it only against bots), so deal again
    # until Anna decides first, as the checks before the start need
    for _ in range(40):
        table = _create_in_lobby(page, base, 5, None, {0: "Anna", 1: "Bob"})
        if page.evaluate("window.colt.view.actor") == 0:
            break
    else:
        raise AssertionError("Anna never decided first")
    # the host sees Bob's link with a Copy button
    invite = page.locator("#invites li").filter(has_text="(Bob)")
    link = invite.locator("input").input_value()
    assert f"/t/{table}#seat=1&token=" in link
    invite.locator("button.copy").click()
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.wait_for_selector("#legal button.choice")
    assert page.locator(ENABLED).count() == 0  # not before the start
    page.locator("#legal button.choice").first.click(force=True)
    assert page.locator("#toast").is_hidden()  # nothing sent, no error
    assert page.evaluate("document.body.dataset.version") == "0"
    # Bob joins, sees who the host is and that the host starts
    bob = Watch(browser, base)
    bob.page.goto(link)
    bob.page.wait_for_function("document.body.dataset.version !== undefined")
    assert "Anna" in bob.page.inner_text("#host") and "will start" in bob.page.inner_text("#host")
    assert bob.page.locator("#start-btn").is_hidden()
    page.click("#start-btn")

    bob.page.select_option("#pace", "0")

    rngs = {"host": random.Random(8), "bob": random.Random(9)}
    moves = 0
    last_round = faster = False
    while True:
        states = {"host": _state(page), "bob": _state(bob.page)}
        if states["host"] == "over" and states["bob"] == "over":
            break
        if faster and not last_round and page.evaluate("window.colt.view.round") == 5:
            page.select_option("#pace", "300")  # watch the last round's cards again
            last_round = True
        if not faster and page.evaluate("document.body.dataset.playing") == "1":
            _check_faster(page)
            faster = True
        if states["host"] == "mine":
            _check_turn(page, phone=False)
            if moves > 20 and not page.locator("#rules").evaluate("e => e.open"):
                page.keyboard.press("h")  # the rules panel, from the names table
                assert "Ghost's power" in page.inner_text("#rules")
                assert not internal_words(page.inner_text("#rules"))
            play_one(page, rngs["host"], moves)
            moves += 1
        elif states["bob"] == "mine":
            play_one(bob.page, rngs["bob"], moves)
            moves += 1
        else:
            page.wait_for_timeout(30)
        assert moves < 300
    assert faster and last_round
    _check_stealin_one_by_one(host.frames(), 300)
    _check_end(host, phone=False)
    host.close()
    bob.close()
    _replay(browser, base, table, DESKTOP)


def _replay(browser: Any, base: str, table: str, device: dict[str, Any]) -> None:
    """The replay opens before the first move (no spoiler), names who made each move, keeps
    the train in view while stepping, shows each move's narration, numbers past 99."""
    w = Watch(browser, base, device)
    page = w.page
    page.goto(f"{base}/replay/{table}")
    page.wait_for_function(
        "document.body.dataset.ready === '1' && document.body.dataset.step === '0'"
    )
    listing = api(base, f"/api/tables/{table}/replay")
    n = len(listing["moves"])
    assert "Before the first move" in page.inner_text("#where")
    assert page.locator("#end").is_hidden() and page.locator("#moves li").count() == 0
    assert "wins" not in page.inner_text("body")
    assert horizontal_overflow(page) <= 0
    page.click("#next")
    page.wait_for_function("document.body.dataset.step === '1'")
    first = listing["moves"][0]
    who = f"{first['who']} ({first['player']})" if first["player"] else first["who"]
    assert page.inner_text("#where") == f"Move 1 of {n}: {who}: {first['label']}."
    assert page.locator("#step-events li").all_inner_texts() == first["events"]
    # scrolled down to the moves, stepping keeps the train in view
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.click("#next")
    page.wait_for_function("document.body.dataset.step === '2'")
    assert in_viewport(page, "#train") and in_viewport(page, "#where")
    assert n >= 100
    page.fill("#slider", "100")
    page.wait_for_function("document.body.dataset.step === '100'")
    assert page.inner_text("#where").startswith(f"Move 100 of {n}: ")
    assert page.locator("#moves li").count() == 100
    assert page.locator("#moves li.current .n").inner_text() == "100."
    assert page.locator("#end").is_hidden()
    _review(page, n)
    page.keyboard.press("End")
    page.wait_for_function(f"document.body.dataset.step === '{n}'")
    assert page.locator("#end").is_visible()
    assert horizontal_overflow(page) <= 0
    assert not internal_words(page.inner_text("body")), internal_words(page.inner_text("body"))
    assert not contrast_failures(page), contrast_failures(page)
    with page.expect_download() as download:
        page.click("#download")
    saved = json.loads(Path(download.value.path()).read_text())
    assert len(saved["actions"]) == n
    w.close()


def _review(page: Any, n: int) -> None:
    """"Review this game": a progress indicator while it is built, then each player's
    chance to win as a line under the board, a click on it going to that move, and each
    reviewed move's mark in the list of moves."""
    assert page.locator("#chances").is_hidden()
    page.click("#review-btn")
    assert page.locator("#review-progress").is_visible() or page.evaluate(
        "document.body.dataset.review === '1'")
    page.wait_for_function("document.body.dataset.review === '1'", timeout=240_000)
    assert page.locator("#review-progress").is_hidden()
    assert page.locator("#chances").is_visible()
    assert page.locator("#chances polyline").count() == page.locator("#review-seats li").count()
    assert all("accuracy" in t for t in page.locator("#review-seats li").all_inner_texts())
    box = page.locator("#chances").bounding_box()
    page.locator("#chances").click(position={"x": box["width"] * 0.25, "y": box["height"] / 2})
    quarter = round(n * 0.25)
    page.wait_for_function(
        f"Math.abs(Number(document.body.dataset.step) - {quarter}) <= 2")
    marks = page.locator("#moves .mark").all_inner_texts()
    words = ("inaccuracy", "mistake", "blunder", "lost to the deal")
    assert marks and all(any(m in t for m in words) for t in marks)
    assert horizontal_overflow(page) <= 0


def test_bad_token_watches_and_reconnects(browser: Any, base: str) -> None:
    made = api(base, "/api/tables", {"players": 3, "preset": "standard", "bots": {"1": "easy"}})
    table = made["table"]
    w = Watch(browser, base)
    w.page.goto(f"{base}/t/{table}#seat=0&token=not-a-token")
    w.page.wait_for_function("window.colt && window.colt.seat === null && window.colt.version >= 0")
    w.page.wait_for_selector("#toast:not([hidden])")
    assert "not valid" in w.page.inner_text("#toast")
    assert "watching" in w.page.inner_text("#who")
    # the connection drops: the page reconnects by itself
    w.page.wait_for_selector("#conn.ok")
    w.page.evaluate("window.colt.ws.close()")
    w.page.wait_for_selector("#conn.bad")
    w.page.wait_for_selector("#conn.ok", timeout=10_000)
    seat0 = made["seats"][0]["invite"]
    w.page.goto(base + seat0)
    w.page.reload()
    w.page.wait_for_function("window.colt && window.colt.seat === 0")
    assert w.page.evaluate("document.body.dataset.status") == "open"
    assert "host" in w.page.inner_text("#prompt")
    w.errors = [e for e in w.errors if "WebSocket" not in e]  # the refused bad token
    w.close()
