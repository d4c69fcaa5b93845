"""Rounds and the Schemin' phase: the round card, hands, turn order, playing or drawing,
the types of turns (rules 000), and the start of a round in rules 002."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from coltexpress import Game
from coltexpress.engine import flow
from support import KIND, draw_or_play, new_game, put, set_hand, set_round


def fresh(preset: str = "first-game", players: int = 3, card: str = "braking", **opts: Any) -> Game:
    """A game at its first Schemin' turn with seat 0 as first player and a known round card."""
    g = new_game(preset, players=players, seed=opts.pop("seed", 1), **opts)
    g.first = 0
    set_round(g, card)
    return g


def seats_of_round(g: Game) -> list[int]:
    """Everyone draws for the whole Schemin' phase (plays once the deck is empty); the seats
    in the order they were asked."""
    seats = []
    while g.pending.decision == "play":
        seats.append(g.pending.seat)
        events = draw_or_play(g)
        if any(e.kind == "stealin" for e in events):
            break
    return seats


# ---------------------------------------------------------------------------- rounds


@pytest.mark.rule("base.round.five-rounds-two-phases")
def test_five_rounds_each_schemin_then_stealin() -> None:
    g = new_game("first-game", players=3, seed=2)
    phases: list[str] = ["round"]  # round 1 began inside Game.new
    while not g.is_over:
        for e in g.apply_id(g.legal_ids()[len(g.history) % 2 if len(g.legal_ids()) > 1 else 0]):
            if e.kind in ("round", "stealin", "game-over"):
                phases.append(e.kind)
            elif e.kind == "play" and phases[-1] != "play":
                phases.append("play")
    # Each round: its card, Schemin' turns (cards played onto the pile), then Stealin'.
    rounds = " ".join(phases).split("round")[1:]
    assert len(rounds) == 5
    for r in rounds:
        assert r.split() in (["play", "stealin"], ["stealin"], ["play", "stealin", "game-over"],
                             ["stealin", "game-over"])
    assert phases[-1] == "game-over"


# ---------------------------------------------------------------------------- schemin'


@pytest.mark.rule("base.schemin.first-player-reveals-round-card")
def test_first_player_reveals_the_top_round_card() -> None:
    g = new_game("first-game", players=3, seed=3)
    assert g.round_card == g.round_log[0] and g.round_card not in g.round_deck
    top = g.round_deck[-1]
    first = g.first
    events = []
    while g.round_no == 0:
        events += g.apply_id(g.legal_ids()[0])
    assert g.round_card == top  # the next round reveals the top card of the deck
    reveal = next(e for e in events if e.kind == "round")
    assert reveal.seat is None  # everyone sees it
    assert reveal.data["card"] == g.round_specs[top].name
    assert reveal.data["first"] == (first + 1) % 3
    assert g.view(None)["round_card"]["name"] == g.round_specs[top].name


@pytest.mark.rule("base.schemin.round-card-sets-number-and-type-of-turns")
def test_round_card_sets_number_and_type_of_turns() -> None:
    g = fresh(players=3, card="braking")  # 2-4 players: S S S S
    assert len(seats_of_round(g)) == 12
    g = fresh(players=5, card="braking")  # 5-6 players: S T S S
    types = []
    while g.pending.decision == "play":
        types.append(g.turn_type().value)
        if any(e.kind == "stealin" for e in draw_or_play(g)):
            break
    assert types == ["S"] * 5 + ["T"] * 5 + ["S"] * 10
    g = fresh(players=3, card="passengers-rebellion")  # S S T S S
    assert len(seats_of_round(g)) == 15


@pytest.mark.rule("base.schemin.draw-six-cards-at-round-start")
def test_each_player_draws_six_cards_at_round_start() -> None:
    g = new_game("first-game", players=4, seed=4)
    assert [len(h) for h in g.hand] == [6, 6, 6, 6]
    assert [len(d) for d in g.deck] == [4, 4, 4, 4]
    while g.round_no == 0:
        draw_or_play(g)
    assert [len(h) for h in g.hand] == [6, 6, 6, 6]  # again at round 2, from 10 cards


@pytest.mark.rule(
    "base.schemin.turn-order-clockwise-from-first-player",
    "base.schemin.clockwise-means-next-player-on-left",
)
def test_turns_go_clockwise_from_the_first_player() -> None:
    """Seat s+1 sits on the left of seat s (clockwise). The rules' example: Cheyenne is first
    player, Belle on her left plays next, then Tuco, then Doc."""
    g = new_game("first-game", players=4, seed=1, characters=("cheyenne", "belle", "tuco", "doc"))
    g.first = 0
    set_round(g, "braking")
    put(g, cheyenne=(2, False), belle=(2, False), tuco=(3, False), doc=(4, False))
    set_hand(g, 0, ["move"])
    set_hand(g, 1, ["shoot"])
    set_hand(g, 3, ["floor"])
    order = []
    for play in ("play move", "play shoot", "draw", "play floor"):
        order.append(g.chars[g.bandits_of[g.pending.seat][0]])
        g.apply(play)
    assert order == ["cheyenne", "belle", "tuco", "doc"]
    assert [g.chars[g.card_bandit[c]] for c in g.pile] == ["cheyenne", "belle", "doc"]
    assert g.pending.seat == 0  # the second turn starts again with the first player
    # The first player of another round: the order still goes left from him.
    g = new_game("first-game", players=4, seed=1)
    g.first = 2
    set_round(g, "braking")
    assert seats_of_round(g)[:4] == [2, 3, 0, 1]


