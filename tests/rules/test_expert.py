"""The Expert Variant (rules 000 "Expert Variant"; rules 002 "Expert Variant")."""

from __future__ import annotations

import pytest

from coltexpress.engine.content import BULLET
from support import KIND, bandit, legal, new_game, put, set_hand, set_round, stealin


def _neutral_on_deck(g, name: str) -> int:
    """A neutral bullet on top of the bandit's deck (as the Marshal gives it)."""
    b = bandit(g, name)
    g.neutral -= 1
    card = g.neutral_base + g.neutral
    g.deck[g.seat_of[b]].append(card)
    g.received[b] += 1
    g.legal = None
    return card


def _last_turn(g) -> None:
    """Skip to the last Schemin' turn of the round."""
    g.step = len(g.schedule) - 1
    g.actor = g.schedule[-1][1]
    g.legal = None


def _names(g, cards: list[int]) -> list[str]:
    return sorted(g.card_name(c) for c in cards)


def _add_to_hand(g, seat: int, kind: str) -> None:
    """One more card of that kind from the deck (``set_hand`` cannot give two alike)."""
    code = KIND[kind]
    card = next(c for c in g.deck[seat] if g.card_kind[c] == code)
    g.deck[seat].remove(card)
    g.hand[seat].append(card)
    g.legal = None


def _at_keep(g, hands: dict[int, list[str]]):
    """Rig hands and play the round's last turn (a Punch), reaching the keep decisions."""
    g.first = 0
    set_round(g, "no-event-speed")
    for seat, cards in hands.items():
        once = list(dict.fromkeys(cards))
        set_hand(g, seat, once)
        for kind in once:
            for _ in range(cards.count(kind) - 1):
                _add_to_hand(g, seat, kind)
    _last_turn(g)
    g.apply("play punch")
    return g


def _keep_all(g, choices: dict[str, str]) -> list:
    """Answer the keep decisions of one player card by card: ``choices`` maps a card name to
    "keep" (anything else is discarded); returns the events of the last answer."""
    seat = g.pending.seat
    events = []
    while g.pending.decision == "keep" and g.pending.seat == seat:
        options = legal(g)
        keep = next((o for o in options if o != "pass"), None)
        name = keep.split(" ", 1)[1] if keep else ""
        want = keep is not None and choices.get(name, 0) > 0
        if want:
            choices[name] -= 1
        events = g.apply(keep if want else "pass")
    return events


@pytest.mark.rule("base.expert.keep-chosen-cards-discard-rest")
def test_keep_chosen_cards_and_discard_the_rest() -> None:
    """D-keep: one decision per card of the hand, in the order hands are shown (keep it or
    pass to discard it); rules 000 lets bullets be kept. D-keep-at-once: the discards are
    turned over once every player has chosen."""
    g = new_game("expert", players=3)
    bullet = _neutral_on_deck(g, "belle")
    hands = {s: ["rob", "move", "shoot", "punch", "floor"] for s in range(3)}
    hands[0] = ["rob", "move", "shoot", "bullet", "floor"]
    hands[2] = [*hands[2], "rob"]
    g = _at_keep(g, hands)  # seat 2 (last) played its Punch
    assert g.pending.decision == "keep" and g.pending.seat == 0
    asked = []
    while g.pending.seat == 0:
        asked.append(legal(g))
        card = asked[-1][-1].split(" ")[-1]
        g.apply(f"keep {card}" if card in ("rob", "bullet") else "pass")
    # One question per card, the kinds in their fixed order; the bullet card too.
    assert asked == [["pass", "keep move"], ["pass", "keep floor"], ["pass", "keep shoot"],
                     ["pass", "keep rob"], ["pass", "keep bullet"]]
    assert _names(g, g.kept[0]) == ["bullet", "rob"]
    assert bullet in g.kept[0]
    assert g.discard[0] == []  # nothing is turned over before everyone has chosen
    assert _names(g, g.dropped[0]) == ["floor", "move", "shoot"]
    assert g.pending.decision == "keep" and g.pending.seat == 1
    _keep_all(g, {})
    assert g.kept[1] == [] and g.discard[1] == []
    assert g.pending.seat == 2
    events = _keep_all(g, {"rob": 2})  # the last player: discards, Stealin', next round
    discards = [e.data["discarded"] for e in events if e.kind == "keep"]
    assert [sorted(d) for d in discards] == [["floor", "move", "shoot"], ["floor", "move",
                                             "punch", "rob", "shoot"], ["floor", "move",
                                             "shoot"]]
    assert g.round_no == 1
    assert _names(g, g.hand[2]).count("rob") == 2  # kept into the new round
    assert bullet in g.hand[0]


