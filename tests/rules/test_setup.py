"""Contents, player counts, setup, the action deck and the basic/advanced split (rules 000),
with the accessible edition's setup differences (rules 002)."""

from __future__ import annotations

from collections import Counter

import pytest

from coltexpress import Game, Options
from coltexpress.engine.content import BULLET, CARD_KINDS, JEWEL, PURSE, STRONGBOX, content
from coltexpress.engine.errors import OptionsError
from support import bandit, give_loot, legal, new_game, put, set_hand, stealin

# The printed contents (rules 000 "Contents" and COMPONENTS.md).
PURSES = [250] * 8 + [300] * 2 + [350] * 2 + [400] * 2 + [450] * 2 + [500] * 2
CAR_FLOORS = [(1, 0), (1, 1), (0, 3), (3, 0), (4, 1), (3, 1)]  # (purses, jewels)
ROUND_CARDS = {  # name: (2-4 players, 5-6 players)
    "angry-marshal": ("S S T Sw", "S S Sw"),
    "swivel-arm": ("S T S S", "S T S"),
    "braking": ("S S S S", "S T S S"),
    "take-it-all": ("S T Sp S", "S Sp Sw"),
    "passengers-rebellion": ("S S T S S", "S T S Sw"),
    "no-event-tunnels": ("S T S T S", "S T S T"),
    "no-event-speed": ("S Sp S", "S Sp"),
}
STATIONS = {"marshals-revenge", "pickpocketing", "hostage-conductor"}


def all_tokens(g: Game) -> list[int]:
    """Every loot token of the game, wherever it lies (train, bandits, box, beside the train)."""
    out = [t for space in g.floor_loot for t in space]
    out += [t for tokens in g.held for t in tokens]
    return out + list(g.box) + list(g.reserve)


def tokens_of(g: Game, kind: int) -> list[int]:
    return [t for t in all_tokens(g) if g.loot_kind[t] == kind]


def seat_cards(g: Game, seat: int) -> list[int]:
    return g.deck[seat] + g.hand[seat] + g.discard[seat] + g.pile


# ---------------------------------------------------------------------------- contents


@pytest.mark.rule("base.components.train-six-cars-one-locomotive")
def test_six_train_cars_and_one_locomotive() -> None:
    assert [(c.purses, c.jewels) for c in content().cars] == CAR_FLOORS
    g = new_game(players=6)
    assert g.last == 6  # cars 1..6 behind the locomotive (car 0)
    assert sorted(g.train) == [0, 1, 2, 3, 4, 5]
    assert len(g.floor_loot) == 2 * 7  # 7 cars, inside and roof each


@pytest.mark.rule("base.components.purses-eighteen")
def test_eighteen_purses_worth_250_to_500() -> None:
    assert sorted(content().purse_values) == PURSES
    for players in (3, 6):
        g = new_game(players=players, seed=players)
        purses = tokens_of(g, PURSE)
        assert len(purses) == 18
        assert sorted(g.loot_value[t] for t in purses) == PURSES


@pytest.mark.rule("base.components.jewels-six")
def test_six_jewels_worth_500() -> None:
    g = new_game(players=3, seed=1)
    jewels = tokens_of(g, JEWEL)
    assert len(jewels) == 6
    assert {g.loot_value[t] for t in jewels} == {500}


@pytest.mark.rule("base.components.strongboxes-two")
def test_two_strongboxes_worth_1000() -> None:
    g = new_game(players=3, seed=1)
    boxes = tokens_of(g, STRONGBOX)
    assert len(boxes) == 2
    assert {g.loot_value[t] for t in boxes} == {1000}


@pytest.mark.rule("base.components.round-cards-seventeen")
def test_seventeen_round_cards() -> None:
    """7 round cards for 2-4 players, 7 for 5-6 (the engine keeps each pair as one record with
    two bands) and 3 train stations: 17 cards; their turns as printed (COMPONENTS.md)."""
    data = content()
    assert len(data.round_cards) == 7 and len(data.stations) == 3
    faces = sum(len(c.turns) for c in data.round_cards) + len(data.stations)
    assert faces == 17
    for card in data.round_cards:
        small, big = ROUND_CARDS[card.name]
        assert " ".join(t.value for t in card.turns_for("2-4")) == small
        assert " ".join(t.value for t in card.turns_for("5-6")) == big
    assert {s.name for s in data.stations} == STATIONS
    for station in data.stations:
        assert station.turns_for("2-4") == station.turns_for("5-6")


