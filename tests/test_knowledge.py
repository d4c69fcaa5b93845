"""What a seat knows, and that every sampled world keeps it (D-known-cards, D-memory).

The property, fuzzed over every option set: for every seat (and a spectator), every world
``determinize`` samples gives that seat exactly the same view, and the world's own cards and
loot agree with every fact the view states (known deck tops, cards known to be in a hand,
cards revealed on the pile, purse values the seat holds or once held). Scenario tests show
each kind of knowledge arising as the rules make it public.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from coltexpress import Game, Options
from coltexpress.engine.content import BULLET, PURSE
from support import (
    bandit,
    clear_loot,
    give_loot,
    new_game,
    put,
    set_hand,
    set_round,
    stealin,
    to_first_turn,
)
from tests.test_fuzz import CONFIG_IDS, CONFIGS, sample_states

WORLDS = 3


def _names(g: Game, cards: list[int]) -> Counter[str]:
    return Counter(g.card_name(c) for c in cards)


def facts_hold(view: dict[str, Any], world: Game, seat: int | None) -> list[str]:
    """The facts a view states that the world's raw state breaks (empty: all hold)."""
    broken = []
    for player in view["players"]:
        s = player["seat"]
        deck = world.deck[s]
        top = len(deck)
        for segment in player["deck_top"]:
            part = deck[max(0, top - segment["size"]):top]
            if len(part) != segment["size"] or Counter(segment["cards"]) - _names(world, part):
                broken.append(f"seat {s}: deck top {segment} not in {sorted(_names(world, part))}")
            top -= segment["size"]
        held = world.hand[s] + world.kept[s] + world.dropped[s]
        if Counter(player["known_hand"]) - _names(world, held):
            broken.append(f"seat {s}: known hand {player['known_hand']} not held")
        if player["deck_from"] and _names(world, deck[:top]) - Counter(player["deck_from"]):
            broken.append(f"seat {s}: the deck holds cards not from {player['deck_from']}")
        cap = player["hand_bullets_max"]
        bullets = sum(1 for c in held if world.card_name(c).startswith("bullet"))
        known = sum(1 for name in player["known_hand"] if name.startswith("bullet"))
        if cap is not None and bullets - known > cap:
            broken.append(f"seat {s}: more than {cap} unknown bullets in hand")
    if seat is not None:
        if sorted(view["hand"]) != sorted(world.card_name(c) for c in world.hand[seat]):
            broken.append("own hand differs")
        if sorted(view["kept"]) != sorted(world.card_name(c) for c in world.kept[seat]):
            broken.append("own kept cards differ")
        if sorted(view["discarding"]) != sorted(world.card_name(c) for c in world.dropped[seat]):
            broken.append("own discards differ")
    for i, entry in enumerate(view["pile"]):
        if entry["card"] is not None and world.card_name(world.pile[i]) != entry["card"]:
            broken.append(f"pile card {i} is {world.card_name(world.pile[i])}, not {entry}")
    tokens = [t for b in view["bandits"] for t in b["loot"]]
    tokens += [t for space in view["spaces"] for t in space["loot"]]
    for token in tokens:
        if "value" in token and world.loot_value[token["id"]] != token["value"]:
            broken.append(f"token {token} has value {world.loot_value[token['id']]}")
    return broken


@pytest.mark.parametrize(("label", "options"), CONFIGS, ids=CONFIG_IDS)
def test_every_sampled_world_keeps_what_the_seat_knows(label: str, options: Options) -> None:
    for n, g in enumerate(sample_states(options, 61, every=3)):
        for seat in [None, *range(g.n_players)]:
            view = g.view(seat)
            assert not facts_hold(view, g, seat), "the real state breaks its own view"
            for k in range(WORLDS):
                world = g.determinize(seat, random.Random(1000 * n + k))
                assert world.view(seat) == view, (label, seat, k)
                assert not facts_hold(view, world, seat), (label, seat, k, g)


def test_the_fuzzed_states_hold_every_kind_of_fact() -> None:
    """The property above is not vacuous: the sampled states know deck tops, cards in other
    hands, cards revealed while they resolve and purse values once held."""
    counts = Counter[str]()
    for label in ("standard-4p", "expert-5p", "accessible-4p", "two-player-2p", "expert-3p"):
        for g in sample_states(dict(CONFIGS)[label], 61, every=3):
            if g.is_over:
                continue
            for seat in range(g.n_players):
                view = g.view(seat)
                others = [p for p in view["players"] if p["seat"] != seat]
                counts["deck top"] += any(p["deck_top"] for p in others)
                counts["known hand"] += any(p["known_hand"] for p in others)
                counts["revealed"] += any(
                    e["down"] and e["card"] and e["seat"] != seat and not e["resolved"]
                    for e in view["pile"]
                )
                mine = {t for b in g.bandits_of[seat] for t in g.held[b]}
                counts["remembered"] += any(
                    "value" in t and t["id"] not in mine and not g.loot_public[t["id"]]
                    for b in view["bandits"] for t in b["loot"]
                ) or any(
                    "value" in t and not g.loot_public[t["id"]]
                    for space in view["spaces"] for t in space["loot"]
                )
    assert all(counts[k] >= 5 for k in ("deck top", "known hand", "revealed", "remembered")), counts


