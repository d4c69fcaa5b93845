"""Events and Train Station cards (rules 000 "Events", "Advanced Rules"; rules 002 "The Events").

Each event is tested by rigging the round card (``set_round``) and jumping to the end of the
round's Stealin' phase with a small pile (``stealin``): the event then resolves.
"""

from __future__ import annotations

import pytest

from coltexpress.engine.content import BULLET, PURSE, STRONGBOX
from support import (
    add_loot,
    bandit,
    clear_loot,
    floor_kinds,
    give_loot,
    legal,
    loot_kinds,
    new_game,
    play_out,
    put,
    set_round,
    stealin,
    to_first_turn,
    where,
)


def _neutral_cards(g, seat: int, zone: str = "hand") -> list[int]:
    cards = getattr(g, zone)[seat]
    return [c for c in cards if g.card_kind[c] == BULLET and g.card_bandit[c] == -1]


def _event_names(events) -> list[str]:
    return [e.data["name"] for e in events if e.kind == "event"]


# ---------------------------------------------------------------------------- round deck


@pytest.mark.rule("base.events.advanced-deck-four-rounds-plus-station")
def test_round_deck_is_four_round_cards_and_one_station() -> None:
    for seed in range(10):
        g = new_game("standard", players=4, seed=seed)
        cards = [g.round_card, *g.round_deck]
        assert len(cards) == 5
        stations = [c for c in cards if g.round_specs[c].station]
        assert len(stations) == 1
        assert len(set(cards)) == 5
    # The first game (no events) uses 5 ordinary round cards and no station.
    g = new_game("first-game", players=4)
    assert not any(g.round_specs[c].station for c in [g.round_card, *g.round_deck])
    assert len(g.round_deck) + 1 == 5


@pytest.mark.rule("base.events.station-card-at-bottom-of-round-deck")
def test_station_is_the_bottom_card_and_the_other_four_are_shuffled() -> None:
    orders = set()
    for seed in range(12):
        g = new_game("standard", players=3, seed=seed)
        assert g.round_specs[g.round_deck[0]].station  # the bottom of the deck
        assert not any(g.round_specs[c].station for c in [g.round_card, *g.round_deck[1:]])
        orders.add((g.round_card, *g.round_deck[1:]))
    assert len(orders) > 1  # the 4 round cards are shuffled
    g = play_out(new_game("standard", players=3, seed=5))
    assert len(g.round_log) == 5
    assert g.round_specs[g.round_log[-1]].station  # the station is the last round played


# ---------------------------------------------------------------------------- timing


@pytest.mark.rule("base.events.resolve-at-end-of-round-after-stealin")
def test_event_resolves_after_the_whole_pile() -> None:
    g = new_game(players=3)
    put(g, belle=(2, False), cheyenne=(3, False), django=(3, False))
    g.marshal = 0
    set_round(g, "braking")
    events = stealin(g, [("belle", "floor")])
    # Belle climbs to the roof of car 2 in Stealin', then Braking moves her to car 1's roof.
    # Had Braking come first she would still be on the roof of car 2.
    assert where(g, "belle") == (1, True)
    kinds = [e.kind for e in events]
    assert kinds.index("floor") < kinds.index("event")
    assert _event_names(events) == ["braking"]


@pytest.mark.rule("base.events.resolve-at-end-of-round-after-stealin")
def test_first_game_ignores_event_icons() -> None:
    """D-first-game: the first-game preset plays the round cards without their events."""
    g = new_game("first-game", players=3)
    put(g, belle=(2, True), cheyenne=(3, False), django=(3, False))
    set_round(g, "braking")
    events = stealin(g, [])
    assert where(g, "belle") == (2, True)
    assert _event_names(events) == []


def test_event_bullets_go_on_top_of_the_shuffled_deck_in_rules_000() -> None:
    """D-event-after-shuffle: in rules 000 the Stealin' phase ends with the shuffle, then the
    event; the neutral bullet lies on top of the deck and is drawn in the next round."""
    for seed in range(8):
        g = new_game(players=3, seed=seed)
        put(g, belle=(1, False), cheyenne=(2, True), django=(3, True))
        g.marshal = 3
        set_round(g, "passengers-rebellion")
        stealin(g, [])
        assert g.received[bandit(g, "belle")] == 1
        assert g.round_no == 1 and len(g.hand[0]) == 6
        assert len(_neutral_cards(g, 0)) == 1, seed