@pytest.mark.rule("base.components.neutral-bullets-thirteen")
def test_thirteen_neutral_bullets() -> None:
    g = new_game(players=4)
    neutral_cards = [c for c in range(len(g.card_kind)) if g.card_bandit[c] == -1]
    assert len(neutral_cards) == 13
    assert all(g.card_kind[c] == BULLET for c in neutral_cards)
    assert g.neutral == 13


@pytest.mark.rule("base.components.per-player-ten-actions-six-bullets")
def test_each_player_has_ten_action_cards_and_six_bullet_cards() -> None:
    g = new_game(players=6)
    for seat in range(6):
        b = g.bandits_of[seat][0]
        cards = seat_cards(g, seat)
        assert len(cards) == 10
        assert all(g.card_bandit[c] == b and g.card_kind[c] != BULLET for c in cards)
        bullets = [c for c in range(len(g.card_kind))
                   if g.card_bandit[c] == b and g.card_kind[c] == BULLET]
        assert len(bullets) == 6
        assert g.cylinder[b] == 6


@pytest.mark.rule("base.players.three-to-six-two-player-special-rules")
def test_three_to_six_players_two_players_need_two_bandits() -> None:
    for players in (3, 4, 5, 6):
        g = Game.new(Options.preset("standard", players=players), seed=2)
        assert g.n_players == players and g.n_bandits == players
    with pytest.raises(OptionsError):
        Options(players=2)
    with pytest.raises(OptionsError):
        Options(players=8)
    two = Game.new(Options.preset("two-player"), seed=2)
    assert two.n_players == 2 and two.n_bandits == 4
    assert two.last == 3  # rules 000, 2 bandits per player: "For 2 players, use 3 cars."


# ---------------------------------------------------------------------------- set up


@pytest.mark.rule("base.setup.train-one-car-per-player")
def test_train_has_one_car_per_player_behind_the_locomotive() -> None:
    for players in (3, 4, 5, 6):
        g = new_game(players=players, seed=players)
        assert g.last == players
        assert len(g.train) == len(set(g.train)) == players
        # The locomotive is at one end: the Marshal and the strongbox start in car 0.
        assert g.marshal == 0
        assert [g.loot_kind[t] for t in g.floor_loot[0]] == [STRONGBOX]


@pytest.mark.rule("base.setup.caboose-is-car-farthest-from-locomotive")
def test_caboose_is_the_car_farthest_from_the_locomotive() -> None:
    g = new_game(players=4, seed=5)
    first = g.bandits_of[g.first][0]
    assert g.pos[first] == 2 * g.last  # the first player starts in the caboose
    # Nothing lies behind the caboose: inside it a Move can only go forward.
    name = g.chars[first]
    g.pos[first] = 2 * g.last
    stealin(g, [(name, "move")])
    assert g.space_of(name) == (g.last - 1, False)  # the only move, carried out at once


@pytest.mark.rule("base.setup.first-game-round-deck-five-cards")
def test_first_game_round_deck_is_five_round_cards() -> None:
    seen = set()
    for seed in range(12):
        g = new_game("first-game", players=3, seed=seed)
        deck = [*g.round_deck, g.round_card]
        assert len(deck) == len(set(deck)) == 5
        assert not any(g.round_specs[i].station for i in deck)
        seen.add(frozenset(deck))
    assert len(seen) > 1  # drawn at random
    # The cards are those for the number of players: 5 players use the 5-6 band.
    g = new_game("first-game", players=5, seed=1)
    spec = g.round_specs[g.round_card]
    assert len(g.schedule) == 5 * sum(2 if t.value == "Sp" else 1 for t in spec.turns_for("5-6"))


@pytest.mark.rule("base.setup.later-games-advanced-round-deck")
def test_later_games_round_deck_is_four_cards_on_a_station() -> None:
    g = new_game("standard", players=4, seed=3)
    deck = [*g.round_deck, g.round_card]
    assert len(deck) == 5
    assert g.round_specs[deck[0]].station  # bottom
    assert not any(g.round_specs[i].station for i in deck[1:])