# ---------------------------------------------------------------------------- deck tops


def test_a_bullet_from_an_event_is_known_on_top_then_in_hand() -> None:
    """Passengers' Rebellion puts a neutral bullet face down on the deck of each bandit inside
    (D-event-after-shuffle: after the shuffle); the next hand is dealt from the top, so
    everyone knows those hands hold it, in every sampled world."""
    g = new_game("standard", players=4, seed=2)
    g.first = 0
    set_round(g, "passengers-rebellion")
    put(g, belle=(1, False), cheyenne=(2, True), django=(3, True), doc=(4, True))
    g.marshal = 0
    stealin(g, [])
    assert g.round_no == 1 and g.pending.decision == "play"
    for seat in (None, 1, 2):
        assert g.view(seat)["players"][0]["known_hand"] == ["bullet"]
        for k in range(200):
            world = g.determinize(seat, random.Random(k))
            assert _names(world, world.hand[0])["bullet"] >= 1, (seat, k)
    assert g.view(1)["players"][1]["known_hand"] == []


def test_a_shot_bullet_is_known_on_top_of_the_deck_until_it_is_shuffled() -> None:
    """base.shoot.top-bullet-onto-target-deck: the bullet card lies on top of the victim's
    deck in view of all, with its colour and number (the top of Belle's cylinder is her 6);
    every world keeps it there while the Stealin' phase goes on; the shuffle at the end of
    the phase (rules 000) forgets it."""
    g = new_game("standard", players=3, seed=4)
    g.first = 0
    set_round(g, "braking")
    clear_loot(g)
    put(g, belle=(1, False), cheyenne=(2, False), django=(3, True))
    stealin(g, [("belle", "shoot"), ("django", "move")])
    assert g.pending.decision == "move"
    top = g.view(2)["players"][1]["deck_top"]
    assert top == [{"size": 1, "cards": ["bullet@belle:6"]}]
    assert g.view(None)["players"][1]["deck_top"] == top
    for k in range(100):
        world = g.determinize(0, random.Random(k))
        assert world.card_name(world.deck[1][-1]) == "bullet@belle:6"
    g.apply("move forward 1")
    assert all(p["deck_top"] == [] for p in g.view(0)["players"])


def test_expert_bullets_stay_known_on_top_into_the_next_hand() -> None:
    """base.expert.received-bullet-on-deck-top: with no shuffle, the bullets received are
    drawn first at the next refill; everyone knows the hand holds them."""
    g = new_game("expert", players=3, seed=5)
    g.first = 0
    set_round(g, "braking")
    put(g, belle=(1, False), cheyenne=(2, False), django=(3, True))
    stealin(g, [("belle", "shoot"), ("cheyenne", "move")])
    g.apply("move back 1")  # Cheyenne now in car 3: the round ends, keeping comes
    while g.pending.decision == "keep":
        g.apply("pass")
    assert g.round_no == 1
    assert g.view(2)["players"][1]["known_hand"] == ["bullet@belle:6"]
    for k in range(50):
        world = g.determinize(2, random.Random(k))
        assert "bullet@belle:6" in _names(world, world.hand[1])


def test_own_unplayed_hand_is_known_on_top_of_own_deck() -> None:
    """base.schemin.unplayed-cards-back-on-deck-top: a player knows the cards he put back
    on his deck; the others know how many."""
    g = new_game("first-game", players=3, seed=1)
    g.first = 0
    set_round(g, "braking")
    put(g, belle=(2, False))
    hands = {}
    while True:
        if g.pending.seat is not None:
            hands[g.pending.seat] = list(g.hand[g.pending.seat])
        events = g.apply("play move" if g.is_legal("play move") else g.legal_actions()[-1])
        if any(e.kind == "stealin" for e in events):
            break
    seat = next(s for s in range(3) if g.deck_known[s])
    own = g.view(seat)["players"][seat]["deck_top"]
    other = g.view((seat + 1) % 3)["players"][seat]["deck_top"]
    assert own[0]["size"] == other[0]["size"] == len(own[0]["cards"]) > 0
    assert other[0]["cards"] == []
    if g.pending.seat is not None:
        for k in range(20):
            world = g.determinize(seat, random.Random(k))
            size = own[0]["size"]
            assert sorted(world.card_name(c) for c in world.deck[seat][-size:]) == own[0]["cards"]