@pytest.mark.rule("base.expert.no-shuffle-after-stealin", "base.expert.refill-hand-to-six")
def test_no_shuffle_and_refill_to_six_from_the_top() -> None:
    g = new_game("expert", players=3)
    g.first = 0
    set_round(g, "no-event-speed")
    put(g, belle=(2, False), cheyenne=(3, True), django=(3, True))
    g.marshal = 0
    stealin(g, [("belle", "move")])
    decks = [list(d) for d in g.deck]
    g.apply("move back 1")  # the last card: the round ends, the next one is dealt
    assert g.round_no == 1
    for seat in range(3):
        # Nothing was shuffled: the new hand is the 6 top cards of the deck as it stood.
        assert g.hand[seat] == decks[seat][-6:][::-1]
        assert g.deck[seat] == decks[seat][:-6]


@pytest.mark.rule("base.expert.refill-hand-to-six")
def test_refill_counts_the_kept_cards() -> None:
    """D-doc-expert: Doc refills to 7."""
    g = new_game("expert", players=4)  # belle, cheyenne, django, doc
    hands = {s: ["rob", "move", "shoot", "punch"] for s in range(4)}
    g = _at_keep(g, hands)  # seat 3 played its Punch
    _keep_all(g, {"rob": 1, "move": 1})
    _keep_all(g, {})
    _keep_all(g, {"shoot": 1})
    _keep_all(g, {})
    # Stealin' of the round: 1 punch card. Resolve it if needed, then the next round.
    while g.round_no == 0:
        g.apply(legal(g)[0])
    assert [len(h) for h in g.hand] == [6, 6, 6, 7]
    assert "rob" in _names(g, g.hand[0]) and "move" in _names(g, g.hand[0])


@pytest.mark.rule("base.expert.resolved-card-to-discard", "base.expert.received-bullet-on-deck-top")
def test_resolved_cards_to_discard_and_bullets_on_top_of_deck() -> None:
    g = new_game("expert", players=3)
    put(g, belle=(3, False), cheyenne=(2, False), django=(3, True))
    g.marshal = 1
    set_round(g, "no-event-speed")
    stealin(g, [("belle", "shoot"), ("django", "move"), ("cheyenne", "move")])
    # Belle's only target is Cheyenne (forced); Django's Move waits for a decision.
    assert g.pending.bandit == "django"
    assert _names(g, g.discard[0]) == ["shoot"]
    top = g.deck[1][-1]
    assert g.card_kind[top] == BULLET and g.card_bandit[top] == bandit(g, "belle")
    g.apply("move forward 1")
    assert _names(g, g.discard[2]) == ["move"]
    # Cheyenne meets the Marshal: the neutral bullet also goes on top of her deck.
    g.apply("move forward 1")
    assert g.round_no == 1
    assert _names(g, g.discard[1]) == ["move"]
    drawn = [g.card_kind[c] == BULLET for c in g.hand[1]]
    assert drawn.count(True) == 2  # both bullets were on top and are drawn first


@pytest.mark.rule("base.expert.empty-deck-reshuffle-discard")
def test_empty_deck_is_rebuilt_from_the_discard_pile() -> None:
    g = new_game("expert", players=3)
    g.first = 0
    set_round(g, "no-event-speed")
    seat = 0
    g.discard[seat] = g.deck[seat][:-2]
    g.deck[seat] = g.deck[seat][-2:]
    top_two = g.deck[seat][::-1]
    total = len(g.discard[seat]) + 2
    g.apply("draw")  # 3 cards: 2 from the deck, then the discard pile is shuffled
    assert g.hand[seat][-3:-1] == top_two
    assert g.discard[seat] == []
    assert len(g.deck[seat]) == total - 3


