"""Decisions of docs/rules-decisions.md that no rule sentence names (each test names one)."""

from __future__ import annotations

import pytest

from coltexpress import Game, IllegalActionError, Options, OptionsError, RoundDeck
from coltexpress.engine.content import RoundCardSpec, TurnType
from coltexpress.engine.game import Decision
from support import (
    add_loot,
    clear_loot,
    give_loot,
    legal,
    new_game,
    put,
    set_hand,
    set_round,
    stealin,
)


def test_ghost_in_a_tunnel_gets_no_face_down_variant() -> None:
    """D-ghost: in a tunnel every card is face down, so Ghost's first turn offers plain plays
    only, and the card still goes face down."""
    g = new_game("standard", players=3, characters=("ghost", "belle", "cheyenne"))
    g.first = 1
    set_round(g, "no-event-tunnels")  # S T S T S
    g.schedule = tuple((1, s) for s in (1, 2, 0))  # start at its tunnel turn
    g.actor = 1
    g.apply("draw")
    g.apply("draw")
    set_hand(g, 0, ["move", "shoot"])
    assert g.pending.seat == 0 and g.turns_taken[0] == 0  # Ghost's first turn, a tunnel
    options = legal(g)
    assert "play move" in options and not any(o.endswith(" down") for o in options)
    g.apply("play move")
    assert g.pile_down[-1] is True


def test_face_down_cards_show_their_bandit_not_their_kind() -> None:
    """D-card-backs: other seats and spectators see whose face-down card it is, not its kind;
    its owner sees the kind."""
    g = new_game("standard", players=3, characters=("ghost", "belle", "cheyenne"))
    g.first = 0
    set_round(g, "braking")
    set_hand(g, 0, ["move", "shoot"])
    g.apply("play shoot down")
    for seat in (1, 2, None):
        entry = g.view(seat)["pile"][-1]
        assert entry == {"seat": 0, "bandit": "ghost", "card": None, "down": True,
                         "resolved": False}
    assert g.view(0)["pile"][-1]["card"] == "shoot"


def test_a_purse_lost_is_still_known_to_its_former_owner() -> None:
    """D-memory: a seat knows the value of every purse it once held; once Doc punches
    Belle's $450 purse onto the floor, Belle's view still shows its value there, and Tuco's
    never did."""
    g = new_game("first-game", players=3, characters=("belle", "doc", "tuco"))
    clear_loot(g)
    put(g, belle=(2, False), doc=(2, False), tuco=(4, True))
    token = give_loot(g, "belle", "purse", 450)
    g.loot_public = tuple(False for _ in g.loot_public)
    held = g.view(0)["bandits"][0]["loot"]
    assert {"id": token, "kind": "purse", "value": 450} in held
    stealin(g, [("doc", "punch")])
    assert g.pending.decision is Decision.PUNCH
    g.apply("punch belle purse back")
    assert {"id": token, "kind": "purse", "value": 450} in g.view(0)["spaces"][2 * 2]["loot"]
    assert {"id": token, "kind": "purse"} in g.view(2)["spaces"][2 * 2]["loot"]


def test_two_bandit_pick_rebuilds_an_empty_deck_from_the_discard() -> None:
    """D-pick-empty-deck: with the Expert Variant a player whose deck is empty when the pick
    comes shuffles his discard pile into a new deck first, then picks from it."""
    g = new_game("two-bandits", players=3, expert=True)
    assert g.pending.decision is Decision.PLACE
    while g.pending.decision is Decision.PLACE:
        g.apply(legal(g)[0])
    # Now at the first pick: empty seat 1's deck into its discard pile, then let seat 0 pick.
    assert g.pending.decision is Decision.PICK
    first = g.pending.seat
    assert first is not None
    other = (first + 1) % 3
    g.discard[other].extend(g.deck[other])
    g.deck[other] = []
    g.legal = None
    events = g.apply(legal(g)[0])
    assert any(e.kind == "reshuffle" and e.data["seat"] == other for e in events)
    assert g.pending.decision is Decision.PICK and g.pending.seat == other
    assert g.deck[other] and not g.discard[other]


def test_rob_on_a_floor_with_loot_added_keeps_the_kind_choice() -> None:
    """D-rob-kind (both editions side by side): rules 000 names a kind, rules 002 a token."""
    g = new_game("first-game", players=3, characters=("belle", "doc", "tuco"))
    clear_loot(g)
    put(g, belle=(2, False), doc=(3, False), tuco=(4, True))
    a = add_loot(g, 2, False, "purse", 300)
    b = add_loot(g, 2, False, "purse", 500)
    add_loot(g, 2, False, "jewel", 500)
    stealin(g, [("belle", "rob")])
    assert sorted(legal(g)) == ["rob jewel", "rob purse"]
    h = new_game("accessible", players=3, characters=("belle", "doc", "tuco"))
    clear_loot(h)
    put(h, belle=(2, False), doc=(3, False), tuco=(4, True))
    a = add_loot(h, 2, False, "purse", 300)
    b = add_loot(h, 2, False, "purse", 500)
    add_loot(h, 2, False, "jewel", 500)
    stealin(h, [("belle", "rob")])
    assert sorted(legal(h)) == sorted(["rob jewel", f"rob purse#{a}", f"rob purse#{b}"])