# ---------------------------------------------------------------------------- the card resolving


def test_the_card_being_resolved_is_public_and_kept_by_every_world() -> None:
    """D-known-cards: once a face-down card is revealed at resolution (the public `reveal`
    event names it), every seat sees it while its owner decides, and no world resamples it."""
    g = new_game("standard", players=3, seed=3)
    g.first = 0
    set_round(g, "braking")
    put(g, belle=(2, False), cheyenne=(3, True), django=(3, True))
    events = stealin(g, [("belle", "move")], down=(0,))
    assert ("reveal", "move") in [(e.kind, e.data.get("card")) for e in events]
    assert g.pending.decision == "move" and g.pending.seat == 0
    for seat in (None, 1, 2):
        assert g.view(seat)["pile"][0]["card"] == "move"
        for k in range(50):
            world = g.determinize(seat, random.Random(k))
            assert world.card_name(world.pile[0]) == "move"
            assert world.legal_ids() == g.legal_ids()


# ---------------------------------------------------------------------------- remembered values


def test_a_purse_once_held_keeps_its_value_in_its_former_owners_view() -> None:
    """D-memory: Belle saw her $450 purse; after Cheyenne punches it away and keeps it, Belle
    still knows what Cheyenne holds, and every world Belle samples agrees; Django never saw
    it."""
    g = new_game("standard", players=3, seed=6)
    g.first = 0
    set_round(g, "braking")
    clear_loot(g)
    put(g, belle=(2, False), cheyenne=(2, False), django=(4, True))
    token = give_loot(g, "belle", "purse", 450)
    g.loot_public = tuple(False for _ in g.loot_public)
    g.loot_seen[token] |= 1 << 0
    stealin(g, [("cheyenne", "punch")])
    g.apply("punch belle purse back take")
    assert token in g.held[bandit(g, "cheyenne")]
    loot = {t["id"]: t for t in g.view(0)["bandits"][1]["loot"]}
    assert loot[token]["value"] == 450
    assert "value" not in {t["id"]: t for t in g.view(2)["bandits"][1]["loot"]}[token]
    for k in range(50):
        assert g.determinize(0, random.Random(k)).loot_value[token] == 450
    values = {g.determinize(2, random.Random(k)).loot_value[token] for k in range(50)}
    assert len(values) > 1  # Django's worlds draw it again


def test_every_purse_is_turned_over_at_the_end() -> None:
    g = new_game("first-game", players=3, seed=7)
    while not g.is_over:
        g.apply_id(g.legal_ids()[-1])
    for seat in (None, 0):
        view = g.view(seat)
        tokens = [t for b in view["bandits"] for t in b["loot"]]
        tokens += [t for space in view["spaces"] for t in space["loot"]]
        assert all("value" in t for t in tokens)


def test_knowledge_survives_a_json_round_trip() -> None:
    g = new_game("expert", players=3, seed=5)
    g.first = 0
    set_round(g, "braking")
    put(g, belle=(1, False), cheyenne=(2, False), django=(3, True))
    stealin(g, [("belle", "shoot"), ("cheyenne", "move")])
    loaded = Game.from_json(g.to_json())
    assert loaded.deck_known == g.deck_known and loaded.view(2) == g.view(2)


def test_bullet_cards_carry_their_number_in_views_and_narration() -> None:
    """base.setup.cylinder-pile-ascending, D-bullet-numbers: the cylinder holds cards 1-6
    with the 6 on top, so Belle's first shot gives her 6 and her second her 5."""
    g = new_game("standard", players=3, seed=4)
    g.first = 0
    set_round(g, "braking")
    put(g, belle=(1, False), cheyenne=(2, False), django=(4, True))
    events = stealin(g, [("belle", "shoot"), ("belle", "shoot"), ("django", "move")])
    shots = [e for e in events if e.kind == "shoot"]
    assert [e.data["number"] for e in shots] == [6, 5]
    assert "bullet card 6" in shots[0].text()
    names = sorted(g.card_name(c) for c in g.deck[1] if g.card_kind[c] == BULLET)
    assert names == ["bullet@belle:5", "bullet@belle:6"]
    assert g.view(1)["bandits"][0]["bullets_left"] == 4


