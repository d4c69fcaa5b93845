"""A table before its host starts the game, in Debian's Chromium against the real server.

The host sees, seat by seat and live (pushed over the WebSocket, no reload), whether each
invited player has arrived: not here yet (the link not opened), here (connected), left
(came, and is no longer connected). An invited player is never told "Your turn" before the
start, in either game and with either expansion: the page says who will start the game and
that they wait; once the host starts, the first player's turn is theirs.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from coltexpress.server.kinds import table_game

from .helpers import CHROMIUM, PHONE, api, horizontal_overflow, internal_words

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")

LAPTOP = {"viewport": {"width": 1280, "height": 800}}
READY = "document.body.dataset.version !== undefined && window.colt.view !== null"



def _first(game: str, preset: str, players: int, seed: int) -> int:
    """The seat whose decision comes first in a deal."""
    kind = table_game(game)
    return int(kind.new(kind.options(preset, {"players": players}).to_dict(), seed).current_seat)


def _host_page(context: Any, base: str, made: dict[str, Any], seat: int = 0) -> Any:
    """The host's page at their seat: the host token kept in the browser as the lobby
    keeps it, with the invite links."""
    page = context.new_page()
    page.goto(base + "/")
    humans = [s for s in made["seats"] if s["kind"] == "human"]
    page.evaluate(
        "([t, token, invites]) => { localStorage.setItem(`colt-host-${t}`, token);"
        " localStorage.setItem(`colt-invites-${t}`, invites); }",
        [made["table"], made["host_token"], json.dumps(humans)],
    )
    page.goto(base + made["seats"][seat]["invite"])
    page.wait_for_function(READY)
    return page


def _presence(page: Any, seat: int) -> str | None:
    """What the host's panel says of a seat: its state and words."""
    item = page.locator(f"#invites li[data-seat='{seat}'] .presence")
    if not item.count():
        return None
    return f"{item.get_attribute('data-presence')}: {item.inner_text()}"


def _wait_presence(page: Any, seat: int, state: str) -> None:
    page.wait_for_function(
        "([seat, state]) => { const e = document.querySelector("
        "`#invites li[data-seat='${seat}'] .presence`);"
        " return e !== null && e.dataset.presence === state; }",
        arg=[seat, state],
        timeout=15_000,
    )


def test_the_host_sees_who_has_arrived_live(base: str, new_context: Any) -> None:
    made = api(
        base,
        "/api/tables",
        {"players": 4, "bots": {"3": "easy"}, "names": {"0": "Anna", "1": "Ben"}, "host_seat": 0},
    )
    host = _host_page(new_context(LAPTOP), base, made)
    host.evaluate("window.__sameDocument = true")
    ben, cleo = made["seats"][1], made["seats"][2]
    assert _presence(host, 1) == "waiting: not here yet: the link has not been opened"
    assert _presence(host, 2) == "waiting: not here yet: the link has not been opened"
    assert _presence(host, 0) == "here: you"
    assert "(1 of 3 players here)" in host.inner_text("#prompt")
    # Ben opens his link on his phone: the host sees him arrive, without a reload
    phone = new_context(PHONE)
    page = phone.new_page()
    page.goto(base + ben["invite"])
    page.wait_for_function(READY)
    _wait_presence(host, 1, "here")
    assert _presence(host, 1) == "here: here"
    assert _presence(host, 2) == "waiting: not here yet: the link has not been opened"
    assert "(2 of 3 players here)" in host.inner_text("#prompt")
    assert f"{ben['bandits']} (Ben)" in host.inner_text("#invites li[data-seat='1']")
    # Ben's page says the same of the others, without their links
    _wait_presence(page, 0, "here")
    assert page.locator("#invites input.link").count() == 0
    assert horizontal_overflow(page) <= 0
    # the link that opens Ben's seat on his other devices (his invite is his seat's no more)
    own_link = page.locator("#device-link input").input_value()
    # Ben closes his page: he has left
    phone.close()
    _wait_presence(host, 1, "left")
    assert _presence(host, 1) == "left: left the table"
    assert "(1 of 3 players here)" in host.inner_text("#prompt")
    assert "left the table" in host.inner_text(".bandit-list")
    # he comes back, on another device, with his own link
    again = new_context(PHONE).new_page()
    again.goto(own_link)
    _wait_presence(host, 1, "here")
    assert host.evaluate("window.__sameDocument") is True  # all of it pushed, no reload
    assert _presence(host, 2) == "waiting: not here yet: the link has not been opened"
    assert cleo["invite"] in host.locator("#invites li[data-seat='2'] input").input_value()


def test_a_host_alone_against_bots_is_not_asked_to_wait_for_anyone(
    base: str, new_context: Any
) -> None:
    made = api(base, "/api/tables", {"players": 3, "bots": {"1": "easy", "2": "easy"},
                                     "host_seat": 0})
    host = _host_page(new_context(PHONE), base, made)
    assert host.inner_text("#prompt") == "Start the game when you are ready."
    assert host.inner_text("#host-line") == (
        "You are the host, and the other seats are bots: start the game when you are ready."
    )
    assert host.inner_text("#situation") == (
        "The game has not started yet: you are the host; start it when you are ready."
    )


# the invited player decides first: the page must still not say it is their turn
BEFORE = [
    ("colt-express", "standard", 4),
    ("colt-express", "marshal-prisoners", 4),
    ("colt-express", "horses-stagecoach", 4),
    ("colt-express", "both-expansions", 4),
    ("super-express", "standard", 4),
    ("super-express", "reflex-horse", 4),
]


@pytest.mark.parametrize(("game", "preset", "players"), BEFORE)
def test_an_invited_player_is_not_told_it_is_their_turn_before_the_start(
    base: str, new_context: Any, game: str, preset: str, players: int
) -> None:
    seed = 7
    ben = _first(game, preset, players, seed)  # the invited player, who decides first
    anna = (ben + 1) % players  # the host
    bots = {str(s): "easy" for s in range(players) if s not in (ben, anna)}
    made = api(
        base,
        "/api/tables",
        {
            "game": game, "preset": preset, "players": players, "seed": seed, "bots": bots,
            "names": {str(anna): "Anna", str(ben): "Ben"}, "host_seat": anna,
        },
    )
    host_label = f"{made['seats'][anna]['bandits']} (Anna)"
    page = new_context(PHONE).new_page()
    page.goto(base + made["seats"][ben]["invite"])
    page.wait_for_function(READY)
    assert page.evaluate("window.colt.view.actor") == ben  # the first decision is Ben's
    text = page.inner_text("body")
    assert "your turn" not in text.lower(), text
    assert not page.title().lower().startswith("your turn")
    situation = page.inner_text("#situation")
    assert situation == (
        f"The game has not started yet: {host_label}, the host, will start it. "
        "Until then you wait."
    )
    assert f"{host_label} is the host and will start the game." in page.inner_text("#host")
    assert not internal_words(text), internal_words(text)
    assert horizontal_overflow(page) <= 0
    # the host starts: now it is Ben's turn, and the page says so
    api(base, f"/api/tables/{made['table']}/start", {}, token=made["host_token"])
    page.wait_for_function("document.body.dataset.status === 'playing'", timeout=15_000)
    page.wait_for_function(
        "document.getElementById('situation').innerText.includes('Your turn')", timeout=15_000
    )