# ---------------------------------------------------------------------------- issue-9 decisions


def test_drawing_takes_what_is_left_and_an_empty_deck_cannot_be_drawn_from() -> None:
    """D-draw-short: with 1 card left a draw takes it; with none, drawing is no turn and the
    player must play; with nothing to play either, he passes."""
    g = new_game("first-game", players=3, seed=1)
    g.first = 0
    set_round(g, "braking")
    seat = 0
    g.hand[seat] += g.deck[seat][:-1]
    g.deck[seat] = g.deck[seat][-1:]
    g.legal = None
    assert "draw" in legal(g)
    events = g.apply("draw")
    assert [e.data["count"] for e in events if e.kind == "draw"] == [1]
    assert g.deck[seat] == []
    g.apply("draw")
    g.apply("draw")
    assert g.pending.seat == seat
    assert "draw" not in legal(g) and legal(g) and "pass" not in legal(g)
    with pytest.raises(IllegalActionError, match="draw is not legal"):
        g.apply("draw")
    # Only bullet cards in hand and an empty deck: the turn passes.
    bullets = [g.neutral_base + i for i in range(g.neutral - 2, g.neutral)]
    g.neutral -= 2
    g.received[0] += 2
    g.discard[seat] = g.hand[seat]  # out of play for this test
    g.hand[seat] = bullets
    g.legal = None
    assert legal(g) == ["pass"]
    events = g.apply("pass")
    assert [e.kind for e in events] == ["no-turn"]
    assert g.pending.seat == 1


def test_expert_draw_rebuilds_the_deck_from_the_discard_pile() -> None:
    """D-draw-short: with the Expert Variant an empty deck with cards in the discard pile
    can be drawn from (the pile is shuffled into a new deck)."""
    g = new_game("expert", players=3, seed=1)
    g.first = 0
    set_round(g, "braking")
    g.discard[0], g.deck[0] = g.deck[0], []
    g.legal = None
    events = g.apply("draw")
    assert [e.kind for e in events][:1] == ["reshuffle"]
    assert len(g.hand[0]) == 9


def test_options_describe_a_printed_game() -> None:
    """D-options: without events the round deck is the first game's; a station deck needs
    events; named decks with events play the round cards' events."""
    assert Options(players=4, events=False).deck is RoundDeck.FIRST_GAME
    assert Options(players=4).deck is RoundDeck.STATION
    with pytest.raises(OptionsError, match="station is an event card"):
        Options(players=4, events=False, round_deck="station")
    with pytest.raises(OptionsError, match="accessible edition"):
        Options(players=4, edition="accessible", events=False)
    g = Game.new(Options(players=4, events=False), seed=3)
    assert len(g.round_deck) == 4 and all(not g.round_specs[i].station for i in g.round_log)
    options = Options(players=4, round_deck="first-game")
    assert options.events and options.deck is RoundDeck.FIRST_GAME
    assert Options.preset("first-game").deck is RoundDeck.FIRST_GAME
    assert Options.from_dict(options.to_dict()) == options
    assert Options(players=4).with_(events=False).deck is RoundDeck.FIRST_GAME


def test_pick_with_the_expert_variant_shuffles_received_bullets_in() -> None:
    """D-pick-expert: bullets received on top of an Expert deck are shuffled in by the
    2-bandit rules' shuffle after the pick, and nobody knows their place any more."""
    g = new_game("two-bandits", players=3, expert=True, seed=2)
    while g.pending.decision is Decision.PLACE:
        g.apply(legal(g)[0])
    assert g.pending.decision is Decision.PICK
    seat = g.pending.seat
    assert seat is not None
    from coltexpress.engine import knowledge

    g.neutral -= 1
    knowledge.push_public(g, seat, g.neutral_base + g.neutral)
    g.received[g.bandits_of[seat][0]] += 1
    assert g.view(None)["players"][seat]["deck_top"] == [{"size": 1, "cards": ["bullet"]}]
    g.apply(next(a for a in legal(g) if "bullet" not in a))
    assert g.view(None)["players"][seat]["deck_top"] == []