@pytest.mark.rule("base.schemin.turn-must-play-or-draw")
def test_a_turn_is_play_a_card_or_draw() -> None:
    """D-forced: the turn is offered even when drawing is the only choice."""
    g = fresh()
    set_hand(g, 0, ["move", "rob", "rob"])
    assert [str(a) for a in g.legal_actions()] == ["draw", "play move", "play rob"]
    assert not g.is_legal("pass")
    set_hand(g, 0, [])
    assert g.pending.decision == "play" and [str(a) for a in g.legal_actions()] == ["draw"]
    g.apply("draw")
    assert g.pending.seat == 1


@pytest.mark.rule("base.schemin.play-action-card-face-up-on-pile")
def test_a_card_is_played_face_up_onto_the_pile() -> None:
    g = fresh()
    set_hand(g, 0, ["shoot", "move"])
    events = g.apply("play shoot")
    (card,) = g.pile
    assert g.card_kind[card] == KIND["shoot"] and g.card_bandit[card] == 0
    assert g.pile_down == [False]
    assert [c for c in g.hand[0] if g.card_kind[c] == KIND["shoot"]] == []
    public = next(e for e in events if e.kind == "play")
    assert public.seat is None and public.data["card"] == "shoot"
    assert g.view(2)["pile"][0]["card"] == "shoot"
    set_hand(g, 1, ["rob"])
    g.apply("play rob")
    assert g.pile[-1] != card and g.card_kind[g.pile[-1]] == KIND["rob"]  # on top


@pytest.mark.rule("base.schemin.draw-three-cards")
def test_drawing_takes_three_cards_from_the_top_of_the_deck() -> None:
    g = fresh()
    hand, deck = list(g.hand[0]), list(g.deck[0])
    events = g.apply("draw")
    assert Counter(g.hand[0]) == Counter(hand + deck[-3:])
    assert g.deck[0] == deck[:-3]
    assert g.pile == []
    public = next(e for e in events if e.kind == "draw")
    assert public.seat is None and public.data["count"] == 3
    private = next(e for e in events if e.kind == "drawn")
    assert private.seat == 0 and len(private.data["cards"]) == 3
    # With fewer than 3 cards left he takes what there is.
    g.deck[1] = g.deck[1][-1:]
    g.apply("draw")
    assert len(g.hand[1]) == 7 and g.deck[1] == []


@pytest.mark.rule("base.schemin.phase-ends-after-round-card-turns")
def test_schemin_ends_after_the_round_cards_turns() -> None:
    g = fresh(players=3, card="no-event-speed")  # S Sp S: 3 + 6 + 3 turns
    turns = 0
    while True:
        turns += 1
        events = draw_or_play(g)
        if any(e.kind == "stealin" for e in events):
            break
        assert g.pending.decision == "play"
    assert turns == 12


@pytest.mark.rule("base.schemin.unplayed-cards-back-on-deck-top")
def test_unplayed_cards_go_back_on_top_of_the_deck() -> None:
    g = fresh(players=3, card="braking")
    put(g, belle=(2, False))  # her Move has two choices: the Stealin' stops there
    g.apply("play move")
    g.apply("draw")
    g.apply("draw")
    for turn in range(3):
        for seat in range(3):
            if turn == 2 and seat == 2:
                hands = [list(h) for h in g.hand]
                g.apply("play floor")
                hands[2] = [c for c in hands[2] if c not in g.pile]
            else:
                draw_or_play(g)
    assert g.pending.decision == "move"  # Stealin' is under way, nothing shuffled yet
    for seat in range(3):
        top = g.deck[seat][len(g.deck[seat]) - len(hands[seat]):]
        assert hands[seat] and Counter(top) == Counter(hands[seat])
        assert g.hand[seat] == []


@pytest.mark.rule("base.schemin.one-pile-for-all-turns")
def test_all_turns_play_onto_one_pile() -> None:
    g = fresh(players=3, card="braking")
    for seat in range(3):
        set_hand(g, seat, ["move", "rob", "shoot"])
    plays = []
    for turn in range(2):
        for seat in range(3):
            kind = "move" if turn == 0 else "rob"
            plays.append((seat, kind))
            g.apply(f"play {kind}")
    assert [(g.card_bandit[c], g.card_kind[c]) for c in g.pile] == [
        (s, KIND[k]) for s, k in plays
    ]