@pytest.mark.rule("base.setup.round-cards-revealed-as-game-progresses")
def test_round_cards_are_revealed_one_per_round() -> None:
    g = new_game(players=3, seed=4)
    order = [g.round_card, *reversed(g.round_deck)]
    assert g.view(0)["round_card"]["name"] == g.round_specs[g.round_card].name
    view = g.view(0)
    assert view["round_deck_size"] == 4
    assert "round_deck" not in view  # the coming cards are not shown
    revealed = [g.round_specs[g.round_card].name]
    while not g.is_over:
        ids = g.legal_ids()
        events = g.apply_id(ids[len(g.history) % len(ids)])
        revealed += [e.data["card"] for e in events if e.kind == "round"]
    assert revealed == [g.round_specs[i].name for i in order]
    assert len(g.round_log) == 5


@pytest.mark.rule("base.setup.first-player-random-bandit")
def test_first_player_is_drawn_at_random() -> None:
    firsts = set()
    for seed in range(40):
        g = new_game(players=4, seed=seed)
        assert g.pending.seat == g.first  # he takes the first turn
        firsts.add(g.first)
    assert firsts == {0, 1, 2, 3}


@pytest.mark.rule("base.setup.bandits-alternate-caboose-and-next-car")
def test_bandits_alternate_between_caboose_and_next_car() -> None:
    for seed in range(6):
        g = new_game(players=5, seed=seed)
        for i in range(5):
            seat = (g.first + i) % 5
            car = g.last if i % 2 == 0 else g.last - 1
            assert g.pos[g.bandits_of[seat][0]] == 2 * car, (seed, i)


@pytest.mark.rule("base.setup.set-aside-start-purses-then-car-loot")
def test_start_purses_set_aside_then_car_loot_as_printed() -> None:
    g = new_game(players=4, seed=6)
    for b in range(4):
        assert len(g.held[b]) == 1
        t = g.held[b][0]
        assert (g.loot_kind[t], g.loot_value[t]) == (PURSE, 250)
    for car, table in enumerate(g.train, start=1):
        kinds = Counter(g.loot_kind[t] for t in g.floor_loot[2 * car])
        assert (kinds[PURSE], kinds[JEWEL]) == CAR_FLOORS[table]
        assert g.floor_loot[2 * car + 1] == []  # nothing on the roofs
    # The floor purses come from what is left after the start purses.
    floor = [g.loot_value[t] for s in g.floor_loot for t in s if g.loot_kind[t] == PURSE]
    rest = Counter(PURSES) - Counter([250] * 4)
    assert not Counter(floor) - rest


@pytest.mark.rule("base.setup.car-purses-random-face-down")
def test_car_purses_are_random_and_face_down() -> None:
    cars = (4, 5, 3)  # 4 + 3 + 3 purses
    deals = set()
    for seed in range(8):
        g = new_game(players=3, seed=seed, cars=cars)
        purses = [t for s in g.floor_loot for t in s if g.loot_kind[t] == PURSE]
        assert len(purses) == 10
        assert not any(g.loot_public[t] for t in purses)
        for seat in (None, 0, 1, 2):
            for space in g.view(seat)["spaces"]:
                for token in space["loot"]:
                    if token["kind"] == "purse":
                        assert "value" not in token
        deals.add(tuple(g.loot_value[t] for t in g.floor_loot[2]))
    assert len(deals) > 1


@pytest.mark.rule("base.setup.marshal-and-strongbox-in-locomotive")
def test_marshal_and_a_strongbox_start_in_the_locomotive() -> None:
    g = new_game(players=3, seed=2)
    assert g.marshal == 0
    assert [g.loot_kind[t] for t in g.floor_loot[0]] == [STRONGBOX]
    assert g.floor_loot[1] == []  # inside, not on the roof
    assert g.view(None)["marshal"] == 0


@pytest.mark.rule("base.setup.neutral-bullet-pile")
def test_neutral_bullets_start_in_a_pile_beside_the_train() -> None:
    g = new_game(players=3, seed=2)
    assert g.neutral == 13 and g.view(None)["neutral_bullets"] == 13
    for seat in range(3):
        assert all(g.card_bandit[c] != -1 for c in seat_cards(g, seat))


