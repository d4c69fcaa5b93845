"""What the table knows about cards it cannot see: known deck tops and known cards in hand.

A card put on top of a deck in public (a Bullet card from a shot, the Marshal or an event; a
performed card going back in rules 002) is known to everyone until that deck is shuffled,
and when it is drawn, everyone knows it is in that hand until it leaves it in public. Cards
a player puts back on his deck (his unplayed hand) are known to him.

Each deck keeps ``deck_known[seat]``: segments from the bottom of the known part to the top,
each ``(size, public, owner)``: the top ``size`` cards there hold the ``public`` cards (known
to all) and the ``owner`` cards (known to the deck's owner; a superset of ``public``), in an
order nobody knows within the segment. ``hand_known[seat]`` lists the cards everyone knows
are in that hand (or, while keeping in the Expert Variant, among hand and kept cards).

Knowledge is held as card ids but only ever matched by card *name* where the table sees
names (two Move cards of one bandit look alike), so what is known never depends on hidden
identities. Every function here keeps the state's knowledge exact or, where the rules lose
track (a shuffle, a card taken from anywhere in a deck), forgets it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import BULLET

if TYPE_CHECKING:
    from .game import Game

Segment = tuple[int, tuple[int, ...], tuple[int, ...]]


def push_public(g: Game, seat: int, card: int) -> None:
    """Put a card on top of a deck in view of everyone."""
    g.deck[seat].append(card)
    g.deck_known[seat].append((1, (card,), (card,)))


def push_hand(g: Game, seat: int) -> None:
    """The unplayed hand goes back on top of the deck: its owner knows those cards."""
    hand = g.hand[seat]
    if not hand:
        return
    g.deck[seat].extend(hand)
    g.deck_known[seat].append((len(hand), tuple(g.hand_known[seat]), tuple(hand)))
    g.hand[seat] = []
    g.hand_known[seat] = []


def draw_top(g: Game, seat: int) -> int:
    """Take the top card of a deck into the hand; a known card stays known there."""
    card = g.deck[seat].pop()
    g.hand[seat].append(card)
    segments = g.deck_known[seat]
    if segments:
        size, public, owner = segments[-1]
        if size == 1:
            segments.pop()
            if public:
                g.hand_known[seat].append(card)
        else:
            # Nobody but the owner knows which card of the segment came off: the table
            # forgets what it knew of the segment (unreachable with the printed rules).
            segments[-1] = (size - 1, (), tuple(c for c in owner if c != card))
    return card


def forget_deck(g: Game, seat: int) -> None:
    """The deck was shuffled (or a card was taken from anywhere in it)."""
    if g.deck_known[seat]:
        g.deck_known[seat] = []


def leave_hand(g: Game, seat: int, cards: list[int]) -> None:
    """Cards leave a hand in public (played face up, discarded): one known card of the
    same name is no longer known to be there for each (the exact card first)."""
    known = g.hand_known[seat]
    if not known:
        return
    rest = []
    for card in cards:
        if card in known:
            known.remove(card)
        else:
            rest.append(card)
    for card in rest:
        name = g.card_name(card)
        for k in known:
            if g.card_name(k) == name:
                known.remove(k)
                break


def leave_hand_unseen(g: Game, seat: int, bandit: int) -> None:
    """A card of this bandit leaves the hand face down: any known action card of that
    bandit may be the one (bullet cards cannot be played, so they stay known)."""
    known = g.hand_known[seat]
    if known:
        g.hand_known[seat] = [
            c for c in known if g.card_kind[c] == BULLET or g.card_bandit[c] != bandit
        ]


def check(g: Game) -> list[str]:
    """Problems with the knowledge tables (for the invariant checks)."""
    problems = []
    for s in range(g.n_players):
        deck = g.deck[s]
        top = len(deck)
        for size, public, owner in reversed(g.deck_known[s]):
            members = deck[top - size : top] if size <= top else []
            if size < 1 or size > top:
                problems.append(f"seat {s}: a known deck segment of {size} cards is off the deck")
                break
            if not set(public) <= set(owner) or not set(owner) <= set(members):
                problems.append(f"seat {s}: known deck cards are not where they are known")
            top -= size
        in_hand = set(g.hand[s]) | set(g.kept[s])
        if not set(g.hand_known[s]) <= in_hand:
            problems.append(f"seat {s}: a card known to be in hand is not there")
    return problems
