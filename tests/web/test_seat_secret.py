"""A seat is its player's, in Debian's Chromium against the real server: the page keeps the
seat's secret and comes back with it on a reload, hands it to the player's other devices as
a link, the invite opened elsewhere is turned away (and the player told), and the host
releases the seat of a player who left."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .helpers import CHROMIUM, PHONE, api

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")

LAPTOP = {"viewport": {"width": 1280, "height": 800}}
READY = "document.body.dataset.version !== undefined && window.colt.view !== null"
TAKEN = "This seat has been taken by its player; ask the host for a new link if it was yours."



def _open(context: Any, url: str) -> Any:
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(READY)
    return page


def test_the_page_keeps_its_seat_on_reload_and_on_another_device(
    base: str, new_context: Any
) -> None:
    made = api(base, "/api/tables", {"players": 3, "bots": {"2": "easy"},
                                     "names": {"0": "Anna", "1": "Ben"}, "host_seat": 0})
    invite = base + made["seats"][1]["invite"]
    ben = _open(new_context(PHONE), invite)
    assert ben.evaluate("window.colt.seat") == 1
    # the invite is gone from the address bar; the secret is kept in this browser
    assert ben.evaluate("location.hash") == "#seat=1"
    secret = ben.evaluate(f"localStorage.getItem('colt-secret-{made['table']}-1')")
    assert secret and secret not in invite
    # a reload comes back to the seat with the kept secret
    ben.evaluate("window.__before = true")
    ben.reload()
    ben.wait_for_function(READY)
    assert ben.evaluate("window.__before === undefined")  # a new document
    assert ben.evaluate("window.colt.seat") == 1
    assert "You play" in ben.inner_text("#who")
    # the invite link itself, opened again in this browser, still finds the seat
    ben.goto(invite)
    ben.reload()
    ben.wait_for_function(READY)
    assert ben.evaluate("window.colt.seat") == 1
    # "Your other devices" holds the link that opens the seat elsewhere
    link = ben.locator("#device-link input").input_value()
    assert link.endswith(f"#seat=1&token={secret}")
    laptop = _open(new_context(LAPTOP), link)
    assert laptop.evaluate("window.colt.seat") == 1
    # someone else with the invite (another browser) is turned away, and Ben is told
    other = new_context(LAPTOP).new_page()
    other.goto(invite)
    other.wait_for_function(
        "!document.getElementById('toast').hidden", timeout=15_000
    )
    assert TAKEN in other.inner_text("#toast")
    other.wait_for_function(READY)
    assert other.evaluate("window.colt.seat") is None  # watching, with no hand
    ben.wait_for_function(
        "document.getElementById('log').innerText.includes('turned away')", timeout=15_000
    )


def test_the_host_releases_the_seat_of_a_player_who_left(base: str, new_context: Any) -> None:
    made = api(base, "/api/tables", {"players": 3, "bots": {"2": "easy"},
                                     "names": {"0": "Anna", "1": "Ben"}, "host_seat": 0})
    table = made["table"]
    host = new_context(LAPTOP).new_page()
    host.goto(base + "/")
    humans = [s for s in made["seats"] if s["kind"] == "human"]
    host.evaluate(
        "([t, token, invites]) => { localStorage.setItem(`colt-host-${t}`, token);"
        " localStorage.setItem(`colt-invites-${t}`, invites); }",
        [table, made["host_token"], json.dumps(humans)],
    )
    host.goto(base + made["seats"][0]["invite"])
    host.wait_for_function(READY)
    phone = new_context(PHONE)
    _open(phone, base + made["seats"][1]["invite"])
    row = host.locator("#invites li[data-seat='1']")
    host.wait_for_function(
        "document.querySelector(\"#invites li[data-seat='1'] .presence\")?.dataset.presence"
        " === 'here'", timeout=15_000,
    )
    assert row.locator("button.release").count() == 0  # never while the player is here
    phone.close()  # Ben leaves
    release = row.locator("button.release")
    release.wait_for(timeout=15_000)
    assert row.locator("input.link").count() == 0  # his old link opens nothing
    # the server's answer held back: everyone's notice of the release comes first
    held: list[tuple[Any, Any]] = []
    host.route("**/seats/1/release", lambda route: held.append((route, route.fetch())))
    release.click()
    host.wait_for_function(
        "document.getElementById('log').innerText.includes('The host released')",
        timeout=15_000,
    )
    assert "a new link invites its next player" in host.inner_text("#log")
    assert len(held) == 1
    assert row.locator("input.link").count() == 0  # never the old link meanwhile
    route, answer = held[0]
    route.fulfill(response=answer)
    new_link = row.locator("input.link").input_value()
    assert new_link.startswith(f"{base}/t/{table}#seat=1&token=")
    assert new_link != base + made["seats"][1]["invite"]
    # the new link seats its next player
    carl = _open(new_context(PHONE), new_link)
    assert carl.evaluate("window.colt.seat") == 1