@pytest.mark.rule("base.expert.empty-deck-reshuffle-discard")
def test_refill_reshuffles_the_discard_pile() -> None:
    for seed in range(3):
        g = new_game("expert", players=3, seed=seed)
        set_round(g, "no-event-speed")
        for s in range(3):
            g.deck[s].extend(g.hand[s])
            g.hand[s] = []
            g.discard[s] = g.deck[s][:-1]
            g.deck[s] = g.deck[s][-1:]
        stealin(g, [])
        assert [len(h) for h in g.hand] == [6, 6, 6]
        assert all(d == [] for d in g.discard)
        assert [len(d) for d in g.deck] == [4, 4, 4]


@pytest.mark.rule("base.expert.discard-piles-open")
def test_discard_piles_are_open() -> None:
    g = new_game("expert", players=3)
    g = _at_keep(g, {s: ["rob", "move", "shoot", "punch"] for s in range(3)})
    _keep_all(g, {"rob": 1})  # seat 0 will discard move, shoot and punch
    assert g.view(1)["players"][0]["discard"] == []  # D-keep-at-once: not yet
    assert g.view(0)["discarding"] == ["move", "shoot", "punch"]  # its own choice, to it
    _keep_all(g, {})
    _keep_all(g, {"move": 1})  # the last player chose: every discard is turned over
    for viewer in (None, 0, 1, 2):
        players = g.view(viewer)["players"]
        assert sorted(players[0]["discard"]) == ["move", "punch", "shoot"]


# ---------------------------------------------------------------------------- rules 002


@pytest.mark.rule("base.expert.accessible-discard-bullets-at-schemin-start")
def test_accessible_expert_discards_drawn_bullets() -> None:
    g = new_game("accessible", players=3, expert=True)
    set_round(g, "no-event-speed")
    put(g, belle=(2, False), cheyenne=(3, True), django=(3, True))
    g.marshal = 0
    stealin(g, [("belle", "move")])
    bullets = [_neutral_on_deck(g, "belle"), _neutral_on_deck(g, "belle")]
    g.apply("move back 1")
    assert g.round_no == 1 and g.pending.decision == "play"
    assert not any(g.card_kind[c] == BULLET for c in g.hand[0])
    assert len(g.hand[0]) == 4  # the hand is lightened: no refill after the discard
    assert all(b in g.discard[0] for b in bullets)
    # Rules 000 keeps them in hand.
    g = new_game("expert", players=3)
    set_round(g, "no-event-speed")
    put(g, belle=(2, False), cheyenne=(3, True), django=(3, True))
    g.marshal = 0
    stealin(g, [("belle", "move")])
    bullets = [_neutral_on_deck(g, "belle"), _neutral_on_deck(g, "belle")]
    g.apply("move back 1")
    assert all(b in g.hand[0] for b in bullets) and len(g.hand[0]) == 6


@pytest.mark.rule("base.expert.accessible-keep-cards-discard-bullets-and-rest")
def test_accessible_expert_cannot_keep_bullets() -> None:
    """D-keep: rules 002 discards bullet cards always: the bullet card is asked about (the
    number of questions is the size of the hand) but only discarding is offered."""
    g = new_game("accessible", players=3, expert=True)
    bullet = _neutral_on_deck(g, "belle")
    hands = {s: ["rob", "move", "punch"] for s in range(3)}
    hands[0] = ["rob", "move", "bullet"]
    g = _at_keep(g, hands)
    assert g.pending.decision == "keep" and g.pending.seat == 0
    asked = []
    while g.pending.seat == 0:
        asked.append(legal(g))
        g.apply(asked[-1][-1])
    assert asked == [["pass", "keep move"], ["pass", "keep rob"], ["pass"]]
    assert _names(g, g.kept[0]) == ["move", "rob"]
    assert bullet in g.dropped[0]  # discarded with the rest once all have chosen