# ---------------------------------------------------------------------------- types of turns


@pytest.mark.rule("base.turn-type.standard-face-up")
def test_standard_turn_face_up() -> None:
    g = fresh("standard", card="braking", characters=("belle", "cheyenne", "django"))
    for seat in range(3):
        set_hand(g, seat, ["move", "rob"])
    for seat in range(3):
        assert g.pending.seat == seat
        assert not any(str(a).endswith(" down") for a in g.legal_actions())
        g.apply("play move")
    assert g.pile_down == [False] * 3
    assert all(entry["card"] == "move" for entry in g.view(None)["pile"])


@pytest.mark.rule("base.turn-type.tunnel-face-down")
def test_tunnel_turn_face_down() -> None:
    g = fresh(card="swivel-arm")  # S T S S
    for _ in range(3):
        g.apply("draw")
    assert g.turn_type().value == "T"
    events = g.apply("play rob")
    assert g.pile_down == [True]
    public = next(e for e in events if e.kind == "play")
    assert public.seat is None and public.data["card"] is None and public.data["down"]
    private = next(e for e in events if e.kind == "play-private")
    assert private.seat == 0 and private.data["card"] == "rob"
    assert g.view(1)["pile"][0]["card"] is None
    assert g.view(0)["pile"][0]["card"] == "rob"


@pytest.mark.rule("base.turn-type.speeding-up-two-turns-in-a-row")
def test_speeding_up_two_turns_in_a_row() -> None:
    g = fresh(players=3, card="no-event-speed")  # S Sp S
    for _ in range(3):
        g.apply("draw")
    assert g.turn_type().value == "Sp"
    seats = []
    for action in ("play move", "draw", "draw", "play rob", "play shoot", "play floor"):
        seats.append(g.pending.seat)
        g.apply(action)  # each of the two turns may play or draw
    assert seats == [0, 0, 1, 1, 2, 2]
    assert [(g.card_bandit[c], g.card_kind[c]) for c in g.pile] == [
        (0, KIND["move"]), (1, KIND["rob"]), (2, KIND["shoot"]), (2, KIND["floor"])
    ]


@pytest.mark.rule("base.turn-type.switching-counter-clockwise")
def test_switching_turn_counter_clockwise_from_first_player() -> None:
    g = new_game("first-game", players=4, seed=1)
    g.first = 1
    set_round(g, "angry-marshal")  # 2-4 players: S S T Sw
    seats = seats_of_round(g)
    clockwise = [1, 2, 3, 0]
    assert seats == clockwise * 3 + [1, 0, 3, 2]


# ---------------------------------------------------------------------------- rules 002


def _record_shuffles(monkeypatch: pytest.MonkeyPatch, g: Game) -> list[tuple[int, int, bool]]:
    """Record each deck shuffle: (seat, hand events already emitted, round card revealed)."""
    log: list[tuple[int, int, bool]] = []
    real = flow.shuffle

    def spy(game: Game, items: list[int]) -> None:
        for seat, deck in enumerate(game.deck):
            if items is deck:
                hands = sum(e.kind == "hand" for e in game.events)
                revealed = any(e.kind == "round" for e in game.events)
                log.append((seat, hands, revealed))
        real(game, items)

    monkeypatch.setattr(flow, "shuffle", spy)
    return log


@pytest.mark.rule("base.round-start.accessible-shuffle-and-draw-before-round-card")
@pytest.mark.pure
def test_accessible_round_starts_with_shuffle_and_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules 002: each player shuffles his deck and draws 6 cards at the start of each round,
    then the round card is revealed (D-reveal-order: both editions deal first)."""
    g = fresh("accessible", card="braking")
    log = _record_shuffles(monkeypatch, g)
    events = []
    while g.round_no == 0:
        events += draw_or_play(g)
    kinds = [e.kind for e in events]
    start = kinds.index("hand")
    assert kinds[start:start + 4] == ["hand", "hand", "hand", "round"]
    assert [len(h) for h in g.hand] == [6, 6, 6]
    # Each deck is shuffled at the start of round 2, before that player's hand is dealt
    # and before the round card is revealed.
    round_two = [(seat, hands) for seat, hands, revealed in log if not revealed][-3:]
    assert round_two == [(0, 0), (1, 1), (2, 2)]


@pytest.mark.pure
def test_2016_rules_shuffle_at_end_of_stealin_not_at_round_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """D-reveal-order (rules 000 side): the shuffle belongs to the end of the Stealin' phase;
    the next round deals from the shuffled decks, then reveals its card."""
    g = fresh("first-game", card="braking")
    log = _record_shuffles(monkeypatch, g)
    events = []
    while g.round_no == 0:
        events += draw_or_play(g)
    assert sorted(seat for seat, _h, revealed in log if not revealed) == [0, 1, 2]
    assert [entry for entry in log if entry[2]] == []
    kinds = [e.kind for e in events]
    assert kinds.index("hand") < kinds.index("round")