def test_event_bullets_are_shuffled_in_with_rules_002() -> None:
    """D-event-after-shuffle: rules 002 shuffles at the start of each round, so the neutral
    bullet an event hands out is shuffled into the deck (not always drawn)."""
    drawn = []
    for seed in range(16):
        g = new_game("accessible", players=3, seed=seed)
        put(g, belle=(1, False), cheyenne=(2, True), django=(3, True))
        g.marshal = 3
        set_round(g, "passengers-rebellion")
        stealin(g, [])
        assert g.received[bandit(g, "belle")] == 1
        in_hand = len(_neutral_cards(g, 0))
        in_deck = len(_neutral_cards(g, 0, "deck"))
        assert in_hand + in_deck == 1
        drawn.append(in_hand)
    assert 0 < sum(drawn) < len(drawn)


# ---------------------------------------------------------------------------- neutral shortage


@pytest.mark.rule("base.events.not-enough-neutral-bullets-none-taken")
def test_event_without_a_bullet_for_each_gives_none() -> None:
    """D-neutral-shortage: a group gets bullets only if there is one for each (rules 000);
    the pile stays for later."""
    g = new_game(players=3)
    put(g, belle=(1, False), cheyenne=(2, False), django=(3, True))
    g.marshal = 3
    g.neutral = 1
    set_round(g, "passengers-rebellion")
    stealin(g, [])
    assert g.received == [0, 0, 0]
    assert g.neutral == 1 and not g.neutral_gone
    # The remaining bullet is still given later to a single bandit meeting the Marshal.
    set_round(g, "no-event-speed")
    put(g, belle=(1, False), cheyenne=(3, True), django=(3, True))
    g.marshal = 2
    stealin(g, [("belle", "move")])
    g.apply("move back 1")
    assert g.received[bandit(g, "belle")] == 1
    assert g.neutral == 0
    assert where(g, "belle") == (2, True)


@pytest.mark.rule("base.events.not-enough-neutral-bullets-none-taken")
def test_event_with_exactly_enough_bullets_gives_one_each() -> None:
    g = new_game(players=3)
    put(g, belle=(1, False), cheyenne=(2, False), django=(3, True))
    g.marshal = 3
    g.neutral = 2
    set_round(g, "passengers-rebellion")
    stealin(g, [])
    assert g.received == [1, 1, 0]
    assert g.neutral == 0


def test_marshal_meeting_a_group_with_too_few_bullets_gives_none() -> None:
    """D-neutral-shortage: all the bandits the Marshal meets at once form one group."""
    g = new_game(players=3)
    put(g, belle=(2, False), cheyenne=(2, False), django=(3, True))
    g.marshal = 1
    g.neutral = 1
    stealin(g, [("django", "marshal")])
    g.apply("marshal back")
    assert g.marshal == 2
    assert g.received == [0, 0, 0]
    assert where(g, "belle") == (2, True) and where(g, "cheyenne") == (2, True)
    assert g.neutral == 1


def test_accessible_two_player_shortage_removes_the_neutral_deck() -> None:
    """D-neutral-shortage, D-002-two-player-scope: in rules 002's 2-player game the first
    shortage removes the neutral deck from the game, so a later single encounter gives
    nothing either; in a 3-6 player game of rules 002 the pile stays for later."""
    for preset, players, later in (("accessible-two-player", 2, 0), ("accessible", 3, 1)):
        g = to_first_turn(new_game(preset, players=players))
        first, second, *rest = g.chars
        put(g, **{first: (1, False), second: (2, False)}, **dict.fromkeys(rest, (3, True)))
        g.marshal = 3
        g.neutral = 1
        set_round(g, "passengers-rebellion")
        stealin(g, [])
        assert g.received == [0] * g.n_bandits
        assert g.neutral_gone == (later == 0)
        set_round(g, "no-event-speed")
        put(g, **{first: (1, False)}, **dict.fromkeys((second, *rest), (3, True)))
        g.marshal = 2
        stealin(g, [(first, "move")])
        g.apply("move back 1")
        assert g.received[bandit(g, first)] == later, preset
        assert where(g, first) == (2, True)  # she still escapes to the roof


