"""The lobby's pages and notes, the create form's turn clock and practice deal, and the turn
clock at the table (headless Chromium against the real server, docs/protocol.md).

The lobby lists the live tables a page at a time ("More tables"), the finished ones apart,
each with the server's notes (turn clock, practice deal). At the table the notes stand near
the top; while a person decides under a turn clock every viewer sees whose decision it is
and the seconds left, and the deciding player reads "You have N s"; when the time runs out
the log tells that a bot made the move.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from .helpers import (
    CHROMIUM,
    MY_TURN,
    PHONE,
    api,
    horizontal_overflow,
    in_viewport,
    internal_words,
    play_one,
    seed_where,
)

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")

PAGE = 50  # the lobby's page of live tables (the server's default per_page)
BOTS = {"1": "easy", "2": "easy"}



def _live(base: str) -> list[str]:
    """Every live table the lobby API lists, newest first."""
    tables: list[str] = []
    page: int | None = 1
    while page is not None:
        answer = api(base, f"/api/tables?list=live&page={page}")
        tables += [t["table"] for t in answer["tables"]]
        page = answer["next_page"]
    return tables


def _finish(new_page: Any, base: str) -> str:
    """A game of bots only, watched to its end (bots move while someone watches)."""
    made = api(base, "/api/tables", {"players": 3, "bots": {"0": "easy", **BOTS}})
    watch = new_page()
    watch.goto(f"{base}/t/{made['table']}")
    watch.select_option("#pace", "0")
    watch.wait_for_function("document.body.dataset.version !== undefined")
    api(base, f"/api/tables/{made['table']}/start", {}, token=made["host_token"])
    watch.wait_for_function("document.body.dataset.status === 'over'", timeout=60_000)
    return str(made["table"])


def _clock_text(page: Any, selector: str) -> str:
    return str(page.inner_text(selector)).strip()


def test_the_lobby_pages_its_tables_and_shows_their_notes(new_page: Any, base: str) -> None:
    finished = _finish(new_page, base)
    filler = max(2, PAGE + 2 - len(_live(base)))  # more than a page, whatever came before
    plain = {"players": 3, "clock": 0}  # no turn clock: no notes
    oldest = api(base, "/api/tables", plain)["table"]
    for _ in range(filler - 1):
        api(base, "/api/tables", plain)
    practice_table = {"players": 3, "bots": BOTS, "seed": 5, "clock": 60}
    practice = api(base, "/api/tables", practice_table)["table"]
    live = _live(base)
    assert len(live) > PAGE and live[0] == practice and oldest in live[PAGE:]

    page = new_page()
    page.clock.install()  # the lobby's own refresh (every 10 s) must not do "More"'s work
    page.goto(base + "/")
    entry = page.locator(f"#tables li[data-table='{practice}']")
    entry.wait_for()
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    notes = entry.locator(".note").all_inner_texts()
    assert (
        "Turn clock: 1 min a decision; when it runs out, a bot makes that move. After a "
        "player's time has run out twice, the others may hand their seat to a bot until they "
        "come back." in notes
    )
    assert any(n.startswith("Practice table: its creator chose the deal") for n in notes)
    assert page.locator(f"#tables li[data-table='{live[1]}'] .note").count() == 0
    # a page of live tables, then the next one on demand
    assert page.locator("#tables li").count() == PAGE
    assert page.locator(f"#tables li[data-table='{oldest}']").count() == 0
    with page.expect_response(lambda r: "page=2" in r.url):
        page.click("#more")
    page.locator(f"#tables li[data-table='{oldest}']").wait_for(timeout=5000)
    shown = page.locator("#tables li").evaluate_all("ls => ls.map((l) => l.dataset.table)")
    assert shown == live  # every table once, newest first
    assert page.locator("#more").is_hidden() == (len(live) <= 2 * PAGE)
    # the finished games apart, with their replay
    done = page.locator(f"#finished li[data-table='{finished}']")
    assert "Replay" in done.inner_text()
    assert page.locator(f"#tables li[data-table='{finished}']").count() == 0
    assert horizontal_overflow(page) <= 0


def test_the_create_form_offers_a_clock_and_a_deal_for_practice_only(
    new_page: Any, base: str
) -> None:
    page = new_page(PHONE)
    page.goto(base + "/")
    clocks = page.locator("#clock option").all_inner_texts()
    assert clocks == [
        "Standard: 1 min a decision, 5 min in reserve (off for one player)",
        "Off", "30 s", "1 min", "2 min", "5 min",
    ]
    assert page.locator("#clock").input_value() == "standard"
    hint = page.locator("#seed-hint")
    assert page.locator("#seed").is_enabled() and hint.is_visible()
    page.select_option("#seats select[data-seat='1']", "human")  # two players: no chosen deal
    assert page.locator("#seed").is_disabled() and hint.is_visible()
    page.select_option("#seats select[data-seat='1']", "easy")
    assert page.locator("#seed").is_enabled()
    assert horizontal_overflow(page) <= 0
    # a create the server refuses: its reason is shown, and we stay in the lobby
    page.fill("#seats input[type=text][data-seat='0']", "Anna\u202e")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#create-error:not(:empty)")
    assert "control or invisible characters" in page.inner_text("#create-error")
    assert page.url == base + "/"


def test_the_turn_clock_counts_down_and_a_bot_moves_when_it_runs_out(
    new_page: Any, base: str
) -> None:
    page = new_page()
    page.goto(base + "/")
    page.select_option("#players", "3")
    page.fill("#seats input[type=text][data-seat='0']", "Anna")
    for seat in (1, 2):
        page.select_option(f"#seats select[data-seat='{seat}']", "easy")
    page.fill("#seed", str(seed_where(3, "standard", 0)))  # Anna decides first
    # a 5 s clock, shorter than the form offers, keeps the test fast
    page.evaluate("document.getElementById('clock').add(new Option('5 s', '5', true, true))")
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/**")
    page.wait_for_function("document.body.dataset.version !== undefined")
    notes = page.inner_text("#notes")
    assert "Turn clock: 5 s a decision" in notes and "Practice table" in notes
    assert page.locator("#clock").is_hidden()  # not before the start
    page.select_option("#pace", "0")
    page.click("#start-btn")

    page.wait_for_function(MY_TURN)
    version = int(page.evaluate("document.body.dataset.version"))
    assert in_viewport(page, "#clock-mine") and page.locator("#clock").is_visible()
    first = re.fullmatch(r"You have ([1-5]) s to decide", _clock_text(page, "#clock-mine"))
    assert first, _clock_text(page, "#clock-mine")
    assert "urgent" in str(page.get_attribute("#clock-mine", "class"))  # the last 10 s
    assert page.inner_text("#clock-say").startswith("You have")  # said once, at the start
    page.wait_for_function(  # it counts down by itself
        """(n) => { const m = document.getElementById('clock-mine').textContent
            .match(/^You have (\\d) s/); return m && Number(m[1]) < n; }""",
        arg=int(first.group(1)),
    )
    page.wait_for_function(
        "document.getElementById('log').textContent.includes('time ran out')", timeout=15_000
    )
    told = page.locator("#log li").filter(has_text="time ran out").inner_text()
    assert told.startswith("Anna's time ran out: a bot made this move for ")
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    # the bots play, then Anna decides again with a fresh clock
    page.wait_for_function(f"{MY_TURN} && Number(document.body.dataset.version) > {version}")
    again = re.fullmatch(r"You have [1-5] s to decide", _clock_text(page, "#clock-mine"))
    assert again, _clock_text(page, "#clock-mine")


def test_notes_and_clock_fit_a_phone(new_page: Any, base: str) -> None:
    name = "Anna-Maria Kowalska"
    table = {"players": 3, "bots": BOTS, "names": {"0": name}, "seed": 7, "clock": 60}
    made = api(base, "/api/tables", {**table, "host_seat": 0})
    player = new_page(PHONE)
    player.goto(base + made["seats"][0]["invite"])
    player.wait_for_function("window.colt && window.colt.seat === 0")
    spectator = new_page(PHONE)
    spectator.goto(f"{base}/t/{made['table']}")
    spectator.wait_for_function("document.body.dataset.version !== undefined")
    api(base, f"/api/tables/{made['table']}/start", {}, token=made["host_token"])
    player.select_option("#pace", "0")
    spectator.select_option("#pace", "0")
    player.wait_for_function(MY_TURN)
    spectator.wait_for_selector("#clock:not([hidden])")
    assert re.fullmatch(r"You have \d+ s to decide", _clock_text(player, "#clock-mine"))
    assert in_viewport(player, "#clock-mine")  # in the choices' bar at the foot of the screen
    said = _clock_text(spectator, "#clock")
    assert re.fullmatch(rf".+ \({name}\) has \d+ s to decide", said), said
    assert spectator.locator("#clock-mine").is_hidden()
    for page in (player, spectator):
        assert horizontal_overflow(page) <= 0
        page.evaluate("window.scrollTo(0, 0)")
        for part in ("#notes", "#clock"):
            assert in_viewport(page, part), part
        assert not internal_words(page.inner_text("#stage"))


def test_the_standard_clock_is_the_default_of_a_table_of_several_people(
    new_page: Any, base: str
) -> None:
    """Two people and a bot, the form left as it is: the table has the standard clock and
    says so; "Off" makes a table with none."""
    for choice, expected in (("standard", True), ("0", False)):
        page = new_page()
        page.goto(base + "/")
        page.select_option("#seats select[data-seat='1']", "human")
        page.select_option("#clock", choice)
        page.click("#create button[type=submit]")
        page.wait_for_url("**/t/**")  # the new page has a body before it is polled
        page.wait_for_function(
            "document.body.dataset.version !== undefined && window.colt.view !== null"
        )
        notes = page.locator("#notes li").all_inner_texts()
        standard = (
            "Turn clock: 1 min a decision, and 5 min in reserve for each player over the game; "
            "when both run out, a bot makes that move. After a player's time has run out "
            "twice, the others may hand their seat to a bot until they come back."
        )
        assert (standard in notes) == expected, notes
        assert expected or not any(n.startswith("Turn clock") for n in notes)


def test_a_twice_timed_out_players_seat_is_handed_to_a_bot_from_the_page(
    new_page: Any, base: str
) -> None:
    """Anna is at the table and never moves; her 5 s clock runs out twice. Ben's page then
    offers to let a bot play for her, and after his click everyone reads it in words."""
    made = api(base, "/api/tables", {
        "players": 3, "bots": {"2": "easy"}, "names": {"0": "Anna", "1": "Ben"},
        "seed": seed_where(3, "standard", 0), "clock": 5,
    })
    anna = new_page()
    anna.goto(base + made["seats"][0]["invite"])
    anna.wait_for_function("document.body.dataset.version !== undefined")
    ben = new_page()
    ben.goto(base + made["seats"][1]["invite"])
    ben.wait_for_function("document.body.dataset.version !== undefined")
    ben.select_option("#pace", "0")
    api(base, f"/api/tables/{made['table']}/start", {}, token=made["host_token"])
    rng = random.Random(3)
    n = 0
    while ben.locator("#idle").is_hidden():
        assert n < 40, "Anna's clock did not run out twice"
        ben.wait_for_function(
            f"{MY_TURN} || !document.getElementById('idle').hidden", timeout=60_000
        )
        if ben.locator("#idle").is_hidden():
            play_one(ben, rng, n)
        n += 1
    assert ben.inner_text("#log").count("Anna's time ran out") == 2
    offer = ben.locator("#idle button.hand")
    assert offer.inner_text().startswith("Let a bot play for ") and "(Anna)" in offer.inner_text()
    assert anna.locator("#idle").is_hidden()  # not offered to Anna herself
    assert not internal_words(ben.inner_text("#idle")), ben.inner_text("#idle")
    offer.click()
    for page in (ben, anna):
        page.wait_for_function(
            "document.getElementById('log').innerText.includes('to a bot until Anna comes back')",
            timeout=15_000,
        )
    assert ben.locator("#idle").is_hidden()  # a bot plays for her now