@pytest.mark.rule("base.setup.choose-character")
def test_each_player_chooses_a_character() -> None:
    chosen = ("tuco", "ghost", "belle", "doc")
    g = Game.new(Options.preset("standard", players=4, characters=chosen), seed=1)
    assert g.chars == chosen
    assert g.power[1] is not None  # the character sheet brings its power
    with pytest.raises(OptionsError):
        Options(players=3, characters=("tuco", "tuco", "belle"))
    with pytest.raises(OptionsError):
        Options(players=3, characters=("tuco", "belle"))
    # Without a choice the characters are dealt at random, all different.
    deals = {Game.new(Options(players=3), seed=s).chars for s in range(10)}
    assert len(deals) > 1
    assert all(len(set(d)) == 3 for d in deals)


@pytest.mark.rule("base.setup.start-purse-face-down")
def test_each_player_takes_a_250_start_purse() -> None:
    """D-start-purses: every bandit starts with a $250 purse; its value is known to be $250,
    so it is public."""
    g = new_game(players=5, seed=3)
    for b in range(5):
        (t,) = g.held[b]
        assert g.loot_kind[t] == PURSE and g.loot_value[t] == 250
        assert g.loot_public[t]
    spectator = g.view(None)
    assert all(x["loot"] == [{"id": g.held[i][0], "kind": "purse", "value": 250}]
               for i, x in enumerate(spectator["bandits"]))


def test_start_purses_with_two_bandits_per_player() -> None:
    """D-start-purses: with 2 bandits per player, each bandit has his own $250 purse."""
    g = new_game("two-bandits", players=3, seed=1)
    assert g.n_bandits == 6
    for b in range(6):
        (t,) = g.held[b]
        assert (g.loot_kind[t], g.loot_value[t], g.loot_public[t]) == (PURSE, 250, True)
    assert len(tokens_of(g, PURSE)) == 18


@pytest.mark.rule("base.setup.purse-values-hidden-from-opponents")
def test_purse_values_are_hidden_from_opponents() -> None:
    g = new_game(players=3, seed=2)
    t = give_loot(g, "cheyenne", "purse", 450)
    assert not g.loot_public[t]

    def shown(seat: int | None) -> dict[str, object]:
        loot = g.view(seat)["bandits"][bandit(g, "cheyenne")]["loot"]
        return next(x for x in loot if x["id"] == t)

    assert shown(1)["value"] == 450  # his own purse
    assert "value" not in shown(0)
    assert "value" not in shown(2)
    assert "value" not in shown(None)


@pytest.mark.rule("base.setup.shuffle-ten-action-cards-into-deck")
def test_ten_action_cards_shuffled_into_a_deck() -> None:
    orders = set()
    for seed in range(8):
        g = new_game("first-game", players=3, seed=seed)
        cards = g.hand[0] + g.deck[0]
        assert len(cards) == 10 and len(g.hand[0]) == 6
        orders.add(tuple(g.card_kind[c] for c in reversed(cards)))
    assert len(orders) > 1  # the deck is shuffled


@pytest.mark.rule("base.setup.cylinder-pile-ascending")
def test_cylinder_pile_of_six_bullet_cards() -> None:
    """The cylinder: the 6 bullet cards of the bandit's colour, beside (not in) his deck.
    Each shot hands the target the top card, so the pile shows the bullets left. (The
    engine keeps the cards in a fixed order; the printed numbers have no effect.)"""
    g = new_game(players=3, seed=2, events=False)
    b = bandit(g, "belle")
    assert g.cylinder[b] == 6
    assert not [c for c in seat_cards(g, 0) if g.card_kind[c] == BULLET]
    put(g, belle=(1, False), cheyenne=(2, False), django=(3, False))
    stealin(g, [("belle", "shoot")])  # the only target: Cheyenne
    assert g.cylinder[b] == 5
    got = [c for c in seat_cards(g, 1) if g.card_kind[c] == BULLET]
    assert len(got) == 1 and g.card_bandit[got[0]] == b
    assert g.received[bandit(g, "cheyenne")] == 1


