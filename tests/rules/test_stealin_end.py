"""The Stealin' phase (resolution order, mandatory actions, cards going back) and the end of
the game (loot, the Gunslinger prize, winners and tie-breaks)."""

from __future__ import annotations

from typing import Any

import pytest

from coltexpress import Game
from coltexpress.engine import flow
from coltexpress.engine.content import BULLET
from support import (
    bandit,
    clear_loot,
    draw_or_play,
    give_loot,
    legal,
    new_game,
    put,
    set_hand,
    set_round,
    stealin,
    where,
)


def fresh(preset: str = "first-game", players: int = 3, card: str = "braking", **opts: Any) -> Game:
    g = new_game(preset, players=players, seed=opts.pop("seed", 1), **opts)
    g.first = 0
    set_round(g, card)
    return g


def reveals(events: list[Any]) -> list[tuple[str, str]]:
    return [(e.data["bandit"], e.data["card"]) for e in events if e.kind == "reveal"]


def owned(g: Game, seat: int) -> list[int]:
    return g.deck[seat] + g.hand[seat]


# ---------------------------------------------------------------------------- stealin'


@pytest.mark.rule("base.stealin.drawing-player-has-no-action")
def test_the_rules_example_a_player_who_drew_has_no_action() -> None:
    """The rules' example round: Cheyenne moves, Belle shoots Doc, Tuco drew, Doc changes
    floors."""
    g = new_game("first-game", players=4, seed=1, characters=("cheyenne", "belle", "tuco", "doc"))
    g.first = 0
    set_round(g, "braking")
    put(g, cheyenne=(4, False), belle=(3, False), tuco=(1, True), doc=(2, False))
    for seat, card in ((0, "move"), (1, "shoot"), (3, "floor")):
        set_hand(g, seat, [card])
    set_hand(g, 2, [])  # Tuco only draws: 4 draws take his 10 cards
    events = []
    for play in ("play move", "play shoot", "draw", "play floor"):
        events += g.apply(play)
    for _ in range(12):
        events += g.apply("draw")
    assert reveals(events) == [("cheyenne", "move"), ("belle", "shoot"), ("doc", "floor")]
    assert where(g, "cheyenne") == (3, False)
    assert g.received[bandit(g, "doc")] == 1
    assert where(g, "doc") == (2, True)
    assert where(g, "tuco") == (1, True)


@pytest.mark.rule(
    "base.stealin.turn-pile-over-keep-order",
    "base.stealin.resolve-one-by-one-in-play-order",
)
def test_the_pile_resolves_one_by_one_in_the_order_played() -> None:
    g = fresh(players=3, card="braking")
    put(g, belle=(2, False), cheyenne=(3, False), django=(1, True))
    set_hand(g, 0, ["floor", "rob"])
    set_hand(g, 1, ["shoot", "rob"])
    set_hand(g, 2, ["rob", "floor"])
    events = []
    for play in ("play floor", "play shoot", "play rob", "draw", "draw", "draw"):
        events += g.apply(play)
    for _ in range(6):
        events += g.apply("draw")
    assert reveals(events) == [("belle", "floor"), ("cheyenne", "shoot"), ("django", "rob")]
    assert [e.data["index"] for e in events if e.kind == "reveal"] == [0, 1, 2]
    # One by one: Belle had already climbed to the roof when Cheyenne's shot resolved, so
    # nobody was inside an adjacent car (resolved the other way round, Belle is hit).
    assert g.received[bandit(g, "belle")] == 0
    assert any(e.kind == "no-effect" and e.data["bandit"] == "cheyenne" for e in events)


@pytest.mark.rule("base.stealin.actions-mandatory-if-possible")
def test_actions_are_mandatory_if_possible() -> None:
    """D-forced: a choice with a single option is carried out at once; a card with no legal
    choice has no effect; a card with several options cannot be declined."""
    g = fresh(players=3)
    put(g, belle=(3, False), cheyenne=(2, False), django=(2, True))
    events = stealin(g, [("belle", "move"), ("django", "shoot"), ("cheyenne", "move")])
    assert where(g, "belle") == (2, False)  # the only move from the caboose, made at once
    no_effect = [e for e in events if e.kind == "no-effect"]
    assert [e.data["bandit"] for e in no_effect] == ["django"]  # nobody on the roofs
    assert g.pending.decision == "move" and g.pending.bandit == "cheyenne"
    assert "pass" not in legal(g)
    assert sorted(legal(g)) == ["move back 1", "move forward 1"]


