"""The browser table in headless Chromium: a full game through clicks and keys, a spectator
watching, the lobby, the replay page, reconnection, and labels equal to the terminal's."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from coltexpress.engine.actions import ACTIONS
from coltexpress.tui.describe import label

from .helpers import CHROMIUM, CHROMIUM_ARGS, api, play_one, running_server

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("server")) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


class Watch:
    """A page in its own context that records requests and script errors."""

    def __init__(self, browser: Any, base: str) -> None:
        self.context = browser.new_context(viewport={"width": 1400, "height": 1000})
        self.page = self.context.new_page()
        self.base = base
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def external(self) -> list[str]:
        ws = self.base.replace("http://", "ws://")
        return [u for u in self.requests if not u.startswith((self.base, ws, "data:"))]

    def close(self) -> None:
        self.context.close()


def test_lobby_game_spectator_and_replay(browser: Any, base: str, tmp_path: Path) -> None:
    host = Watch(browser, base)
    page = host.page
    # The lobby: 3 players, seat 0 human, seats 1 and 2 easy bots, a fixed seed.
    page.goto(base + "/")
    page.select_option("#players", "3")
    page.select_option("#seats select[data-seat='1']", "easy")
    page.select_option("#seats select[data-seat='2']", "easy")
    page.fill("#seed", "11")
    page.click("#create button[type=submit]")
    invite = page.locator("input.invite[data-seat='0']").input_value()
    assert "#seat=0&token=" in invite
    table = invite.split("/t/")[1].split("#")[0]
    page.wait_for_selector(f"#tables tr[data-table='{table}']")

    # A spectator in another context; the player opens the invite link.
    spec = Watch(browser, base)
    spec.page.goto(f"{base}/t/{table}")
    spec.page.wait_for_function("document.body.dataset.version !== undefined")
    assert "spectator" in spec.page.inner_text("#who")
    player = Watch(browser, base)
    player.page.goto(invite)
    player.page.wait_for_function("document.body.dataset.version !== undefined")
    assert "you are seat 0" in player.page.inner_text("#who")
    assert player.page.evaluate("location.hash") == "#seat=0&token=" + invite.split("token=")[1]

    page.click("#start")  # the host starts from the lobby
    page.wait_for_selector("text=The game has started.")

    rng = random.Random(3)
    moves = 0
    shot = False
    while play_one(player.page, rng, moves):
        moves += 1
        if moves == 3:
            stale(player.page)
        v = player.page.evaluate("window.colt.view")
        if moves == 1:
            # the text alternatives: SVG title/desc and a sentence per bandit
            assert player.page.locator("#train title#train-title").count() == 1
            desc = player.page.locator("#train desc").text_content() or ""
            assert "the caboose" in desc
            words = player.page.locator("#train-text").text_content() or ""
            assert any(f"{b['character'].capitalize()} is " in words for b in v["bandits"])
        if not shot and v["round"] >= 2 and v["pile"]:
            player.page.wait_for_timeout(800)  # let the pieces arrive
            player.page.screenshot(path=str(tmp_path / "table.png"), full_page=True)
            shot = True
        assert moves < 400
    assert moves > 10 and shot

    # The end: scores for both, the spectator saw every move but no hand.
    for w in (player, spec):
        w.page.wait_for_function("document.body.dataset.status === 'over'", timeout=30_000)
        w.page.wait_for_selector("#scores .scores-table")
        assert "Winner" in w.page.inner_text("#scores")
    final = int(player.page.evaluate("document.body.dataset.version"))
    assert int(spec.page.evaluate("document.body.dataset.version")) == final
    assert spec.page.inner_text("#hand") == "A spectator sees no hand."
    assert spec.page.inner_text("#players").count("(bot)") == 2
    assert " is " in (spec.page.locator("#train-changes").text_content() or "")
    assert "You draw" not in spec.page.inner_text("#log")
    assert "You draw" in player.page.inner_text("#log")
    # one piece per bandit plus the Marshal: pieces are reused, so moves animate
    pieces = spec.page.locator("#train .piece:not(.gone)").count()
    assert pieces == 4
    assert (
        player.page.locator(".piece")
        .first.evaluate("e => getComputedStyle(e).transitionProperty")
        .startswith("transform")
    )
    assert not player.page.locator("#legal button.choice").count()

    # The replay page steps through the stored record.
    record = api(base, f"/api/tables/{table}/record")
    assert len(record["actions"]) == final
    replay = spec.page
    replay.goto(f"{base}/replay/{table}")
    replay.wait_for_function("document.body.dataset.ready === '1'")
    replay.wait_for_function("document.body.dataset.narration === '1'")
    assert replay.locator("#actions li").count() == final
    with replay.expect_download() as download:
        replay.click("#download")
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["actions"] == record["actions"]
    replay.keyboard.press("Home")
    assert "Before the first move" in replay.inner_text("#where")
    replay.keyboard.press("ArrowRight")
    first = record["actions"][0]
    assert f"Move 1 of {final}: {first} — {label(first)}" in replay.inner_text("#where")
    # the position after move 1, as the server replays it
    replay.wait_for_function("document.body.dataset.step === '1'")
    step = api(base, f"/api/tables/{table}/replay/1")
    assert replay.locator("#step-events li").count() == len(step["events"])
    assert replay.locator("#train title").count() > 0
    replay.keyboard.press("End")
    replay.wait_for_function(f"document.body.dataset.step === '{final}'")
    assert "Winner" in replay.inner_text("#scores")
    assert replay.locator("#log li").count() > final / 2

    for w in (host, spec, player):
        assert not w.errors, w.errors
        assert not w.external(), w.external()
        w.close()


def stale(page: Any) -> None:
    """An act with an old version is refused as stale; the page answers with a sync."""
    page.wait_for_function("(window.colt.view.legal || []).length > 0", timeout=30_000)
    welcomes = page.evaluate("window.colt.welcomes")
    page.evaluate(
        "window.colt.ws.send(JSON.stringify({type: 'act', id: 'old',"
        " action: window.colt.view.legal[0], version: window.colt.version - 1}))"
    )
    page.wait_for_function(f"window.colt.welcomes > {welcomes}")
    assert page.locator("#toast").is_hidden()


def test_labels_match_the_terminal(browser: Any, base: str) -> None:
    w = Watch(browser, base)
    w.page.goto(base + "/")
    notations = [str(a) for a in ACTIONS]
    labels = w.page.evaluate(
        "async (xs) => { const m = await import('/static/labels.js'); return xs.map(m.label); }",
        notations,
    )
    assert labels == [label(n) for n in notations]
    w.close()


def test_bad_token_watches_and_reconnects(browser: Any, base: str) -> None:
    made = api(base, "/api/tables", {"players": 3, "preset": "standard", "bots": {"1": "easy"}})
    table = made["table"]
    w = Watch(browser, base)
    w.page.goto(f"{base}/t/{table}#seat=0&token=not-a-token")
    w.page.wait_for_function("window.colt && window.colt.seat === null && window.colt.version >= 0")
    w.page.wait_for_selector("#toast:not([hidden])")
    assert "not valid" in w.page.inner_text("#toast")
    assert "spectator" in w.page.inner_text("#who")
    # the connection drops: the page reconnects by itself
    w.page.wait_for_selector("#conn.ok")
    w.page.evaluate("window.colt.ws.close()")
    w.page.wait_for_selector("#conn.bad")
    w.page.wait_for_selector("#conn.ok", timeout=10_000)
    # before the start, every choice is visible but the server refuses: not-started
    seat0 = made["seats"][0]["invite"]
    w.page.goto(base + seat0)
    w.page.reload()
    w.page.wait_for_function("window.colt && window.colt.seat === 0")
    assert w.page.evaluate("document.body.dataset.status") == "open"
    assert "not started" in w.page.inner_text("#prompt")
    assert not w.errors, w.errors
    w.close()