def test_pickpocketing_takes_a_random_purse_in_2016_and_a_chosen_one_in_002() -> None:
    """D-pickpocket: rules 000 take a purse unseen; rules 002 name the token."""
    for preset, expected in (("standard", ["pass", "take purse"]), ("accessible", None)):
        g = new_game(preset, players=3, seed=4)
        g.first = 0
        set_round(g, "braking")
        clear_loot(g)
        put(g, belle=(2, False), cheyenne=(3, True), django=(3, True))
        a = add_loot(g, 2, False, "purse", 300)
        b = add_loot(g, 2, False, "purse", 450)
        spec = next(i for i, s in enumerate(g.round_specs) if s.event == "pickpocketing")
        g.round_card = spec
        stealin(g, [])
        assert g.pending.decision is Decision.PICKPOCKET
        options = sorted(legal(g))
        if expected is None:
            assert options == sorted(["pass", f"take purse#{a}", f"take purse#{b}"])
            g.apply(f"take purse#{b}")
            assert b in g.held[0] and a in g.floor_loot[4]
        else:
            assert options == expected
            g.apply("take purse")
            assert len([t for t in (a, b) if t in g.held[0]]) == 1
            assert g.view(0)["bandits"][0]["loot"][-1]["value"] in (300, 450)


def test_conductor_ransom_is_new_money_however_few_purses_are_left() -> None:
    """D-conductor-ransom: each bandit at the locomotive gets a fresh public $250 purse."""
    g = new_game("standard", players=3, seed=4)
    g.first = 0
    set_round(g, "braking")
    g.box = [t for t in g.box if g.loot_kind[t] != 0]  # no purse left in the box
    put(g, belle=(0, True), cheyenne=(0, True), django=(3, True))
    g.marshal = 1
    g.round_card = next(i for i, s in enumerate(g.round_specs) if s.event == "hostage-conductor")
    before = len(g.loot_kind)
    g.box += []
    stealin(g, [])
    assert len(g.loot_kind) == before + 2
    for name in ("belle", "cheyenne"):
        token = g.held[g.chars.index(name)][-1]
        assert g.loot_value[token] == 250 and g.loot_public[token]


def test_a_bandit_may_punch_his_team_mate() -> None:
    """D-punch-teammate: with 2 bandits per player the team-mate is a legal punch victim."""
    g = new_game("two-player", players=2, characters=("tuco", "cheyenne", "django", "doc"))
    while g.pending.decision in (Decision.PLACE, Decision.PICK):
        g.apply(legal(g)[0])
    g.first = 0
    set_round(g, "braking")
    clear_loot(g)
    put(g, tuco=(2, False), cheyenne=(2, False), django=(3, True), doc=(1, True))
    give_loot(g, "tuco", "purse", 400)
    stealin(g, [("cheyenne", "punch")])
    assert "punch tuco purse back take" in legal(g)
    g.apply("punch tuco purse back take")
    assert [g.loot_value[t] for t in g.held[g.chars.index("cheyenne")]] == [400]


def test_accessible_edition_breaks_ties_as_rules_2016() -> None:
    """D-tie-break-002: fewest bullet cards received, then a shared victory."""
    g = new_game("accessible", players=3, seed=1)
    clear_loot(g)
    give_loot(g, "belle", "jewel", 500)
    give_loot(g, "cheyenne", "jewel", 500)
    g.received[:] = [2, 1, 0]
    assert g.result()["winners"] == [1]
    g.received[:] = [1, 1, 0]
    assert g.result()["winners"] == [0, 1]


def test_ghost_in_002_may_play_both_cards_of_a_speeding_first_turn_face_down() -> None:
    """D-ghost: rules 002's speeding-up turn is one turn of two plays, so both are his first
    turn's; in rules 000 it is two turns, and only the first play may be face down. (No
    printed round card opens with a speeding-up turn; a rigged one shows the rule.)"""
    speeding = RoundCardSpec("test-speeding-first", None,
                             {"2-4": (TurnType.SPEEDING, TurnType.STANDARD)}, False)
    for preset, second in (("accessible", True), ("standard", False)):
        g = new_game(preset, players=3, seed=2, characters=("ghost", "belle", "cheyenne"))
        g.first = 0
        g.round_specs = (*g.round_specs, speeding)
        g.round_card = len(g.round_specs) - 1
        g.schedule = ((0, 0), (0, 0), (0, 1), (0, 1), (0, 2), (0, 2), (1, 0), (1, 1), (1, 2))
        g.step, g.actor = 0, 0
        set_hand(g, 0, ["move", "shoot", "rob"])
        assert "play move down" in legal(g)
        g.apply("draw")
        assert g.pending.seat == 0
        assert ("play move down" in legal(g)) is second, preset