@pytest.mark.rule("base.stealin.cards-returned-after-all-resolved")
def test_cards_return_to_their_owners_after_the_whole_pile() -> None:
    g = fresh(players=3)
    put(g, belle=(2, False), cheyenne=(2, False), django=(3, False))
    stealin(g, [("django", "floor"), ("belle", "move")])
    (floor_card, move_card) = g.pile
    assert g.pending.decision == "move"
    assert floor_card not in owned(g, 2)  # resolved, but still on the pile
    g.apply("move forward 1")
    assert floor_card in owned(g, 2) and move_card in owned(g, 0)
    assert g.pile == []
    for seat in range(3):
        assert len(owned(g, seat)) == 10


@pytest.mark.rule("base.stealin.accessible-card-returned-after-each-action")
def test_accessible_card_goes_back_on_the_deck_once_performed() -> None:
    g = fresh("accessible", players=3)
    put(g, belle=(2, False), cheyenne=(2, False), django=(3, False))
    stealin(g, [("django", "floor"), ("belle", "move")])
    floor_card = g.pile[0]
    assert g.pending.decision == "move"
    assert g.deck[2][-1] == floor_card  # back on top of Django's deck already
    g.apply("move forward 1")
    assert g.pile == []


@pytest.mark.rule("base.stealin.shuffle-all-cards-including-bullets")
@pytest.mark.pure
def test_each_player_shuffles_all_his_cards_with_bullets(monkeypatch: pytest.MonkeyPatch) -> None:
    g = fresh(players=3)
    put(g, belle=(1, False), cheyenne=(2, False), django=(3, True))
    shuffled: dict[int, list[int]] = {}
    real = flow.shuffle

    def spy(game: Game, items: list[int]) -> None:
        for seat, deck in enumerate(game.deck):
            if items is deck:
                shuffled[seat] = list(items)
        real(game, items)

    monkeypatch.setattr(flow, "shuffle", spy)
    stealin(g, [("belle", "shoot")])  # Cheyenne is the only target
    assert sorted(shuffled) == [0, 1, 2]
    assert len(shuffled[0]) == 10 and len(shuffled[2]) == 10
    cheyenne = shuffled[1]
    assert len(cheyenne) == 11  # 10 action cards and Belle's bullet
    bullets = [c for c in cheyenne if g.card_kind[c] == BULLET]
    assert len(bullets) == 1 and g.card_bandit[bullets[0]] == bandit(g, "belle")


@pytest.mark.rule("base.stealin.first-player-passes-left")
def test_first_player_passes_to_the_left() -> None:
    g = new_game("first-game", players=4, seed=2)
    first = g.first
    events = []
    while g.round_no == 0:
        events += draw_or_play(g)
    assert g.first == (first + 1) % 4
    assert next(e for e in events if e.kind == "round").data["first"] == g.first
    assert g.pending.seat == g.first
    while g.round_no == 1:
        draw_or_play(g)
    assert g.first == (first + 2) % 4


# ---------------------------------------------------------------------------- end of the game


@pytest.mark.rule("base.end.after-fifth-round")
def test_game_ends_after_the_fifth_round() -> None:
    g = new_game("first-game", players=3, seed=3)
    while g.round_no < 4:
        g.apply_id(g.legal_ids()[0])
    assert not g.is_over and g.round_deck == []  # the fifth round is being played
    events = []
    while not g.is_over:
        events += g.apply_id(g.legal_ids()[0])
    assert g.round_no == 5
    assert g.pending.decision == "over" and g.pending.seat is None
    assert [e.kind for e in events].count("game-over") == 1
    assert len(g.round_log) == 5


def end_state(players: int = 3) -> Game:
    g = new_game(players=players, seed=1)
    clear_loot(g)
    return g


@pytest.mark.rule("base.end.add-up-loot-values")
def test_loot_values_are_added_up() -> None:
    g = end_state()
    give_loot(g, "belle", "purse", 300)
    give_loot(g, "belle", "jewel", 500)
    give_loot(g, "belle", "strongbox", 1000)
    give_loot(g, "cheyenne", "purse", 450)
    give_loot(g, "cheyenne", "purse", 250)
    g.cylinder[:] = [6, 5, 6]  # Cheyenne is the Gunslinger
    result = g.result()
    assert result["loot"] == [1800, 700, 0]
    assert result["totals"] == [1800, 1700, 0]