@pytest.mark.rule("base.object.action-deck-composition")
def test_action_deck_composition() -> None:
    expected = {"move": 2, "floor": 2, "shoot": 2, "rob": 2, "punch": 1, "marshal": 1}
    names = [k.value for k in CARD_KINDS]
    g = new_game(players=3, seed=9)
    for seat in range(3):
        kinds = Counter(names[g.card_kind[c]] for c in seat_cards(g, seat))
        assert dict(kinds) == expected
    assert {names[k]: n for k, n in content().action_deck} == expected


# ---------------------------------------------------------------------------- basic / advanced


@pytest.mark.rule("base.advanced.first-game-uses-basic-rules-only")
def test_first_game_preset_plays_the_basic_rules() -> None:
    """D-first-game: no powers and no events; the round cards' event icons are ignored."""
    g = new_game("first-game", players=4, seed=5)
    assert g.power == (None, None, None, None)
    assert [len(h) for h in g.hand] == [6, 6, 6, 6]  # Doc (seat 3) draws no extra card
    assert g.round_specs[g.round_deck[0]].station is False
    kinds: list[str] = []
    while not g.is_over:
        kinds += [e.kind for e in g.apply_id(g.legal_ids()[-1])]
    assert kinds.count("round") == 4  # rounds 2-5 (round 1 starts inside Game.new)
    assert len(g.round_log) == 5
    assert "event" not in kinds
    assert g.options.events is False and g.options.powers is False


def test_first_game_ignores_event_icons_in_every_round() -> None:
    """D-first-game: even a round card with an event runs no event."""
    g = new_game("first-game", players=3, seed=1)
    kinds: list[str] = []
    while not g.is_over:
        kinds += [e.kind for e in g.apply_id(g.legal_ids()[0])]
    assert kinds.count("round") == 4  # rounds 2-5 (round 1 starts inside Game.new)
    assert len(g.round_log) == 5
    assert "event" not in kinds


@pytest.mark.rule("base.advanced.powers-and-events-option")
def test_advanced_rules_add_powers_and_events() -> None:
    g = new_game("standard", players=4, seed=5)
    assert all(p is not None for p in g.power)
    assert len(g.hand[3]) == 7  # Doc's power
    kinds: list[str] = []
    while not g.is_over:
        kinds += [e.kind for e in g.apply_id(g.legal_ids()[0])]
    assert "event" in kinds  # at least the train station's event runs
    no_powers = Game.new(Options(players=4, powers=False), seed=5)
    assert all(p is None for p in no_powers.power)


# ---------------------------------------------------------------------------- 7 bandits, 2 bandits


def test_seven_bandits_use_six_cars_and_every_printed_purse() -> None:
    """D-seven-bandits: 7 players (with Mei) use all 6 cars and the 5-6 round cards; Mei's
    start purse is the $250 purse Marshal & Prisoners adds, so all 12 printed floor purses
    are on the train."""
    cars = (0, 1, 2, 3, 5, 4)  # car-e (4 purses) is the caboose
    g = Game.new(Options(players=7, cars=cars), seed=3)
    assert "mei" in g.chars and g.last == 6
    assert g.options.band == "5-6"
    floor = [sum(g.loot_kind[t] == PURSE for t in g.floor_loot[2 * c]) for c in range(1, 7)]
    assert floor == [1, 1, 0, 3, 3, 4]
    assert len(tokens_of(g, PURSE)) == 19  # the 18 of the base game and Mei's
    assert g.box == [t for t in g.box if g.loot_kind[t] != PURSE]  # no purse left over
    assert sum(len(h) for h in g.held) == 7
    assert all(g.loot_value[g.held[b][0]] == 250 for b in range(7))
    # With fewer players Mei still brings her own purse: the base purses serve the others.
    g = Game.new(Options(players=3, characters=("mei", "belle", "doc")), seed=3)
    assert len(tokens_of(g, PURSE)) == 19


def test_two_bandit_characters_dealt_outside_ghost_doc_belle() -> None:
    """D-two-bandit-characters: each player is dealt one character other than Ghost, Doc and
    Belle; a team of two of them is refused."""
    for seed in range(15):
        g = Game.new(Options.preset("two-bandits"), seed=seed)
        assert len(set(g.chars)) == 6
        for seat in range(3):
            team = {g.chars[b] for b in g.bandits_of[seat]}
            assert team - {"ghost", "doc", "belle"}
    with pytest.raises(OptionsError):
        Options.preset("two-player", characters=("ghost", "doc", "tuco", "django"))
    ok = Options.preset("two-player", characters=("ghost", "tuco", "doc", "django"))
    assert ok.characters == ("ghost", "tuco", "doc", "django")


