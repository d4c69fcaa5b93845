"""What a seat may know: the one function every front end uses to see the game.

A view is built by listing what may be shown, never by copying the state and deleting
secrets. A seat sees its own hand, the values of the purses its bandits hold and of every
purse it once held (D-memory), and what it knows of its own deck's top; everyone sees
positions, loot by kind, face-up and revealed cards, the owners of face-down cards, deck and
hand sizes, discard piles, bullets, the cards known to lie on top of a deck or in a hand
(see knowledge.py). ``seat=None`` is a spectator: public information only. At the end of the
game every purse is turned over.

The spectator's view lists what everyone sees (``public_view``); a seat's adds what that
seat knows besides (``seat_view``), so the views of several seats of one moment can share
the public part (``build_views``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import ids
from .actions import ACTION_TEXTS
from .content import WHISKEY

if TYPE_CHECKING:
    from .game import Game


def _turn_play(g: Game) -> int:
    """How many plays the seat to play has made already in this turn (a speeding-up turn
    is two plays in a row: 0, then 1)."""
    here = g.schedule[g.step]
    return sum(1 for entry in g.schedule[: g.step] if entry == here)


def _token(g: Game, t: int, known: set[int]) -> dict[str, Any]:
    """A loot token, with its value where the viewer knows it."""
    entry: dict[str, Any] = {"id": t, "kind": ids.LOOT_NAMES[g.loot_kind[t]]}
    if t in known:
        entry["value"] = g.loot_value[t]
    if g.hs is not None and g.loot_kind[t] == WHISKEY:
        from .hs.views import whiskey_token

        whiskey_token(g, t, entry, t in known)
    return entry


def known_tokens(g: Game, seat: int | None) -> set[int]:
    """Tokens whose value ``seat`` knows: public, or seen (every token its bandits hold or
    once held)."""
    from .game import OVER

    if g.phase == OVER:
        return set(range(len(g.loot_kind)))
    known = {t for t, public in enumerate(g.loot_public) if public}
    if seat is not None:
        bit = 1 << seat
        known.update(t for t, seen in enumerate(g.loot_seen) if seen & bit)
    return known


def _seen_tokens(g: Game, seat: int) -> set[int]:
    """Tokens whose value ``seat`` knows and a spectator does not (``known_tokens``)."""
    from .game import OVER

    if g.phase == OVER:
        return set()
    bit = 1 << seat
    public = g.loot_public
    return {t for t, seen in enumerate(g.loot_seen) if seen & bit and not public[t]}


def deck_top(g: Game, owner: int, seat: int | None) -> list[dict[str, Any]]:
    """What ``seat`` knows of the top of ``owner``'s deck: segments from the top, each a
    number of cards and the cards known to be among them."""
    out = []
    for size, public, mine in reversed(g.deck_known[owner]):
        cards = mine if seat == owner else public
        out.append({"size": size, "cards": sorted(g.card_name(c) for c in cards)})
    return out


def card_order(g: Game, card: int) -> tuple[int, int, int]:
    """The order cards are shown in: by kind (Move, Change Floor, Shoot, Rob, Punch, Marshal,
    Bullet), then by bandit, then by number; the order of the legal plays too."""
    return (g.card_kind[card], g.card_bandit[card], card)


def build_view(g: Game, seat: object, *, frame: bool = False) -> dict[str, Any]:
    """The view of ``seat``; ``frame``: a moment inside a move (Game.apply_frames), with no
    pending decision (``decision`` is ``watch``) and only the cards already resolved shown.
    It is the spectator's view (``public_view``) with what the seat knows besides
    (``seat_view``)."""
    checked = _check_seat(g, seat)
    return seat_view(g, public_view(g, frame=frame), checked, frame=frame)


def build_views(
    g: Game, seats: tuple[int | None, ...], *, frame: bool = False,
    like: dict[str, Any] | None = None, like_game: Game | None = None,
) -> dict[int | None, dict[str, Any]]:
    """The views of ``seats`` at one moment, each equal to its ``build_view``: the public
    view is built once and each seat's made from it, so they share what they show alike
    (the same objects: a caller must not change them). ``like``: the public view of an
    earlier moment, whose parts this one's keep where they are equal (``share``);
    ``like_game``: the game of that moment (an earlier moment of this game), whose
    bandits, spaces and pile cards that stand as they stood are not built again
    (``public_view``)."""
    for seat in seats:
        _check_seat(g, seat)
    public = public_view(g, frame=frame, like=like, like_game=like_game)
    if like is not None:
        public = share(like, public)
    return {seat: seat_view(g, public, seat, frame=frame) for seat in seats}


def share(old: Any, new: Any) -> Any:
    """``new`` (a view, or a part of one) with each of its parts that equals ``old``'s part
    in the same place replaced by that part of ``old`` (``old`` itself when they are
    equal): what did not change from one moment to the next is the same object, which a
    server compares at once (its viewers' views and words, the patches between them).
    Neither is changed. Equal as Python compares them, as a patch (``updates.patch``)
    compares them too: a view's member holds one type of value."""
    if old is new:
        return old
    kind = type(new)
    if kind is not type(old):
        return new
    if kind is dict:
        if old == new:
            return old
        return {key: value if (was := old.get(key, _NONE)) is _NONE else share(was, value)
                for key, value in new.items()}
    if kind is list:
        if old == new:
            return old
        size = len(old)
        return [share(old[i], value) if i < size else value for i, value in enumerate(new)]
    return old if old == new else new


_NONE: Any = object()


def _check_seat(g: Game, seat: object) -> int | None:
    """``seat`` if the game has it (None: a spectator); ValueError for anything else."""
    if seat is None:
        return None
    if not (isinstance(seat, int) and 0 <= seat < g.n_players):
        raise ValueError(f"no seat {seat!r} in a {g.n_players}-player game")
    return seat


def seat_view(
    g: Game, public: dict[str, Any], seat: int | None, *, frame: bool = False
) -> dict[str, Any]:
    """``public`` (the spectator's view of this moment) as ``seat`` sees it: the values of
    the tokens it has seen, its own face-down cards in the pile, what it knows of its own
    deck's top, its hand, its placement, its legal plays, its secrets in the expansions.
    What does not change is ``public``'s own objects."""
    from .game import OVER, PLACE

    if seat is None:
        return public
    view = {**public, "seat": seat}
    seen = _seen_tokens(g, seat)  # values this seat knows and a spectator does not
    known = (known_tokens(g, None) | seen) if seen or g.mp is not None else set()
    if seen:
        for key, groups in (("bandits", g.held), ("spaces", g.floor_loot)):
            view[key] = [
                {**entry, "loot": [_token(g, t, known) for t in tokens]}
                if not seen.isdisjoint(tokens) else entry
                for entry, tokens in zip(public[key], groups, strict=True)
            ]
    # the spectator's own lists where the seat sees them alike (a server compares them)
    if any(entry["card"] is None and entry["seat"] == seat for entry in public["pile"]):
        view["pile"] = [
            {**entry, "card": g.card_name(card)}
            if entry["card"] is None and entry["seat"] == seat else entry
            for entry, card in zip(public["pile"], g.pile, strict=True)
        ]
    players = view["players"] = public["players"][:]
    players[seat] = {**players[seat], "deck_top": deck_top(g, seat, seat)}
    if g.mp is not None:
        from .mp.views import mp_view

        view["mp"] = mp_view(g, seat, lambda t: _token(g, t, known))
    if g.hs is not None:
        from .hs.views import hs_view

        view["hs"] = hs_view(g, seat)
    for key, cards in (("hand", g.hand[seat]), ("kept", g.kept[seat]),
                       ("discarding", g.dropped[seat])):
        view[key] = [g.card_name(c) for c in sorted(cards, key=lambda c: card_order(g, c))]
    if g.phase == PLACE and g.placed[seat] >= 0:
        view["my_placement"] = g.chars[g.placed[seat]]
    pend = g.pending
    if pend.seat == seat and not (frame and g.phase != OVER):
        view["legal"] = [ACTION_TEXTS[i] for i in g.legal_ids()]
    if "result" in view:  # last, as it always was
        view["result"] = view.pop("result")
    return view


def _kept_parts(
    g: Game, like: dict[str, Any] | None, was: Game | None
) -> tuple[list[Any], list[Any], list[Any], list[Any]] | None:
    """The public view ``like`` of ``was``'s moment, by its bandits, spaces, pile cards
    and players, when its entries may stand for this moment's where their part of the
    game is as it was: ``was`` an earlier moment of this game, the same tokens public (so
    the same values shown), the base game's parts alone (an expansion shows more of
    them)."""
    from .game import OVER

    if (like is None or was is None or was.chars is not g.chars or g.mp is not None
            or g.hs is not None or was.loot_public != g.loot_public
            or (was.phase == OVER) != (g.phase == OVER)):
        return None
    return like["bandits"], like["spaces"], like["pile"], like["players"]


def _same_list(old: list[Any], new: list[Any]) -> list[Any]:
    """``old`` when ``new`` holds its very entries, else ``new``."""
    if len(old) == len(new) and all(a is b for a, b in zip(old, new, strict=True)):
        return old
    return new


def public_view(
    g: Game, *, frame: bool = False, like: dict[str, Any] | None = None,
    like_game: Game | None = None,
) -> dict[str, Any]:
    """What everyone sees (the view of ``seat=None``, a spectator). ``like``, ``like_game``:
    the public view of an earlier moment of this game and its game; an entry of its
    bandits, spaces or pile that shows what this moment would is that very entry, and its
    options are this moment's."""
    from .game import KEEP, OVER, PLACE, RESOLVING

    watching = frame and g.phase != OVER
    pend = g.pending
    placing = g.phase == PLACE
    known = known_tokens(g, None)
    spec = g.round_card_spec
    kept = _kept_parts(g, like, like_game)
    was = like_game if kept is not None else None
    bandits = []
    coach = 2 * (g.last + 1)  # Horses & Stagecoach: the stagecoach's spaces follow the train's
    for b, name in enumerate(g.chars):
        p = g.pos[b]
        if (kept is not None and was is not None and b < len(kept[0]) and p == was.pos[b]
                and g.held[b] == was.held[b] and g.cylinder[b] == was.cylinder[b]
                and g.received[b] == was.received[b] and g.powers[b] == was.powers[b]):
            bandits.append(kept[0][b])
            continue
        bandits.append(
            {
                "character": name,
                "seat": g.seat_of[b],
                "car": None if p < 0 or p >= coach else p >> 1,
                "roof": None if p < 0 else bool(p & 1),
                "coach": p >= coach,
                "loot": [_token(g, t, known) for t in g.held[b]],
                "bullets_left": g.cylinder[b],
                "bullets_received": g.received[b],
                "power": g.power[b],
                "powers": sorted(g.powers[b]),
            }
        )
    spaces = []
    for space, tokens in enumerate(g.floor_loot):
        if (kept is not None and was is not None and space < len(kept[1])
                and tokens == was.floor_loot[space]):
            spaces.append(kept[1][space])
            continue
        spaces.append(
            {
                "car": None if space >= coach else space >> 1,
                "coach": space >= coach,
                "roof": bool(space & 1),
                "loot": [_token(g, t, known) for t in tokens],
            }
        )
    pile = []
    # Cards before the one resolving are done; the one resolving was revealed too.
    resolving = g.phase in RESOLVING and not frame
    revealed = g.resolve_i + int(resolving) if resolving or frame else 0
    for i, card in enumerate(g.pile):
        shown = not g.pile_down[i] or i < revealed
        if kept is not None and was is not None and i < len(kept[2]) and i < len(was.pile):
            entry = kept[2][i]
            if (was.pile[i] == card and entry["down"] == g.pile_down[i]
                    and entry["resolved"] == (i < g.resolve_i)
                    and (entry["card"] is not None) == shown):
                pile.append(entry)
                continue
        b = g.card_bandit[card]
        owner = g.seat_of[b]
        pile.append(
            {
                "seat": owner,
                "bandit": g.chars[b],
                "card": g.card_name(card) if shown else None,
                "down": g.pile_down[i],
                "resolved": i < g.resolve_i,
            }
        )
    players = []
    # a player's entry as the moment before's: its cards counted and known as they were,
    # in the same kind of phase (the cards to keep, the placements)
    players_kept = (kept is not None and was is not None
                    and (g.phase == KEEP) == (was.phase == KEEP)
                    and placing == (was.phase == PLACE))
    for s in range(g.n_players):
        if (players_kept and was is not None and kept is not None and s < len(kept[3])
                and len(g.hand[s]) == len(was.hand[s]) and len(g.kept[s]) == len(was.kept[s])
                and len(g.dropped[s]) == len(was.dropped[s])
                and len(g.deck[s]) == len(was.deck[s]) and g.discard[s] == was.discard[s]
                and g.hand_known[s] == was.hand_known[s]
                and g.deck_known[s] == was.deck_known[s]
                and g.deck_from[s] == was.deck_from[s]
                and g.hand_bullets[s] == was.hand_bullets[s] and g.placed[s] == was.placed[s]):
            players.append(kept[3][s])
            continue
        players.append(
            {
                "seat": s,
                "bandits": [g.chars[b] for b in g.bandits_of[s]],
                "hand_size": len(g.hand[s]) + len(g.kept[s]) + len(g.dropped[s]),
                "kept_size": None if g.expert else len(g.kept[s]),  # a rainy day's card
                "keep_left": len(g.hand[s]) if g.phase == KEEP else None,
                "deck_size": len(g.deck[s]),
                "discard": [g.card_name(c) for c in g.discard[s]],
                "known_hand": sorted(g.card_name(c) for c in g.hand_known[s]),
                "deck_top": deck_top(g, s, None),
                "deck_from": sorted(g.card_name(c) for c in g.deck_from[s]),
                "hand_bullets_max": None if g.hand_bullets[s] < 0 else g.hand_bullets[s],
                "placed": g.placed[s] >= 0 if placing else None,
            }
        )
    view: dict[str, Any] = {
        "seat": None,
        # the options of an earlier moment of the same game are these options
        "options": like["options"] if like is not None and like_game is not None
        and like_game.options is g.options else g.options.to_dict(),
        "round": min(g.round_no + 1, 5),
        "rounds": 5,
        "round_deck_size": len(g.round_deck),
        "round_card": None
        if spec is None
        else {
            "name": spec.name,
            "event": spec.event if g.options.events else None,
            "turns": [t.value for t in spec.turns_for(g.options.band)],
            "station": spec.station,
        },
        "turn": g.schedule[g.step][0]
        if g.phase in (2, 3) and spec is not None and g.step < len(g.schedule) and not watching
        else None,
        # Of a speeding-up turn's plays in a row, which one this is (0: the first).
        "turn_play": _turn_play(g) if g.phase in (2, 3) and g.step < len(g.schedule) else None,
        "first_player": g.first,
        "decision": "watch" if watching else pend.decision.value,
        "actor": None if watching else pend.seat,
        "actor_bandit": None if watching else pend.bandit,
        "cars": g.last,
        "marshal": None if g.mp is not None else g.marshal,
        "neutral_bullets": 0 if g.neutral_gone else g.neutral,
        "spaces": spaces if kept is None else _same_list(kept[1], spaces),
        "bandits": bandits if kept is None else _same_list(kept[0], bandits),
        "players": players if kept is None else _same_list(kept[3], players),
        "pile": pile if kept is None else _same_list(kept[2], pile),
        "resolving": g.resolve_i if resolving else None,
    }
    if g.mp is not None:
        from .mp.views import mp_view

        view["mp"] = mp_view(g, None, lambda t: _token(g, t, known))
    if g.hs is not None:
        from .hs.views import hs_view

        view["hs"] = hs_view(g, None)
    if g.phase == OVER:
        view["result"] = g.result()
    return view