@pytest.mark.rule("base.end.gunslinger-prize-most-bullets-shot")
def test_gunslinger_prize_to_who_shot_most() -> None:
    g = end_state()
    give_loot(g, "belle", "jewel", 500)
    g.cylinder[:] = [4, 3, 5]  # Belle shot 2, Cheyenne 3, Django 1
    result = g.result()
    assert result["shots"] == [2, 3, 1]
    assert result["gunslingers"] == [1]
    assert result["totals"] == [500, 1000, 0]
    # Tied for most bullets shot: each of them gets $1000.
    g.cylinder[:] = [3, 3, 5]
    result = g.result()
    assert result["gunslingers"] == [0, 1]
    assert result["totals"] == [1500, 1000, 0]


def test_gunslinger_when_nobody_shot_goes_to_everyone() -> None:
    """D-gunslinger-zero: the prize goes to the player(s) "who has the fewest Bullet cards of
    his character's color remaining"; if nobody shot, every player is tied for it."""
    g = end_state()
    give_loot(g, "django", "purse", 350)
    result = g.result()
    assert result["shots"] == [0, 0, 0]
    assert result["gunslingers"] == [0, 1, 2]
    assert result["totals"] == [1000, 1000, 1350]
    assert result["winners"] == [2]


@pytest.mark.rule("base.end.richest-player-wins")
def test_richest_player_wins() -> None:
    g = end_state()
    give_loot(g, "belle", "jewel", 500)
    give_loot(g, "cheyenne", "strongbox", 1000)
    give_loot(g, "django", "purse", 500)
    give_loot(g, "django", "purse", 450)
    g.cylinder[:] = [5, 6, 6]  # Belle's one shot is worth $1000: she is richest
    result = g.result()
    assert result["totals"] == [1500, 1000, 950]
    assert result["winners"] == [0]


@pytest.mark.rule("base.end.tie-break-fewest-bullets-received")
def test_tie_broken_by_fewest_bullet_cards_received() -> None:
    g = end_state()
    give_loot(g, "belle", "strongbox", 1000)
    give_loot(g, "cheyenne", "jewel", 500)
    give_loot(g, "cheyenne", "jewel", 500)
    give_loot(g, "django", "jewel", 500)
    g.received[:] = [3, 2, 0]  # Django received fewest, but he is not tied for richest
    g.cylinder[:] = [5, 5, 5]
    result = g.result()
    assert result["totals"] == [2000, 2000, 1500]
    assert result["winners"] == [1]


def test_neutral_bullets_count_as_bullet_cards_received() -> None:
    """Every bullet card a player received counts for the tie-break, neutral ones (from the
    Marshal) included: the rule says "Bullet cards", not the bandits' bullets only.
    D-tie-break-neutral."""
    g = new_game("first-game", players=3, seed=1)
    g.first = 0
    set_round(g, "braking")
    clear_loot(g)
    put(g, belle=(3, False), cheyenne=(1, False), django=(2, True))
    stealin(g, [("belle", "marshal")])  # from the locomotive the Marshal can only go to car 1
    assert g.marshal == 1 and where(g, "cheyenne") == (1, True)
    give_loot(g, "belle", "jewel", 500)
    give_loot(g, "cheyenne", "jewel", 500)
    result = g.result()
    assert result["received"] == [0, 1, 0]
    assert result["winners"] == [0]


@pytest.mark.rule("base.end.further-tie-shared-victory")
def test_further_tie_shares_the_victory() -> None:
    g = end_state(players=4)
    give_loot(g, "belle", "strongbox", 1000)
    give_loot(g, "cheyenne", "jewel", 500)
    give_loot(g, "cheyenne", "jewel", 500)
    give_loot(g, "doc", "jewel", 500)
    give_loot(g, "doc", "purse", 500)
    g.received[:] = [2, 1, 0, 1]
    result = g.result()
    assert result["totals"] == [2000, 2000, 1000, 2000]  # nobody shot: $1000 each
    assert result["winners"] == [1, 3]  # tied on money and on bullets received