# ---------------------------------------------------------------------------- rules 002 setup


@pytest.mark.rule("base.setup.accessible-cars-and-order-of-choice")
def test_accessible_cars_of_choice_in_order_of_choice() -> None:
    """D-car-pick: the named cars, in the named order (locomotive side first); without a
    choice they are drawn at random."""
    g = new_game("accessible", players=3, seed=1, cars=(5, 2, 0))
    assert g.train == (5, 2, 0)
    floors = [Counter(g.loot_kind[t] for t in g.floor_loot[2 * c]) for c in (1, 2, 3)]
    assert [(f[PURSE], f[JEWEL]) for f in floors] == [(3, 1), (0, 3), (1, 0)]
    trains = {new_game("accessible", players=3, seed=s).train for s in range(10)}
    assert len(trains) > 1
    with pytest.raises(OptionsError):
        Options.preset("accessible", players=3, cars=(1, 2))


@pytest.mark.rule("base.setup.accessible-second-strongbox-beside-locomotive")
def test_accessible_second_strongbox_waits_beside_the_train() -> None:
    g = new_game("accessible", players=3, seed=1)
    assert len(g.reserve) == 1 and g.loot_kind[g.reserve[0]] == STRONGBOX
    on_train = [t for s in g.floor_loot for t in s if g.loot_kind[t] == STRONGBOX]
    assert len(on_train) == 1 and on_train[0] in g.floor_loot[0]
    assert not [t for t in g.box if g.loot_kind[t] == STRONGBOX]


@pytest.mark.rule("base.setup.accessible-round-deck-always-four-round-cards")
def test_accessible_round_deck_always_four_round_cards() -> None:
    for seed in range(5):
        g = new_game("accessible", players=5, seed=seed)
        deck = [*g.round_deck, g.round_card]
        assert len(deck) == 5
        assert sum(not g.round_specs[i].station for i in deck) == 4
    with pytest.raises(OptionsError):
        Options.preset("accessible", round_deck="first-game")


@pytest.mark.rule("base.setup.accessible-random-station-card-at-bottom")
def test_accessible_random_station_at_the_bottom() -> None:
    bottoms = set()
    for seed in range(30):
        g = new_game("accessible", players=3, seed=seed)
        bottom = g.round_specs[g.round_deck[0]]
        assert bottom.station
        bottoms.add(bottom.name)
    assert bottoms == STATIONS


@pytest.mark.rule("base.setup.accessible-odd-seats-caboose-even-seats-next-car")
def test_accessible_odd_players_caboose_even_players_next_car() -> None:
    for seed in range(6):
        g = new_game("accessible", players=4, seed=seed)
        for number in range(1, 5):  # player 1 is the first player, 2 on his left...
            seat = (g.first + number - 1) % 4
            car = g.last if number % 2 == 1 else g.last - 1
            assert g.pos[g.bandits_of[seat][0]] == 2 * car


@pytest.mark.rule("base.setup.accessible-neutral-bullets-also-dead-cards")
def test_accessible_bullet_cards_are_dead_cards() -> None:
    g = new_game("accessible", players=3, seed=1)
    seat = g.pending.seat
    hand = g.hand[seat]
    g.deck[seat].extend(hand)
    hand.clear()
    # A neutral bullet and a bullet from another bandit: neither can be played.
    hand.append(g.neutral_base)
    other = next(b for b in range(3) if b != g.bandits_of[seat][0])
    hand.append(g.bullet_base[other])
    g.legal = None
    assert legal(g) == ["draw"]
    set_hand(g, seat, ["move"])
    hand.append(g.neutral_base)
    g.legal = None
    assert legal(g) == ["draw", "play move"]


def test_bullet_cards_cannot_be_played_in_the_2016_rules_either() -> None:
    g = new_game(players=3, seed=1)
    seat = g.pending.seat
    g.deck[seat].extend(g.hand[seat])
    g.hand[seat] = [g.neutral_base]
    g.legal = None
    assert legal(g) == ["draw"]