# ---------------------------------------------------------------------------- Angry Marshal


@pytest.mark.rule("base.event.angry-marshal.shoots-roof-of-his-car")
def test_angry_marshal_shoots_his_roof_only() -> None:
    g = new_game(players=4)
    put(g, belle=(1, True), cheyenne=(1, True), django=(2, True), doc=(3, False))
    g.marshal = 1
    before = g.neutral
    set_round(g, "angry-marshal")
    stealin(g, [])
    b = {name: bandit(g, name) for name in ("belle", "cheyenne", "django", "doc")}
    assert g.received[b["belle"]] == 1 and g.received[b["cheyenne"]] == 1
    assert g.received[b["django"]] == 0 and g.received[b["doc"]] == 0
    assert g.neutral == before - 2
    # Placed face down on his deck: drawn into the next round's hand (rules 000).
    assert len(_neutral_cards(g, g.seat_of[b["belle"]])) == 1


@pytest.mark.rule("base.event.angry-marshal.shoots-roof-of-his-car")
def test_accessible_angry_marshal_shoots_his_roof() -> None:
    g = new_game("accessible", players=3)
    put(g, belle=(2, True), cheyenne=(1, True), django=(1, False))
    g.marshal = 2
    set_round(g, "angry-marshal")
    stealin(g, [])
    assert g.received == [1, 0, 0]


@pytest.mark.rule("base.event.angry-marshal.moves-toward-caboose")
def test_angry_marshal_moves_one_car_toward_the_caboose() -> None:
    g = new_game(players=4)
    put(g, belle=(2, True), cheyenne=(4, False), django=(4, False), doc=(3, False))
    g.marshal = 1
    set_round(g, "angry-marshal")
    stealin(g, [])
    assert g.marshal == 2
    # He shoots before he moves: Belle, on the roof of the car he moves to, is not shot.
    assert g.received[bandit(g, "belle")] == 0


@pytest.mark.rule("base.event.angry-marshal.moves-toward-caboose")
def test_angry_marshal_in_the_caboose_does_not_move() -> None:
    g = new_game(players=3)
    put(g, belle=(3, True), cheyenne=(1, False), django=(2, False))
    g.marshal = g.last
    set_round(g, "angry-marshal")
    stealin(g, [])
    assert g.marshal == g.last
    assert g.received[bandit(g, "belle")] == 1


def test_angry_marshal_moving_into_bandits_makes_them_escape() -> None:
    """D-angry-marshal-encounter: bandits inside the car the Marshal moves into meet him:
    a neutral bullet each and escape to the roof."""
    g = new_game(players=3)
    put(g, belle=(2, False), cheyenne=(2, False), django=(3, False))
    g.marshal = 1
    before = g.neutral
    set_round(g, "angry-marshal")
    stealin(g, [])
    assert g.marshal == 2
    assert where(g, "belle") == (2, True) and where(g, "cheyenne") == (2, True)
    assert where(g, "django") == (3, False)
    assert g.received == [1, 1, 0]
    assert g.neutral == before - 2


# ---------------------------------------------------------------------------- Swivel Arm


@pytest.mark.rule("base.event.swivel-arm.roof-bandits-to-caboose-roof")
def test_swivel_arm_sweeps_roofs_to_the_caboose_roof() -> None:
    g = new_game(players=4)
    put(g, belle=(1, True), cheyenne=(4, True), django=(2, False), doc=(0, True))
    g.marshal = 3
    set_round(g, "swivel-arm")
    stealin(g, [])
    assert where(g, "belle") == (4, True)
    assert where(g, "cheyenne") == (4, True)
    assert where(g, "doc") == (4, True)
    assert where(g, "django") == (2, False)


# ---------------------------------------------------------------------------- Braking


