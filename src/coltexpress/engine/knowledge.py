"""What the table knows about cards it cannot see: known deck tops and known cards in hand.

A deck rebuilt from a discard pile (Expert Variant) is known to hold only that pile's cards
(``deck_from``); in rules 002's Expert Variant every hand is rid of its bullets in public at
the start of the Schemin' phase, so only the cards drawn since can be bullets
(``hand_bullets``: at most that many unknown bullet cards in hand; -1: no bound).

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
    known = False
    if segments:
        size, public, owner = segments[-1]
        if size == 1:
            segments.pop()
            if public:
                g.hand_known[seat].append(card)
                known = True
        else:
            # Nobody but the owner knows which card of the segment came off: the table
            # forgets what it knew of the segment (unreachable with the printed rules).
            segments[-1] = (size - 1, (), tuple(c for c in owner if c != card))
    if not known and g.hand_bullets[seat] >= 0:
        g.hand_bullets[seat] += 1  # one more card nobody else knows: maybe a bullet
    return card


def forget_deck(g: Game, seat: int) -> None:
    """The deck was shuffled (or a card was taken from anywhere in it): its known top mixes
    with the rest. If the rest is known to come from a rebuilt discard pile, it now comes
    from that pile and the known top (or from anywhere, if part of the top was the owner's
    secret)."""
    segments = g.deck_known[seat]
    if segments:
        if g.deck_from[seat]:
            if all(len(public) == size for size, public, _owner in segments):
                g.deck_from[seat] += [c for _size, public, _owner in segments for c in public]
            else:
                g.deck_from[seat] = []
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
        in_hand = set(g.hand[s]) | set(g.kept[s]) | set(g.dropped[s])
        if not set(g.hand_known[s]) <= in_hand:
            problems.append(f"seat {s}: a card known to be in hand is not there")
        bottom = deck[: len(deck) - sum(size for size, _p, _o in g.deck_known[s])]
        if g.deck_from[s] and not set(bottom) <= set(g.deck_from[s]):
            problems.append(f"seat {s}: the deck holds a card it is known not to hold")
        unknown_bullets = sum(
            1 for c in in_hand if g.card_kind[c] == BULLET and c not in g.hand_known[s]
        )
        if 0 <= g.hand_bullets[s] < unknown_bullets:
            problems.append(f"seat {s}: more bullet cards in hand than anyone could think")
    return problems
