"""Views show each seat exactly what it may know; determinisation agrees with the view."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from coltexpress import Game, Options
from coltexpress.engine.content import BULLET, PURSE, WHISKEY
from coltexpress.engine.game import RESOLVING
from coltexpress.engine.views import known_tokens, public_view
from tests.test_fuzz import CONFIG_IDS, CONFIGS, OPTIONS_BY_LABEL, assert_sound, pick, sample_states

SAMPLE_EVERY = 7


def _seats(g: Game) -> list[int | None]:
    return [None, *range(g.n_players)]


# ---------------------------------------------------------------------------- determinize


@pytest.mark.parametrize(("label", "options"), CONFIGS, ids=CONFIG_IDS)
def test_determinize_agrees_with_the_view(label: str, options: Options) -> None:
    for g in sample_states(options, 41, every=SAMPLE_EVERY):
        for seat in _seats(g):
            view = g.view(seat)
            for k in range(2):
                d = g.determinize(seat, random.Random(k))
                assert d.view(seat) == view, (label, seat, k)
                assert_sound(d)
                assert d.legal_ids() == g.legal_ids() or seat != g.pending.seat


def test_determinize_really_resamples_hidden_parts() -> None:
    hands = purses = decks = 0
    for label in ("standard-4p", "two-player-2p", "expert-5p", "accessible-3p"):
        options = dict(CONFIGS)[label]
        for g in sample_states(options, 3, every=5):
            if g.is_over:
                continue
            seat = 0
            others = [s for s in range(g.n_players) if s != seat]
            worlds = [g.determinize(seat, random.Random(k)) for k in range(6)]
            if any(
                sorted(w.hand[s]) != sorted(g.hand[s]) for w in worlds for s in others
            ):
                hands += 1
            if any(w.deck[seat] != g.deck[seat] for w in worlds):
                decks += 1
            mine = {t for b in g.bandits_of[seat] for t in g.held[b]}
            floor = [
                t for tokens in g.floor_loot for t in tokens
                if g.loot_kind[t] == PURSE and not g.loot_public[t] and t not in mine
            ]
            if any(w.loot_value[t] != g.loot_value[t] for w in worlds for t in floor):
                purses += 1
            for w in worlds:  # own secrets are kept
                assert sorted(w.hand[seat]) == sorted(g.hand[seat])
                assert all(w.loot_value[t] == g.loot_value[t] for t in mine)
    assert hands > 10 and purses > 10 and decks > 10, (hands, purses, decks)


@pytest.mark.parametrize(("label", "options"), CONFIGS[::3], ids=CONFIG_IDS[::3])
def test_determinized_states_play_to_the_end(label: str, options: Options) -> None:
    rng = random.Random(1)
    for n, g in enumerate(sample_states(options, 17, every=19)):
        seat = n % g.n_players
        d = g.determinize(seat, random.Random(n))
        while not d.is_over:
            d.apply_id(pick(rng, d.legal_ids()))
            assert_sound(d)
        assert d.round_no == 5


# ---------------------------------------------------------------------------- leaks

Perturb = Callable[[Game, int | None, random.Random], bool]


def _other_seats(g: Game, seat: int | None) -> list[int]:
    return [s for s in range(g.n_players) if s != seat]


def _unknown_depth(g: Game, s: int) -> int:
    """How many cards at the bottom of a deck lie below everything known of its top."""
    return len(g.deck[s]) - sum(size for size, _public, _owner in g.deck_known[s])


def _swap_other_hands(g: Game, seat: int | None, rng: random.Random) -> bool:
    """Another seat's hand contents change (sizes kept) by swapping with the unknown part of
    its deck; cards known to be in that hand stay."""
    changed = False
    for s in _other_seats(g, seat):
        free = [i for i, c in enumerate(g.hand[s]) if c not in g.hand_known[s]]
        depth = _unknown_depth(g, s)
        if free and depth:
            i, j = rng.choice(free), rng.randrange(depth)
            g.hand[s][i], g.deck[s][j] = g.deck[s][j], g.hand[s][i]
            changed = True
    return changed


def _shuffle_decks(g: Game, seat: int | None, rng: random.Random) -> bool:
    """Every deck is reordered below its known top, and within each known segment."""
    changed = False
    for s, deck in enumerate(g.deck):
        depth = _unknown_depth(g, s)
        bottom = deck[:depth]
        rng.shuffle(bottom)
        deck[:depth] = bottom
        top = depth
        for size, _public, _owner in g.deck_known[s]:
            part = deck[top:top + size]
            rng.shuffle(part)
            deck[top:top + size] = part
            top += size
        changed |= depth > 1
    return changed


def _swap_face_down(g: Game, seat: int | None, rng: random.Random) -> bool:
    """Face-down cards not yet revealed of other seats become other cards of the same bandit
    (taken from the unknown part of the owner's cards)."""
    changed = False
    start = g.resolve_i + (g.phase in RESOLVING)  # the resolved and resolving are shown
    for i in range(start, len(g.pile)):
        card = g.pile[i]
        owner = g.seat_of[g.card_bandit[card]]
        if not g.pile_down[i] or owner == seat:
            continue
        depth = _unknown_depth(g, owner)
        for zone, size in ((g.deck[owner], depth), (g.hand[owner], len(g.hand[owner]))):
            same = [
                j for j, c in enumerate(zone[:size])
                if g.card_bandit[c] == g.card_bandit[card] and g.card_kind[c] != BULLET
                and g.card_kind[c] != g.card_kind[card] and c not in g.hand_known[owner]
            ]
            if same:
                j = rng.choice(same)
                g.pile[i], zone[j] = zone[j], g.pile[i]
                changed = True
                break
    return changed


def _permute_hidden_purses(g: Game, seat: int | None, rng: random.Random) -> bool:
    known = known_tokens(g, seat)
    hidden = [t for t in range(len(g.loot_kind)) if g.loot_kind[t] == PURSE and t not in known]
    values = list(g.loot_value)
    shuffled = [values[t] for t in hidden]
    rng.shuffle(shuffled)
    for t, v in zip(hidden, shuffled, strict=True):
        values[t] = v
    changed = tuple(values) != g.loot_value
    g.loot_value = tuple(values)
    return changed


def _change_rng(g: Game, seat: int | None, rng: random.Random) -> bool:
    g.rng = rng.getrandbits(64)
    return True


def _shuffle_round_deck(g: Game, seat: int | None, rng: random.Random) -> bool:
    before = list(g.round_deck)
    rng.shuffle(g.round_deck)
    return g.round_deck != before


def _swap_other_placements(g: Game, seat: int | None, rng: random.Random) -> bool:
    changed = False
    for s in _other_seats(g, seat):
        if g.placed[s] >= 0:
            g.placed[s] = next(b for b in g.bandits_of[s] if b != g.placed[s])
            changed = True
    return changed


def _swap_whiskey_kinds(g: Game, seat: int | None, rng: random.Random) -> bool:
    """Horses & Stagecoach: the old flask becomes another flask the seat never looked at."""
    state = g.hs
    if state is None:
        return False
    known = known_tokens(g, seat)
    unknown = [t for t, k in enumerate(g.loot_kind) if k == WHISKEY and t not in known]
    old = [t for t in unknown if t in state.old]
    normal = [t for t in unknown if t not in state.old]
    if not old or not normal:
        return False
    state.old.remove(old[0])
    state.old.append(rng.choice(normal))
    return True


def _shuffle_hostages(g: Game, seat: int | None, rng: random.Random) -> bool:
    """Horses & Stagecoach: the face-down hostage cards, and those left in the box."""
    if g.hs is None or not g.hs.hostages:
        return False
    pool = g.hs.hostages + g.hs.hostages_out
    rng.shuffle(pool)
    n = len(g.hs.hostages)
    changed = pool[:n] != g.hs.hostages
    g.hs.hostages, g.hs.hostages_out = pool[:n], sorted(pool[n:])
    return changed


def _change_secret_choices(g: Game, seat: int | None, rng: random.Random) -> bool:
    """Horses & Stagecoach: another seat's Horse Attack or Turmoil choice."""
    if g.hs is None:
        return False
    changed = False
    for b, choice in enumerate(g.hs.attack):
        if choice >= 0 and g.seat_of[b] != seat:
            g.hs.attack[b] = 1 - choice
            changed = True
    for s, choice in enumerate(g.hs.turmoil):
        if choice >= 0 and s != seat and choice != 0 and g.deck[s]:
            g.hs.turmoil[s] = 0  # draw instead
            changed = True
    return changed


PERTURBATIONS: dict[str, Perturb] = {
    "other-hands": _swap_other_hands,
    "deck-order": _shuffle_decks,
    "face-down-cards": _swap_face_down,
    "hidden-purse-values": _permute_hidden_purses,
    "rng-state": _change_rng,
    "round-deck-order": _shuffle_round_deck,
    "other-placements": _swap_other_placements,
    "whiskey-kinds": _swap_whiskey_kinds,
    "hostage-order": _shuffle_hostages,
    "secret-choices": _change_secret_choices,
}
HS_PERTURBATIONS = ("whiskey-kinds", "hostage-order", "secret-choices")


@pytest.mark.parametrize("perturbation", PERTURBATIONS)
@pytest.mark.parametrize(("label", "options"), CONFIGS[::2], ids=CONFIG_IDS[::2])
def test_hidden_changes_never_change_a_view(
    label: str, options: Options, perturbation: str
) -> None:
    perturb = PERTURBATIONS[perturbation]
    rng = random.Random(0)
    for g in sample_states(options, 13, every=11):
        if g.is_over:
            continue  # the final result reveals everything
        for seat in _seats(g):
            view = g.view(seat)
            h = g.clone()
            perturb(h, seat, rng)
            h.legal = None
            assert h.view(seat) == view, (label, perturbation, seat, g)


@pytest.mark.parametrize("preset", ["horses-stagecoach", "both-expansions"])
def test_horses_stagecoach_secrets_never_change_a_view(preset: str) -> None:
    """Every state of a game: an unseen flask's kind, the face-down hostages, another seat's
    secret choice (Horse Attack, Turmoil) change no view but the knower's."""
    rng = random.Random(1)
    changed = 0
    for players in (3, 5):
        for g in sample_states(Options.preset(preset, players=players), 7, every=1):
            if g.is_over:
                continue
            for seat in _seats(g):
                view = g.view(seat)
                for name in HS_PERTURBATIONS:
                    h = g.clone()
                    changed += PERTURBATIONS[name](h, seat, rng)
                    h.legal = None
                    assert h.view(seat) == view, (preset, name, seat, g)
    assert changed > 100


def test_the_perturbations_really_change_hidden_parts() -> None:
    counts = dict.fromkeys(PERTURBATIONS, 0)
    rng = random.Random(0)
    for label in ("standard-4p", "two-player-2p", "two-bandits-3p", "expert-4p", "standard-5p",
                  "horses-stagecoach-4p", "both-expansions-5p"):
        for g in sample_states(dict(CONFIGS)[label], 13, every=3):
            if g.is_over:
                continue
            for name, perturb in PERTURBATIONS.items():
                counts[name] += perturb(g.clone(), 0, rng)
    assert all(n > 0 for n in counts.values()), counts


# ---------------------------------------------------------------------------- spectator and JSON


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


@pytest.mark.parametrize(("label", "options"), CONFIGS, ids=CONFIG_IDS)
def test_views_are_json_and_hide_what_they_must(label: str, options: Options) -> None:
    for g in sample_states(options, 23, every=SAMPLE_EVERY):
        for seat in _seats(g):
            view = g.view(seat)
            assert json.loads(json.dumps(view)) == view
            if seat is None:
                assert not {"hand", "kept", "legal", "my_placement"} & _keys(view)
            else:
                assert len(view["hand"]) == len(g.hand[seat])
            if g.is_over:
                continue
            mine = set() if seat is None else set(g.bandits_of[seat])
            bit = 0 if seat is None else 1 << seat
            for bandit in view["bandits"]:
                b = g.chars.index(bandit["character"])
                for token in bandit["loot"]:
                    t = token["id"]
                    shown = b in mine or g.loot_public[t] or bool(g.loot_seen[t] & bit)
                    assert ("value" in token) == shown, (seat, bandit, token)
            for space in view["spaces"]:
                for token in space["loot"]:
                    t = token["id"]
                    shown = g.loot_public[t] or bool(g.loot_seen[t] & bit)
                    assert ("value" in token) == shown
            for i, entry in enumerate(view["pile"]):
                owner = g.seat_of[g.card_bandit[g.pile[i]]]
                revealed = g.phase in RESOLVING and i <= g.resolve_i
                if g.pile_down[i] and owner != seat and not revealed:
                    assert entry["card"] is None, (seat, entry)
                if revealed:
                    assert entry["card"] == g.card_name(g.pile[i]), (seat, entry)


def test_spectator_view_never_holds_a_hand_word() -> None:
    g = Game.new(Options.preset("two-player"), seed=3)
    rng = random.Random(3)
    while not g.is_over:
        text = json.dumps(g.view(None))
        assert '"hand"' not in text and '"kept"' not in text and '"legal"' not in text
        g.apply_id(pick(rng, g.legal_ids()))


def test_private_events_go_to_one_seat_and_public_ones_hide_face_down_cards() -> None:
    private = {"hand", "drawn", "play-private", "picked", "placed", "rob-value"}
    for label in ("standard-4p", "two-player-2p", "expert-3p", "accessible-5p"):
        g = Game.new(dict(CONFIGS)[label], seed=8)
        rng = random.Random(8)
        while not g.is_over:
            for event in g.apply_id(pick(rng, g.legal_ids())):
                if event.kind in private:
                    assert event.seat is not None, event
                if event.kind == "play" and event.data["down"]:
                    assert event.data["card"] is None, event
                if event.seat is None:
                    assert "value" not in event.data or event.kind == "ransom", event


def test_view_of_a_missing_seat_is_refused() -> None:
    g = Game.new(Options.preset("standard", players=3), seed=1)
    for seat in (-1, 3, "0", 1.0):
        with pytest.raises(ValueError, match="no seat"):
            g.view(seat)  # type: ignore[arg-type]


def _reverse_known_segments(g: Game) -> bool:
    """The order inside a known segment of a deck's top (a hand put back: its owner knows
    which cards, not in which order)."""
    changed = False
    for s, segments in enumerate(g.deck_known):
        deck = g.deck[s]
        start = len(deck) - sum(n for n, _public, _mine in segments)
        for i, (n, public, mine) in enumerate(segments):
            if n > 1:
                deck[start:start + n] = deck[start:start + n][::-1]
                segments[i] = (n, public, tuple(reversed(mine)))
                changed = True
            start += n
    return changed


@pytest.mark.parametrize("label", ["standard-4p", "expert-4p", "horses-stagecoach-4p",
                                   "both-expansions-5p", "marshal-prisoners-5p"])
def test_a_sampled_world_depends_only_on_the_view(label: str) -> None:
    """Two states a seat cannot tell apart give the same sampled worlds for the same
    generator: determinize starts from nothing hidden (no hidden order, no hidden value)."""
    rng = random.Random(2)
    hidden = ("other-hands", "deck-order", "hidden-purse-values", "whiskey-kinds",
              "hostage-order", "secret-choices")
    checked = 0
    for g in sample_states(OPTIONS_BY_LABEL[label], 5, every=4):
        if g.is_over:
            continue
        seat = g.current_seat
        twin = g.clone()
        changed = sum(PERTURBATIONS[name](twin, seat, rng) for name in hidden)
        changed += _reverse_known_segments(twin)
        twin.legal = None
        assert twin.view(seat) == g.view(seat)
        a = g.determinize(seat, random.Random(7))
        b = twin.determinize(seat, random.Random(7))
        for s in range(g.n_players):
            assert a.view(s) == b.view(s), (label, s)
        assert a.deck == b.deck and a.hand == b.hand
        if a.hs is not None and b.hs is not None:
            assert a.hs.hostages == b.hs.hostages and a.hs.old == b.hs.old
        checked += bool(changed)
    assert checked > 5


def assert_shared(old: Any, new: Any, where: str = "") -> int:
    """Every part of ``new`` equal to the part of ``old`` in the same place is that part's
    own object; the number of such parts."""
    if json.dumps(old) == json.dumps(new):
        assert new is old or not isinstance(new, (dict, list)), where
        return 1
    kept = 0
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old.keys() & new.keys():
            kept += assert_shared(old[key], new[key], f"{where}.{key}")
    elif isinstance(old, list) and isinstance(new, list):
        for i, (a, b) in enumerate(zip(old, new, strict=False)):
            kept += assert_shared(a, b, f"{where}[{i}]")
    return kept


@pytest.mark.parametrize(("label", "options"), CONFIGS, ids=CONFIG_IDS)
def test_views_built_like_an_earlier_moment_keep_its_unchanged_parts(
    label: str, options: Options
) -> None:
    """``views(seats, like, like_game)``, ``like`` the public view of an earlier moment (a
    server passes the one it built last) and ``like_game`` its game: every view is still
    exactly the one built for that seat alone, and each part of the new public view equal
    to ``like``'s in the same place is ``like``'s own object, so that a server compares
    what did not change at once. In the base game the bandits, spaces, pile cards and
    players that stand as they stood are ``like``'s entries before any comparison
    (``public_view``), also when ``like`` is of another branch of the game (a move tried
    on a copy), and in every game the options are ``like``'s."""
    rng = random.Random(31)
    like: dict[str, Any] | None = None
    like_game: Game | None = None
    kept = taken = 0
    for g in sample_states(options, 31, every=SAMPLE_EVERY):
        seats = tuple(_seats(g))
        moments: list[tuple[Any, Callable[[int | None], dict[str, Any]]]] = [(g, g.view)]
        if not g.is_over:
            frames = g.clone().apply_frames(str(rng.choice(g.legal_actions())))
            moments += [(frame, frame.view) for frame in frames]
        for source, alone in moments:
            state = getattr(source, "state", source)
            built = public_view(state, frame=not getattr(source, "final", True), like=like,
                                like_game=like_game)
            together = source.views(seats, like, like_game)
            for seat in seats:
                assert json.dumps(together[seat]) == json.dumps(alone(seat)), (label, seat)
            assert json.dumps(built) == json.dumps(alone(None)), label
            if like is not None:
                kept += assert_shared(like, together[None], label)
                taken += sum(a is b for part in ("bandits", "spaces", "pile", "players")
                             for a, b in zip(like[part], built[part], strict=False))
                # the options of an earlier moment of the game are that moment's, as built
                assert built["options"] is like["options"], label
            like, like_game = together[None], state
    assert kept > 100
    assert (taken > 100) == (not options.marshal_prisoners and not options.horses_stagecoach)


@pytest.mark.parametrize(("label", "options"), CONFIGS, ids=CONFIG_IDS)
def test_views_built_together_equal_each_built_alone(label: str, options: Options) -> None:
    """``Game.views`` builds the spectator's view once and each seat's from it (a server
    builds every viewer's view of each moment of a move so): each must be exactly the view
    built for that seat alone, at every moment and inside moves (the frames), and building
    one seat's must change nothing another's holds (they share the public parts)."""
    rng = random.Random(29)
    for g in sample_states(options, 29, every=SAMPLE_EVERY):
        seats = tuple(_seats(g))
        moments = [(g.views(seats), g.view)]
        if not g.is_over:
            frames = g.clone().apply_frames(str(rng.choice(g.legal_actions())))
            moments += [(frame.views(seats), frame.view) for frame in frames]
        for together, alone in moments:
            for seat in seats:
                assert json.dumps(together[seat]) == json.dumps(alone(seat)), (label, seat)