@pytest.mark.rule("base.event.braking.roof-bandits-one-car-toward-locomotive")
def test_braking_moves_roofs_one_car_forward() -> None:
    g = new_game(players=4)
    put(g, belle=(2, True), cheyenne=(0, True), django=(2, False), doc=(4, True))
    g.marshal = 3
    set_round(g, "braking")
    stealin(g, [])
    assert where(g, "belle") == (1, True)
    assert where(g, "doc") == (3, True)
    assert where(g, "cheyenne") == (0, True)  # the locomotive's roof: no move
    assert where(g, "django") == (2, False)  # inside: no move


# ---------------------------------------------------------------------------- Take It All!


@pytest.mark.rule("base.event.take-it-all.second-strongbox-in-marshal-space")
def test_take_it_all_puts_the_second_strongbox_in_the_marshals_car() -> None:
    g = new_game(players=3)
    put(g, belle=(1, True), cheyenne=(3, False), django=(3, True))
    g.marshal = 2
    assert floor_kinds(g, 2, False).count("strongbox") == 0
    set_round(g, "take-it-all")
    stealin(g, [])
    assert floor_kinds(g, 2, False).count("strongbox") == 1
    assert floor_kinds(g, 2, True).count("strongbox") == 0
    assert floor_kinds(g, 0, False).count("strongbox") == 1  # the first one stays
    everywhere = [t for space in g.floor_loot for t in space] + [t for h in g.held for t in h]
    assert sum(g.loot_kind[t] == STRONGBOX for t in everywhere) == 2


# ---------------------------------------------------------------------------- Passengers' Rebellion


@pytest.mark.rule("base.event.passengers-rebellion.inside-bandits-neutral-bullet")
def test_passengers_rebellion_hits_every_bandit_inside() -> None:
    g = new_game(players=4)
    put(g, belle=(1, False), cheyenne=(0, False), django=(2, True), doc=(4, False))
    g.marshal = 3
    before = g.neutral
    set_round(g, "passengers-rebellion")
    stealin(g, [])
    assert g.received[bandit(g, "belle")] == 1
    assert g.received[bandit(g, "cheyenne")] == 1  # inside the locomotive too
    assert g.received[bandit(g, "doc")] == 1
    assert g.received[bandit(g, "django")] == 0
    assert g.neutral == before - 3


# ---------------------------------------------------------------------------- stations


@pytest.mark.rule("base.station.marshals-revenge.roof-bandits-drop-cheapest-purse")
def test_marshals_revenge_drops_the_cheapest_purse_on_his_roof() -> None:
    g = new_game(players=3)
    clear_loot(g)
    put(g, belle=(1, True), cheyenne=(2, True), django=(3, False))
    g.marshal = 1
    give_loot(g, "belle", "purse", 400)
    cheap = give_loot(g, "belle", "purse", 300)
    give_loot(g, "belle", "purse", 450)
    give_loot(g, "belle", "jewel")
    give_loot(g, "cheyenne", "purse", 250)  # on another car's roof
    set_round(g, "marshals-revenge")
    stealin(g, [])
    b = bandit(g, "belle")
    assert cheap not in g.held[b]
    assert sorted(g.loot_value[t] for t in g.held[b] if g.loot_kind[t] == PURSE) == [400, 450]
    assert cheap in g.floor_loot[2 * 1 + 1]
    assert loot_kinds(g, "cheyenne") == ["purse"]


@pytest.mark.rule("base.station.marshals-revenge.no-purse-loses-nothing")
def test_marshals_revenge_spares_a_bandit_without_purse() -> None:
    g = new_game(players=3)
    clear_loot(g)
    put(g, belle=(2, True), cheyenne=(2, True), django=(3, False))
    g.marshal = 2
    give_loot(g, "belle", "jewel")
    give_loot(g, "belle", "strongbox")
    set_round(g, "marshals-revenge")
    stealin(g, [])
    assert loot_kinds(g, "belle") == ["jewel", "strongbox"]
    assert loot_kinds(g, "cheyenne") == []
    assert floor_kinds(g, 2, True) == []