def test_a_seat_never_knows_more_than_its_view_says_of_hidden_purses() -> None:
    """Changing a purse nobody at a seat has seen never changes its view (the leak tests
    in test_views do this for every option set); here the purse robbed unseen in a game."""
    g = new_game("first-game", players=3, seed=8)
    g.first = 0
    set_round(g, "braking")
    clear_loot(g)
    put(g, belle=(2, False), cheyenne=(3, True), django=(3, True))
    give_loot(g, "django", "purse", 300)
    purse = next(t for t in g.box if g.loot_kind[t] == PURSE and not g.loot_public[t])
    g.box.remove(purse)
    g.floor_loot[4].append(purse)
    set_hand(g, 0, ["rob"])
    stealin(g, [("belle", "rob")])
    assert purse in g.held[0] and g.loot_seen[purse] == 1
    twin = g.clone()
    values = list(twin.loot_value)
    values[purse] += 50
    twin.loot_value = tuple(values)
    assert twin.view(1) == g.view(1) and twin.view(0) != g.view(0)


def test_the_first_world_of_a_fresh_game_knows_no_deck_top() -> None:
    g = to_first_turn(Game.new(Options.preset("two-player"), seed=1))
    assert all(p["deck_top"] == [] and p["known_hand"] == [] for p in g.view(0)["players"])


# ---------------------------------------------------------------------------- review cases


def test_a_world_works_out_its_own_legal_actions() -> None:
    """A sampled world never carries the real state's legal actions: they would show the
    acting opponent's real hand (and crash when played from the world's)."""
    from coltexpress.engine import flow

    for g in sample_states(dict(CONFIGS)["standard-4p"], 5, every=2):
        if g.is_over:
            continue
        g.legal_ids()  # fill the real state's cache
        for seat in range(g.n_players):
            world = g.determinize(seat, random.Random(seat))
            assert world.legal_ids() == tuple(flow.legal_ids(world))


def test_keeping_tells_the_table_only_how_many_cards_are_left_to_decide() -> None:
    """D-keep-at-once: an opponent's keep/discard split is his secret: views carry only how
    many cards he still has to decide on, and worlds draw the split again."""
    g = new_game("expert", players=3, seed=5)
    while g.pending.decision != "keep":
        g.apply(g.legal_actions()[-1])
    seat = g.pending.seat
    assert seat is not None
    g.apply(g.legal_actions()[-1])  # keeps (or discards) the first card
    other = (seat + 1) % 3
    view = g.view(other)
    assert view["players"][seat]["keep_left"] == len(g.hand[seat])
    splits = {len(g.determinize(other, random.Random(k)).kept[seat]) for k in range(40)}
    assert splits == {0, 1}


def test_the_cover_question_is_asked_whatever_the_hand() -> None:
    """D-cover: after a face-up Shoot in a standard turn the player is always asked (only
    "pass" when nothing can cover), so the question says nothing about the hand."""
    from support import to_first_turn

    g = to_first_turn(new_game("two-player", players=2, seed=1))
    g.first = 0
    set_round(g, "braking")
    set_hand(g, 0, ["shoot@tuco", "marshal@tuco"])
    g.apply("play shoot@tuco")
    assert g.pending.decision == "cover" and [str(a) for a in g.legal_actions()] == ["pass"]


def test_a_rebuilt_deck_holds_only_the_discard_piles_cards_in_every_world() -> None:
    """Expert Variant: the discard pile is open, so the deck rebuilt from it is known to hold
    only its cards (deck_from), and worlds keep to them."""
    g = new_game("expert", players=3, seed=2)
    g.first = 0
    set_round(g, "braking")
    g.discard[1], g.deck[1] = g.deck[1][:4], g.deck[1][4:]
    g.hand[1], g.deck[1] = g.hand[1] + g.deck[1], []
    g.legal = None
    g.apply("draw")  # seat 0 draws; then seat 1 draws from its rebuilt deck
    g.apply("draw")
    pile = set(g.deck_from[1])
    assert len(pile) == 4 and set(g.deck[1]) <= pile
    for k in range(60):
        world = g.determinize(0, random.Random(k))
        assert set(world.deck[1]) <= pile


def test_accessible_expert_hands_hold_no_unseen_bullet_after_the_discard() -> None:
    """Rules 002's Expert Variant: everyone discards the bullets he drew, in public; worlds
    never give an opponent a bullet the table knows he cannot hold."""
    g = new_game("accessible", players=3, expert=True, seed=3)
    for s in range(3):
        g.neutral -= 1
        from coltexpress.engine import knowledge

        knowledge.push_public(g, s, g.neutral_base + g.neutral)  # bullets to be shuffled in
        g.received[g.bandits_of[s][0]] += 1
    g.deck = [d[-1:] + d[:-1] for d in g.deck]  # the bullet now somewhere below the top
    g.deck_known = [[] for _ in range(3)]
    assert g.view(0)["players"][1]["hand_bullets_max"] in (None, 0)
    for k in range(60):
        world = g.determinize(0, random.Random(k))
        for s in (1, 2):
            cap = g.hand_bullets[s]
            bullets = sum(1 for c in world.hand[s] if world.card_kind[c] == BULLET)
            assert cap < 0 or bullets <= cap
