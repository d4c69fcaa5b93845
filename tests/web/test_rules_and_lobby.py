"""The table's own rules and the lobby's limits, in Debian's Chromium against the real server.

A table's Rules panel shows that table's rules only: the base game's cards, turns, powers and
events for a base game; Marshal & Prisoners' cards and topics only with it, Horses &
Stagecoach's only with it; Colt Super Express its own cards, its extensions' only with them.
The lobby's form offers, for each game and preset, exactly the player counts its rules
allow (the engine's own options checks), and every one of them makes a table.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from coltexpress.engine import names
from coltexpress.engine.errors import OptionsError
from coltexpress.server.kinds import table_game

from .helpers import CHROMIUM, DESKTOP, PHONE, api, horizontal_overflow, internal_words

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")

MP_CARDS = {names.card(c) for c in ("idea", "move+", "floor+", "capture")}
HS_CARDS = {names.card("ride")}
SE_EXTRA = {"Reflex", "Horse"}  # the cards of Colt Super Express's two extensions


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def _rules(page: Any, base: str, body: dict[str, Any]) -> tuple[set[str], list[str], str]:
    """A new table's Rules panel, opened from the table page: its terms, its headings and
    its text."""
    made = api(base, "/api/tables", body)
    page.goto(f"{base}/t/{made['table']}")
    page.wait_for_function("document.body.dataset.version !== undefined")
    page.click("#rules-btn")
    page.wait_for_selector("#rules-body dl")
    terms = set(page.locator("#rules-body dt").all_inner_texts())
    titles = page.locator("#rules-body h3").all_inner_texts()
    return terms, titles, page.inner_text("#rules-body")


def _cards(page: Any) -> set[str]:
    """The terms of the panel's first section, its cards."""
    return set(page.locator("#rules-body dl").first.locator("dt").all_inner_texts())


def test_a_base_game_shows_the_base_game_only(page: Any, base: str) -> None:
    terms, titles, text = _rules(page, base, {"preset": "standard", "players": 4})
    assert {"Move", "Change Floor", "Shoot", "Rob", "Punch", "Marshal"} <= terms
    assert not terms & (MP_CARDS | HS_CARDS), terms & (MP_CARDS | HS_CARDS)
    assert titles == [
        "Cards", "Turns of a round", "Powers of the bandits", "Events and train stations",
        "Variants",
    ]
    assert "Marshal & Prisoners" not in text and "Stagecoach" not in text
    assert "Expert Variant" not in terms and "2 bandits per player" not in terms
    assert not internal_words(text), internal_words(text)


def test_the_first_game_has_no_powers_or_events(page: Any, base: str) -> None:
    _, titles, _ = _rules(page, base, {"preset": "first-game", "players": 3})
    assert titles == ["Cards", "Turns of a round"]


def test_marshal_and_prisoners_shows_its_own(page: Any, base: str) -> None:
    terms, titles, text = _rules(page, base, {"preset": "marshal-prisoners", "players": 4})
    assert terms >= MP_CARDS
    assert not terms & HS_CARDS and "Marshal" not in _cards(page)  # no Marshal card
    assert "Marshal & Prisoners" in titles and "The Marshal's goals" in titles
    assert "Horses & Stagecoach" not in titles and "Hostages" not in titles
    assert not internal_words(text), internal_words(text)


def test_horses_and_stagecoach_shows_its_own(page: Any, base: str) -> None:
    terms, titles, text = _rules(page, base, {"preset": "horses-stagecoach", "players": 4})
    assert terms >= HS_CARDS
    assert not terms & MP_CARDS
    assert "Horses & Stagecoach" in titles and "Hostages" in titles
    assert "Marshal & Prisoners" not in titles
    assert not internal_words(text), internal_words(text)


@pytest.mark.parametrize(("preset", "extra"), [
    ("standard", set()), ("reflex", {"Reflex"}), ("horse", {"Horse"}),
    ("reflex-horse", {"Reflex", "Horse"}),
])
def test_super_express_shows_its_own_cards(
    page: Any, base: str, preset: str, extra: set[str]
) -> None:
    terms, _, text = _rules(page, base, {"game": "super-express", "preset": preset, "players": 4})
    assert {"Flip", "Change Floor", "Move", "Fire"} <= terms
    assert terms & SE_EXTRA == extra
    assert "Brilliant Idea" not in text and "Stagecoach" not in text


def test_the_accessible_edition_names_each_power_by_its_holder(page: Any, base: str) -> None:
    """Rules 002 give Django's printed power to Tuco and Django one of his own."""
    _, titles, _ = _rules(page, base, {"preset": "accessible", "players": 4})
    powers = page.locator("#rules-body dl").nth(titles.index("Powers of the bandits"))
    terms = powers.locator("dt").all_inner_texts()
    assert sorted(terms) == sorted(
        f"{b}'s power" for b in ("Belle", "Cheyenne", "Django", "Doc", "Ghost", "Tuco")
    )


def _allowed(game: str, preset: str) -> list[str]:
    """The player counts the engine's own options checks accept for a preset (and, where
    the preset's words name its count, that count only)."""
    kind = table_game(game)
    counts = []
    for n in range(0, 12):
        try:
            kind.options(preset, {"players": n})
        except (OptionsError, ValueError):
            continue
        counts.append(n)
    named = {p["preset"]: p.get("players") for p in kind.presets}
    only = named.get(preset)
    return [str(n) for n in counts if only is None or n in only]


def test_the_lobby_offers_exactly_the_player_counts_of_the_chosen_rules(
    browser: Any, base: str
) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(base + "/")
    offered: dict[tuple[str, str], list[str]] = {}
    for game in page.locator("#game option").evaluate_all("os => os.map((o) => o.value)"):
        page.select_option("#game", game)
        presets = page.locator("#preset option").evaluate_all("os => os.map((o) => o.value)")
        assert presets == [p["preset"] for p in table_game(game).presets]
        for preset in presets:
            page.select_option("#preset", preset)
            counts = page.locator("#players option").all_inner_texts()
            assert counts == _allowed(game, preset), (game, preset, counts)
            entry = next(p for p in table_game(game).presets if p["preset"] == preset)
            assert page.inner_text("#preset-about") == f"{entry['name']}: {entry['about']}"
            assert page.locator("#players").input_value() in counts
            seats = page.locator("#seats .seat-row").count()
            assert seats == int(page.locator("#players").input_value())
            offered[game, preset] = counts
    assert offered["colt-express", "horses-stagecoach"] == ["3", "4", "5", "6", "7"]
    # a count kept where the new rules allow it, the rules' own where they do not
    page.select_option("#game", "colt-express")
    page.select_option("#preset", "marshal-prisoners")
    page.select_option("#players", "8")
    page.select_option("#preset", "horses-stagecoach")
    assert page.locator("#players").input_value() == "4"
    page.select_option("#players", "6")
    page.select_option("#preset", "standard")
    assert page.locator("#players").input_value() == "6"
    assert horizontal_overflow(page) <= 0
    # a deal number past what the page's numbers hold exactly is refused by the form, not
    # silently changed into another deal
    page.fill("#seed", "9007199254740993")
    assert page.evaluate("document.getElementById('seed').validity.rangeOverflow")
    page.fill("#seed", "9007199254740991")
    assert page.evaluate("document.getElementById('seed').validity.valid")
    context.close()
    # nothing the form offers is refused
    for (game, preset), counts in offered.items():
        for players in (counts[0], counts[-1]):
            body = {"game": game, "preset": preset, "players": int(players)}
            assert api(base, "/api/tables", body)["table"]