@pytest.mark.rule("base.station.marshals-revenge.accessible-cheapest-purse-lost")
def test_accessible_marshals_revenge_loses_the_cheapest_purse() -> None:
    """Rules 002 says the bandit "loses" the purse without saying where it goes; the engine
    places it on the roof of the Marshal's car as rules 000 says. D-revenge-accessible."""
    g = new_game("accessible", players=3)
    clear_loot(g)
    put(g, belle=(3, True), cheyenne=(3, True), django=(1, False))
    g.marshal = 3
    give_loot(g, "belle", "purse", 500)
    cheap = give_loot(g, "belle", "purse", 350)
    give_loot(g, "cheyenne", "jewel")
    set_round(g, "marshals-revenge")
    stealin(g, [])
    assert [g.loot_value[t] for t in g.held[bandit(g, "belle")]] == [500]
    assert cheap in g.floor_loot[2 * 3 + 1]
    assert loot_kinds(g, "cheyenne") == ["jewel"]  # no purse: loses nothing


@pytest.mark.rule("base.station.pickpocketing.lone-bandit-may-take-purse")
def test_pickpocketing_lone_bandit_may_take_a_purse() -> None:
    g = new_game(players=4)
    clear_loot(g)
    put(g, belle=(1, False), cheyenne=(2, False), django=(2, False), doc=(3, True))
    g.marshal = 4
    purse = add_loot(g, 1, False, "purse", 450)
    add_loot(g, 1, False, "jewel")
    add_loot(g, 2, False, "purse", 300)  # Cheyenne and Django are not alone
    add_loot(g, 3, True, "jewel")  # Doc is alone but there is no purse
    set_round(g, "pickpocketing")
    stealin(g, [])
    pend = g.pending
    assert pend.decision == "pickpocket" and pend.bandit == "belle"
    assert sorted(legal(g)) == ["pass", "take purse"]
    g.apply("take purse")
    assert purse in g.held[bandit(g, "belle")]
    assert floor_kinds(g, 1, False) == ["jewel"]
    # Nobody else is asked: the next round begins.
    assert g.pending.decision == "play"
    assert floor_kinds(g, 2, False) == ["purse"]
    assert loot_kinds(g, "doc") == []


@pytest.mark.rule("base.station.pickpocketing.lone-bandit-may-take-purse")
def test_pickpocketing_is_optional() -> None:
    g = new_game(players=3)
    clear_loot(g)
    put(g, belle=(1, True), cheyenne=(2, False), django=(3, False))
    g.marshal = 0
    add_loot(g, 1, True, "purse", 300)
    add_loot(g, 3, False, "purse", 250)
    set_round(g, "pickpocketing")
    stealin(g, [])
    asked = []
    while g.pending.decision == "pickpocket":
        asked.append(g.pending.bandit)
        g.apply("pass")
    assert sorted(asked) == ["belle", "django"]
    assert loot_kinds(g, "belle") == [] and loot_kinds(g, "django") == []
    assert floor_kinds(g, 1, True) == ["purse"]


@pytest.mark.rule("base.station.hostage-conductor.locomotive-bandits-gain-250")
def test_hostage_conductor_pays_bandits_in_and_on_the_locomotive() -> None:
    g = new_game(players=3)
    clear_loot(g)
    put(g, belle=(0, False), cheyenne=(0, True), django=(1, True))
    g.marshal = 2
    n_tokens = len(g.loot_kind)
    set_round(g, "hostage-conductor")
    stealin(g, [])
    for name in ("belle", "cheyenne"):
        held = g.held[bandit(g, name)]
        assert [(g.loot_kind[t], g.loot_value[t]) for t in held] == [(PURSE, 250)]
    assert g.held[bandit(g, "django")] == []
    # From outside the game: new tokens, not taken from the floors or the box.
    assert all(t >= n_tokens for t in g.held[0] + g.held[1])


@pytest.mark.rule("base.station.hostage-conductor.accessible-ransom-from-stock")
def test_accessible_hostage_conductor_ransom() -> None:
    g = new_game("accessible", players=3)
    clear_loot(g)
    put(g, belle=(0, True), cheyenne=(1, False), django=(2, True))
    g.marshal = 3
    set_round(g, "hostage-conductor")
    stealin(g, [])
    assert [g.loot_value[t] for t in g.held[bandit(g, "belle")]] == [250]
    assert g.held[bandit(g, "cheyenne")] == [] and g.held[bandit(g, "django")] == []
    assert g.result()["loot"][0] == 250
