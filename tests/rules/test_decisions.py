"""Decisions of docs/rules-decisions.md that no rule sentence names (each test names one)."""

from __future__ import annotations

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


def test_a_purse_lost_is_no_longer_shown_to_its_former_owner() -> None:
    """D-memory: a seat sees the values of the purses its bandits hold now; once Doc punches
    Belle's $450 purse onto the floor, Belle's view no longer shows its value."""
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
    floor = g.view(0)["spaces"][2 * 2]["loot"]
    assert {"id": token, "kind": "purse"} in floor  # no value any more


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
