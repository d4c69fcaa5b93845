"""The leak canary: nothing a seat or spectator receives holds what it may not see.

Every message is checked against the server-side full state (``Game.to_json``) at the
message's version: forbidden strings (tokens, the seed, the generator state, the values of
purses the viewer may not see) are scanned for in the raw text; hands, face-down cards, deck
tops and events are checked against the state. The steps of an update (the moments inside a
move, ``Game.apply_frames``) are checked the same way against the game at each moment, and
every ``captions`` (the words sent with a view) must be exactly the words for the view the
viewer may have, with its hand and face-down cards checked against the state too. With
Horses & Stagecoach, every view must stay the same when what its seat may not know changes
(the other seats' secret Turmoil and Horse Attack choices, which unseen flask is the old one).

Colt Super Express (``check_super``): the other seats' programmed stacks and set-aside cards
are its secrets. Every view (a message's and every step's) must be the seat's view at that
moment and stay the same when those cards are dealt otherwise between each other seat's
stack and set-aside pile; a seat's own hand and stack are its own; captions are the words of
that view; the events are the public ones and the seat's own; a step's card is the one it
reveals.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Collection
from typing import Any

from coltexpress import Game
from coltexpress.engine import names
from coltexpress.engine.content import WHISKEY
from coltexpress.engine.game import RESOLVING, Frame
from coltexpress.engine.ids import ACTIONS, DRAW, DRAW_IDEA
from coltexpress.engine.views import build_view
from coltexpress.games import replay_any
from coltexpress.server import se_words
from coltexpress.superexpress.actions import KINDS
from coltexpress.superexpress.game import SuperGame
from coltexpress.superexpress.views import build_view as build_super_view
from coltexpress.updates.patch import apply
from coltexpress.words import base, super_express
from coltexpress.words.common import Reader

FORBIDDEN_KEYS = {
    "deck",
    "rng",
    "seed",
    "history",
    "loot_value",
    "card_kind",
    "tokens",
    "host_hash",
}


class Timeline:
    """The game at every version, rebuilt from the record, with the frames of every move."""

    def __init__(self, record: dict[str, Any]) -> None:
        game = replay_any({**record, "actions": []})
        self.game_name: str = getattr(game, "game_name", "colt-express")
        self.games = [game.clone()]
        self.events: list[list[Any]] = [[]]
        self.frames: list[list[Frame]] = [[]]
        self.round_starts: list[Game] = [game.clone()]  # the round's deal, before move v+1
        start = game.clone()
        for action in record["actions"]:
            round_no = game.round_no
            frames = game.apply_frames(action)
            self.frames.append(frames)
            self.events.append([e for f in frames for e in f.events])
            self.games.append(game.clone())
            if game.round_no != round_no:
                start = game.clone()
            self.round_starts.append(start)
        self.seed = record["seed"]


def _keys(node: Any) -> Any:
    if isinstance(node, dict):
        for key, value in node.items():
            yield key, value
            yield from _keys(value)
    elif isinstance(node, list):
        for item in node:
            yield from _keys(item)


def _check_view(view: dict[str, Any], game: Game, seat: int | None, *, frame: bool) -> int:
    """A view (a message's or a step's) against the game at that moment."""
    checks = 0
    assert view["seat"] == seat
    state = game.to_json()
    # A seat may see the purses it holds or once held (D-memory); everyone sees them all at
    # the end of the game.
    seen_bit = 0 if seat is None else 1 << seat
    for key, value in _keys(view):
        if key == "loot" and isinstance(value, list):
            for token in (t for t in value if isinstance(t, dict)):
                t = token["id"]
                hidden = (
                    not state["loot_public"][t]
                    and not state["loot_seen"][t] & seen_bit
                    and not game.is_over
                )
                if hidden:
                    assert "value" not in token, f"purse {t} shown to seat {seat}"
                    assert "old" not in token, f"whiskey flask {t}'s kind shown to seat {seat}"
                checks += 1
        if key == "hand":
            assert seat is not None, "a hand sent to a spectator"
            mine = Counter(game.card_name(c) for c in game.hand[seat])
            assert Counter(value) == mine, f"seat {seat} got a hand that is not its own"
            checks += 1
    # The card being resolved was revealed in public (D-known-cards); inside a move (a
    # frame) only the cards already turned over are.
    resolving = game.phase in RESOLVING and not frame
    revealed = game.resolve_i + 1 if resolving else game.resolve_i
    for i, entry in enumerate(view["pile"]):
        hidden = game.pile_down[i] and i >= revealed and entry["seat"] != seat
        if hidden:
            assert entry["card"] is None, f"face-down card {i} shown to seat {seat}"
        checks += 1
    for player in view["players"]:
        s = player["seat"]
        known = [
            sorted(game.card_name(c) for c in (owner if s == seat else public))
            for _size, public, owner in reversed(game.deck_known[s])
        ]
        got = [segment["cards"] for segment in player["deck_top"]]
        assert got == known, f"seat {seat} was told {got} of the top of seat {s}'s deck"
        checks += 1
    return checks


def _words_of(message: dict[str, Any]) -> tuple[dict[str, Any], set[str]]:
    """A message's captions, and the keys to leave out of comparing them with the view's:
    before the start the situation may be the server's sentence of who will start the game
    (the host's name: public), not the view's."""
    return message["captions"], {"situation"} if message.get("status") == "open" else set()


def _check_captions(
    captions: dict[str, Any],
    expected_view: dict[str, Any],
    game: Game,
    seat: int | None,
    skip: Collection[str] = (),
) -> int:
    """The words sent with a view: those of the view the seat may have, nothing more."""
    hand = captions.get("hand")
    if hand is not None:
        assert seat is not None, "hand captions sent to a spectator"
        mine = Counter(names.card(game.card_name(c)) for c in game.hand[seat])
        assert Counter(c["name"] for c in hand) == mine, f"seat {seat} was told another hand"
    for entry, truth in zip(captions["pile"], expected_view["pile"], strict=True):
        if truth["card"] is None:
            assert entry["card"] == "face down", f"a face-down card named to seat {seat}"
    summary = captions.get("summary")
    expected = {**base.browser_captions(expected_view)}
    if summary is not None:
        expected["summary"] = summary  # checked by the caller against the round's start
    sent = {k: v for k, v in captions.items() if k not in skip}
    expected = {k: v for k, v in expected.items() if k not in skip}
    assert sent == expected, f"seat {seat} got words that are not those of its view"
    return 3


def _check_card(card: dict[str, Any] | None, frame: Frame, before: Game, first: bool) -> int:
    """A step's pile card is one turned over in public: revealed in the step, or being
    resolved before the move (its first step)."""
    if card is None:
        return 0
    index = card["index"]
    reveal = frame.events[0] if frame.events else None
    if reveal is not None and reveal.kind == "reveal" and reveal.seat is None:
        assert reveal.data["index"] == index, "a step names a card it does not reveal"
        truth = str(reveal.data["card"])
    else:
        assert first and before.phase in RESOLVING, "an unrevealed card named"
        assert before.resolve_i == index, "a step names a card not being resolved"
        truth = before.card_name(before.pile[index])
    assert card["card"] == names.card(truth, owner=False), "a step misnames its card"
    return 1


def marshal_secrets(game: Game, seat: int | None) -> list[str]:
    """Marshal & Prisoners: what names the Marshal's current goals, for any other viewer
    before the end (the goals the Rumors event revealed are public)."""
    if game.mp is None or game.is_over:
        return []
    marshal = game.view(None)["mp"]["marshal_seat"]
    if seat == marshal:
        return []
    mp = game.view(marshal)["mp"]
    hidden = [g for g in mp["my_goals"] if g not in mp["goals_revealed"]]
    public = {names.penalty(p) for p in names.names()["penalties"]}  # "Golden Bullet Award"
    public |= {names.goal(g) for g in mp["goals_revealed"]}
    out = ['"my_goals"']
    for goal in hidden:
        out += [f'"{goal}"', names.goal_help(goal)]
        if names.goal(goal) not in public:
            out.append(names.goal(goal))
    return out


def hs_secrets_changed(game: Game, seat: int | None) -> Game | None:
    """Horses & Stagecoach: the game with what ``seat`` may not know changed (the other
    seats' Turmoil choices, the other riders' Horse Attack choices, which of the flasks the
    seat has not seen is the old one); None when there is nothing to change."""
    if game.hs is None or game.is_over:
        return None
    g = game.clone()
    hs = g.hs
    assert hs is not None
    changed = False
    for s in range(g.n_players):
        if s != seat and hs.turmoil[s] >= 0:
            hs.turmoil[s] = DRAW if hs.turmoil[s] != DRAW else DRAW_IDEA
            changed = True
    for b in range(g.n_bandits):
        if g.seat_of[b] != seat and hs.attack[b] >= 0:
            hs.attack[b] = 1 - hs.attack[b]
            changed = True
    bit = 0 if seat is None else 1 << seat
    unseen = [
        t
        for t, kind in enumerate(g.loot_kind)
        if kind == WHISKEY
        and t not in hs.empty
        and not g.loot_public[t]
        and not g.loot_seen[t] & bit
    ]
    if hs.old and hs.old[0] in unseen and len(unseen) > 1:
        hs.old = [next(t for t in unseen if t != hs.old[0])]
        changed = True
    return g if changed else None


def _check_hs(view: dict[str, Any], game: Game, seat: int | None, *, frame: bool) -> int:
    """A view of Horses & Stagecoach is the same whatever the seat may not know (the other
    seats' secret choices, the unseen flasks' kinds); a seat's own choice is its own."""
    hs = view.get("hs")
    if hs is None:
        return 0
    assert game.hs is not None
    mine = -1 if seat is None else game.hs.turmoil[seat]
    assert hs.get("my_turmoil") == (str(ACTIONS[mine]) if mine >= 0 else None), (
        f"seat {seat} was told a Turmoil choice that is not its own"
    )
    own = [b for b in (game.bandits_of[seat] if seat is not None else []) if game.hs.attack[b] >= 0]
    expected = None if not own else ("board" if game.hs.attack[own[0]] else "ride on")
    assert hs.get("my_attack") == expected, f"seat {seat} was told another rider's choice"
    other = hs_secrets_changed(game, seat)
    if other is None:
        return 1
    assert build_view(other, seat, frame=frame) == view, (
        f"seat {seat}'s view changes with another seat's secret choice or an unseen flask"
    )
    return 2


def whole_messages(received: list[str]) -> list[str]:
    """A page's messages in the order they came (its sockets one after the other, each
    starting with a welcome), each update of patches (``updates/patch.py``) followed by the
    same update made whole: its moments' views and captions, as the page applied them. The
    canary reads both: what was sent, and every moment it made the page show."""
    out: list[str] = []
    seen: dict[str, Any] = {}
    for raw in received:
        out.append(raw)
        message = json.loads(raw)
        if message.get("type") == "welcome":
            seen = {"view": message["view"], "captions": message["captions"]}
        elif message.get("type") == "update":
            if "change" in message:
                for moment in [*message["steps"], message]:
                    seen = apply(seen, moment.pop("change"))
                    moment.update(seen)
                out.append(json.dumps(message))
            seen = {"view": message["view"], "captions": message["captions"]}
    return out


def check_message(raw: str, seat: int | None, timeline: Timeline, secrets: list[str]) -> int:
    """Raise AssertionError naming the leak; returns the number of checks made."""
    checks = 0
    for secret in [*secrets, str(timeline.seed)]:
        assert secret not in raw, f"secret {secret[:8]}... sent to seat {seat}"
        checks += 1
    message = json.loads(raw)
    if message["type"] not in ("welcome", "update"):
        return checks
    if "change" in message:  # patches: checked made whole (``whole_messages``)
        return checks
    if timeline.game_name == "super-express":
        return checks + check_super(message, seat, timeline)
    version = message["version"]
    game = timeline.games[version]
    state = game.to_json()
    assert str(state["rng"]) not in raw, "the generator state was sent"
    for secret in marshal_secrets(game, seat):
        assert secret not in raw, f"the Marshal's goal {secret!r} sent to seat {seat}"
        checks += 1
    for key, _ in _keys(message):
        assert key not in FORBIDDEN_KEYS, f"key {key!r} sent to seat {seat}"
    seen_bit = 0 if seat is None else 1 << seat
    for token, value in enumerate(state["loot_value"]):
        if (
            state["loot_kind"][token] == 0
            and not state["loot_public"][token]
            and not state["loot_seen"][token] & seen_bit
            and not game.is_over
        ):
            pattern = rf'"id":\s*{token},\s*"kind":\s*"purse",\s*"value":'
            assert not re.search(pattern, raw), f"purse {token} (${value}) shown to seat {seat}"
            checks += 1
    checks += _check_view(message["view"], game, seat, frame=False)
    checks += _check_hs(message["view"], game, seat, frame=False)
    sent, skip = _words_of(message)
    checks += _check_captions(sent, game.view(seat), game, seat, skip)
    if message["type"] == "welcome":
        assert "away" not in message or seat is not None, "a spectator told of a bot's moves"
        return checks
    frames = timeline.frames[version]  # none at version 0: the host's start
    steps = message["steps"]
    assert len(steps) == max(0, len(frames) - 1), "steps that are not the move's moments"
    before = timeline.games[version - 1] if version else game
    start = timeline.round_starts[version - 1] if version else game
    parts = [*steps, message] if frames else []
    for i, (part, frame) in enumerate(zip(parts, frames, strict=True)):
        expected = frame.view(seat)
        if part is not message:
            checks += _check_view(part["view"], frame.state, seat, frame=True)
            checks += _check_hs(part["view"], frame.state, seat, frame=True)
            checks += _check_captions(part["captions"], expected, frame.state, seat)
            assert part["view"] == expected, f"step {i} is not seat {seat}'s view then"
        summary = part["captions"].get("summary")
        if frame.kind == "round-end":
            assert summary == base.round_summary(start.view(seat), expected)
        else:
            assert summary is None, "a round summary outside the end of a round"
        count = sum(1 for e in frame.events if e.seat in (None, seat))
        if part is not message:
            assert part["count"] == count, f"step {i} claims {part['count']} events"
        checks += _check_card(part["card"], frame, before, i == 0)
    reader = _reader(seat, [game.chars[b] for b in game.bandits_of[seat]] if seat is not None
                     else [])
    allowed = [e.text(reader) for e in timeline.events[version] if e.seat in (None, seat)]
    got = [e["text"] for e in message["events"]]
    assert got == allowed, f"seat {seat} got events {got}, may see {allowed}"
    return checks + 1


def _reader(seat: int | None, figures: list[str]) -> Reader:
    """The seat reads its own bandits' events as "you" (words.common.Reader); the spectator reads
    every name."""
    return Reader(seat, tuple(figures)) if seat is not None else Reader()


# ---------------------------------------------------------------------------- Colt Super Express


def super_secrets_changed(game: SuperGame, seat: int | None) -> list[SuperGame]:
    """The game with what ``seat`` may not know dealt otherwise: each other player still in
    gets his unrevealed cards shared out again between his stack (in another order) and his
    set-aside pile. Empty when nothing is hidden from the seat."""
    out = []
    for s in range(game.n_players):
        if s == seat or game.out[s]:
            continue
        pool = game.stack[s] + game.hand[s]
        n = len(game.stack[s])
        for shift in range(1, len(pool)):
            turned = pool[shift:] + pool[:shift]
            if turned[:n] != game.stack[s]:
                other = game.clone()
                other.stack[s], other.hand[s] = turned[:n], sorted(turned[n:])
                out.append(other)
                break
    return out


def _check_super_view(view: dict[str, Any], game: SuperGame, seat: int | None, *,
                      frame: bool) -> int:
    """A Colt Super Express view against the game at that moment: the seat's own cards are
    its own; the others' hidden cards change nothing."""
    assert view["seat"] == seat
    assert view.get("game") == "super-express"
    checks = 1
    if seat is None:
        for key in ("hand", "stack", "legal"):
            assert key not in view, f"{key!r} sent to a spectator"
    else:
        assert view["hand"] == [KINDS[c] for c in sorted(game.hand[seat])], (
            f"seat {seat} got a hand that is not its own"
        )
        assert view["stack"] == [KINDS[c] for c in game.stack[seat]], (
            f"seat {seat} got a stack that is not its own"
        )
        checks += 2
    for other in super_secrets_changed(game, seat):
        assert build_super_view(other, seat, frame=frame) == view, (
            f"seat {seat}'s view changes with another seat's hidden cards (stack or set aside)"
        )
        checks += 1
    return checks


def _check_super_card(card: dict[str, Any] | None, frame: Any) -> int:
    """A step's card is the one revealed at its start, in public."""
    if card is None:
        return 0
    reveal = frame.events[0] if frame.events else None
    assert reveal is not None and reveal.kind == "reveal" and reveal.seat is None, (
        "a step names a card it does not reveal"
    )
    assert card["seat"] == reveal.data["seat"], "a step names a card it does not reveal"
    assert card["card"] == reveal.data["card"], "a step misnames its card"
    return 1


def check_super(message: dict[str, Any], seat: int | None, timeline: Timeline) -> int:
    """A welcome or update of a Colt Super Express table, as ``check_message``."""
    version = message["version"]
    game = timeline.games[version]
    raw = json.dumps(message)
    assert str(game.rng) not in raw, "the generator state was sent"
    for key, _ in _keys(message):
        assert key not in FORBIDDEN_KEYS, f"key {key!r} sent to seat {seat}"
    checks = _check_super_view(message["view"], game, seat, frame=False)
    assert message["view"] == game.view(seat), f"seat {seat} got a view that is not its own"
    sent, skip = _words_of(message)
    made = se_words.captions(message["view"])  # the words, the server's notes with them
    expected = {k: v for k, v in made.items() if k not in skip}
    captions = {k: v for k, v in sent.items() if k != "summary" and k not in skip}
    assert captions == expected, f"seat {seat} got words that are not those of its view"
    if message["type"] == "welcome":
        assert message.get("game") == "super-express"
        return checks + 1
    frames = timeline.frames[version]
    steps = message["steps"]
    assert len(steps) == max(0, len(frames) - 1), "steps that are not the move's moments"
    start = timeline.round_starts[version - 1] if version else game
    parts = [*steps, message] if frames else []
    for i, (part, frame) in enumerate(zip(parts, frames, strict=True)):
        expected_view = frame.view(seat)
        if part is not message:
            checks += _check_super_view(part["view"], frame.state, seat, frame=True)
            assert part["view"] == expected_view, f"step {i} is not seat {seat}'s view then"
            caps = {k: v for k, v in part["captions"].items() if k != "summary"}
            assert caps == se_words.captions(expected_view), (
                f"seat {seat} got words that are not those of its view"
            )
            count = sum(1 for e in frame.events if e.seat in (None, seat))
            assert part["count"] == count, f"step {i} claims {part['count']} events"
        summary = part["captions"].get("summary")
        if frame.kind == "round-end":
            earlier = [e for f in frames[:i] for e in f.events if e.seat in (None, seat)]
            closing = [e for e in frame.events if e.seat in (None, seat)]
            assert summary == super_express.public_round_summary(
                start.view(seat), expected_view, earlier, closing
            )
        else:
            assert summary is None, "a round summary outside the end of a round"
        checks += _check_super_card(part["card"], frame)
    reader = _reader(seat, [game.chars[seat]] if seat is not None else [])
    allowed = [e.text(reader) for e in timeline.events[version] if e.seat in (None, seat)]
    got = [e["text"] for e in message["events"]]
    assert got == allowed, f"seat {seat} got events {got}, may see {allowed}"
    return checks + 1
