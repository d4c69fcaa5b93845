"""Colt Super Express (rules 001): every rule sentence of ``rules-index/super-express.yaml``
named by a test, and the readings the rules leave open (docs/rules-decisions.md, D-se-*).

Scenarios are rigged: seats play Belle, Cheyenne, Django, ... in order; ``arrange`` puts the
figures on the train (each floor listed from the locomotive's side) and ``program`` plays
everyone's 3 cards, after which the Shootin' phase runs by itself.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from coltexpress.engine.errors import IllegalActionError, OptionsError, RecordError
from coltexpress.superexpress import SuperGame, SuperOptions
from coltexpress.superexpress.views import check_invariants

BANDITS = ("belle", "cheyenne", "django", "doc", "ghost", "tuco", "mei")
L, C = -1, 1  # facing the locomotive, the caboose


def se(players: int = 3, *, seed: int = 0, **options: object) -> SuperGame:
    options.setdefault("characters", BANDITS[:players])
    return SuperGame.new(SuperOptions(players=players, **options), seed=seed)


def seat(g: SuperGame, name: str) -> int:
    return g.chars.index(name)


def arrange(g: SuperGame, cars: dict[int, tuple[list[str], list[str]]],
            facing: dict[str, int] | None = None, *, first: str | None = None) -> None:
    """Figures on the train: ``{car: ([inside...], [roof...])}``, each list from the
    locomotive's side; the others leave the train (out of the game)."""
    g.floors = [[] for _ in range(2 * (g.last + 1))]
    placed = set()
    for car, (inside, roof) in cars.items():
        g.floors[2 * car] = [seat(g, n) for n in inside]
        g.floors[2 * car + 1] = [seat(g, n) for n in roof]
        placed |= set(inside) | set(roof)
    for s, name in enumerate(g.chars):
        if name not in placed:
            g.out[s], g.out_round[s], g.hand[s] = True, 1, []
    for name, d in (facing or {}).items():
        g.facing[seat(g, name)] = d
    if first is not None:
        g.first = g.actor = seat(g, first)
    g.legal = None
    assert check_invariants(g) == []


def program(g: SuperGame, plan: dict[str, list[str]]) -> list:
    """Rig everyone's programmed stack (white-box: a bystander not in ``plan`` flips three
    times, which changes nothing that matters here) and run the Shootin' phase."""
    from coltexpress.superexpress.actions import KINDS

    for s, name in enumerate(g.chars):
        if g.out[s]:
            continue
        g.stack[s] = [KINDS.index(k) for k in plan.get(name, ["flip"] * 3)]
        g.hand[s] = []
    g.events = []
    g._shootin()
    return g.events


def where(g: SuperGame, name: str) -> tuple[int, bool, int] | None:
    space = g.space_of(seat(g, name))
    if space is None:
        return None
    return space >> 1, bool(space & 1), g.floors[space].index(seat(g, name))


def floor(g: SuperGame, car: int, roof: bool) -> list[str]:
    return [g.chars[s] for s in g.floors[2 * car + int(roof)]]


# ============================================================================ setup


def test_the_train_and_the_starting_places() -> None:
    """se.setup.locomotive-plus-one-car-per-player-plus-one,
    se.setup.train-line-locomotive-at-one-end, se.setup.take-four-bandit-cards,
    se.setup.random-figure-starts-penultimate-car-first-player,
    se.setup.next-players-placed-toward-locomotive,
    se.setup.rear-half-faces-locomotive-front-half-faces-caboose, D-se-players: the
    locomotive and one car per player plus one in a line; each player holds Flip, Change
    Floor, Move, Fire; a random figure's player is first and starts inside the penultimate
    car, the next players toward the locomotive; the rear half (rounded up) faces the
    locomotive, the rest the caboose."""
    firsts = set()
    for players in range(3, 8):
        for s in range(12):
            g = se(players, seed=s)
            assert g.last == players + 1 and len(g.floors) == 2 * (players + 2)
            firsts.add(g.first)
            for i in range(players):
                p = (g.first + i) % players
                assert where(g, g.chars[p]) == (g.last - 1 - i, False, 0)
                assert g.facing[p] == (L if i < (players + 1) // 2 else C)
            assert g.view(0)["hand"] == ["flip", "floor", "move", "fire"]
            assert floor(g, 0, False) == floor(g, g.last, False) == []
    assert len(firsts) > 3  # the first player is drawn at random
    for bad in (2, 8):
        with pytest.raises(OptionsError, match="3 to 7 players"):
            SuperOptions(players=bad)


def test_unused_cards_stay_out_of_the_game() -> None:
    """se.setup.unused-cards-out-of-game: only the chosen bandits play, with only their own
    cards; the extensions' cards only when chosen."""
    g = se(3)
    assert g.chars == ("belle", "cheyenne", "django")
    assert g.options.card_kinds == ("flip", "floor", "move", "fire")
    assert se(3, reflex=True).options.card_kinds[-1] == "reflex"


# ============================================================================ a round


def test_a_round_programs_three_cards_then_resolves_them_in_turn() -> None:
    """se.round.two-phases, se.schemin.take-back-all-action-cards,
    se.schemin.program-three-cards-face-down-stacked, se.schemin.resolve-stack-top-to-bottom,
    se.schemin.remaining-card-set-aside, se.shootin.first-player-starts-then-clockwise,
    se.shootin.reveal-and-apply-top-card, se.shootin.one-card-per-turn,
    se.shootin.phase-ends-when-all-cards-resolved, se.shootin.all-programmed-cards-must-resolve:
    every player takes his 4 cards and programs 3 face down in order; then from the first
    player clockwise each reveals his top card, one at a time, until all 9 are resolved;
    the fourth card is set aside."""
    g = se(3)
    first = g.first
    order = [(first + i) % 3 for i in range(3)]
    plans = {g.chars[s]: ["flip", "floor", "move"] for s in range(3)}
    for i, s in enumerate(order):
        for k in range(3):
            assert g.actor == s
            g.apply("program " + plans[g.chars[s]][k])
            if i == 2 and k == 2:
                break  # the last card programmed: the Shootin' phase has run
            for other in range(3):
                view = g.view(other)
                assert view["players"][s]["programmed"] == k + 1
                if other == s:
                    assert view["stack"] == plans[g.chars[s]][: k + 1]
                else:
                    assert view["stack"] == [] or view["stack"] == plans[g.chars[other]]
        if i < 2:
            assert g.view(order[i + 1])["players"][s]["revealed"] == []
    events = g.events  # (the last apply's events: the whole Shootin' phase)
    reveals = [(e.data["seat"], e.data["card"]) for e in events if e.kind == "reveal"]
    assert [s for s, _ in reveals] == order * 3
    assert [c for s, c in reveals if s == order[0]] == ["flip", "floor", "move"]
    assert g.round_no == 1 and all(g.view(s)["hand"] == ["flip", "floor", "move", "fire"]
                                   for s in range(3) if not g.out[s])


def test_the_stack_is_secret_until_revealed() -> None:
    """se.schemin.program-three-cards-face-down-stacked: the others see how many cards are
    programmed, never which (face down), until revealed."""
    g = se(3)
    s = g.actor
    g.apply("program fire")
    g.apply("program move")
    other = (s + 1) % 3
    view = g.view(other)
    assert view["players"][s]["programmed"] == 2 and view["players"][s]["revealed"] == []
    assert "fire" not in str(view["players"][s]) and view["stack"] == []
    assert g.view(s)["stack"] == ["fire", "move"]
    twin = g.clone()
    twin.stack[s] = [3 - 1, 0]  # another hidden choice: the same view for the other seat
    twin.hand[s] = [1, 3]
    assert twin.view(other) == view


# ============================================================================ actions


def test_flip() -> None:
    """se.action.flip: the bandit turns around, staying where he is."""
    g = se(3)
    arrange(g, {2: (["belle"], []), 4: (["cheyenne", "django"], [])},
            {"belle": L}, first="belle")
    program(g, {"belle": ["flip", "floor", "floor"], "cheyenne": ["floor"] * 3,
                "django": ["floor"] * 3})
    assert g.facing[seat(g, "belle")] == C


def test_change_floor_back_against_the_edge() -> None:
    """se.action.change-floor, se.action.change-floor-placement-back-to-card-edge,
    se.action.orientation-and-order-within-car-matter: up to the roof (or down) without
    turning; with others there, the back against the card's edge: facing the caboose, at
    the locomotive's end; facing the locomotive, at the caboose's end."""
    g = se(4)
    arrange(g, {2: (["belle", "cheyenne"], ["django", "doc"])},
            {"belle": C, "cheyenne": L, "django": C, "doc": C}, first="belle")
    program(g, {"belle": ["floor", "flip", "flip"], "cheyenne": ["floor", "flip", "flip"],
                "django": ["flip", "flip", "flip"], "doc": ["flip", "flip", "flip"]})
    assert floor(g, 2, True) == ["belle", "django", "doc", "cheyenne"]
    assert g.facing[seat(g, "belle")] == C and g.facing[seat(g, "cheyenne")] == L


def test_move_to_the_next_car_entering_by_its_side() -> None:
    """se.action.move-to-next-car-gun-points-to, se.action.move-placement-on-entry-side: to
    the next car the gun points to, same floor and facing; among others there, on the side
    by which one came in."""
    g = se(4)
    arrange(g, {1: ([], ["belle"]), 2: ([], ["cheyenne", "django"]), 3: ([], ["doc"])},
            {"belle": C, "doc": L, "cheyenne": C, "django": C}, first="belle")
    program(g, {"belle": ["move", "flip", "flip"], "cheyenne": ["flip"] * 3,
                "django": ["flip"] * 3, "doc": ["move", "flip", "flip"]})
    assert floor(g, 2, True) == ["belle", "cheyenne", "django", "doc"]


def test_moving_off_the_train_is_elimination() -> None:
    """se.action.move-off-train-eliminated: a Move off either end of the train puts the
    bandit out of the game."""
    g = se(3)
    arrange(g, {0: (["belle"], []), 2: (["cheyenne"], []), 4: (["django"], [])},
            {"belle": L, "cheyenne": C, "django": C}, first="belle")
    program(g, {"belle": ["move", "flip", "flip"], "cheyenne": ["flip"] * 3,
                "django": ["flip", "flip", "flip"]})
    assert g.out[seat(g, "belle")]
    assert any(e.kind == "eliminated" and e.data["bandit"] == "belle" for e in g.events)


def test_fire_hits_the_first_bandit_in_the_line_of_sight() -> None:
    """se.action.fire-first-bandit-in-line-of-sight, se.action.fire-line-of-sight-definition,
    se.action.fire-target-knocked-to-next-car-and-stunned: in front, the gun pointing at
    him, on the same floor, in one's car or another, nobody between: that bandit is knocked
    to the next car (same floor, the shot's way: D-se-shot-direction), stunned, not
    turned."""
    g = se(5)
    arrange(g, {1: (["belle", "cheyenne"], ["ghost"]), 3: (["django"], []),
                4: (["doc"], [])},
            {"belle": C, "cheyenne": L, "django": L, "doc": L, "ghost": C}, first="belle")
    assert g.target_of(seat(g, "belle")) == seat(g, "cheyenne")  # in her own car
    assert g.target_of(seat(g, "cheyenne")) == seat(g, "belle")  # ahead of her, same car
    assert g.target_of(seat(g, "django")) == seat(g, "cheyenne")  # nearest in his sight
    assert g.target_of(seat(g, "ghost")) is None  # the roof: another floor
    program(g, {"belle": ["fire", "flip", "flip"], "cheyenne": ["flip"] * 3,
                "django": ["flip"] * 3, "doc": ["flip"] * 3, "ghost": ["flip"] * 3})
    assert where(g, "cheyenne") == (2, False, 0)
    assert g.stunned[seat(g, "cheyenne")] is False  # woken by her next card
    assert g.facing[seat(g, "cheyenne")] == L  # her Flip only woke her: not turned


def test_a_stunned_bandit_cannot_be_shot_and_wakes_with_any_card() -> None:
    """se.action.fire-stunned-bandit-cannot-be-shot, se.action.wake-up-any-card-while-stunned,
    D-se-stunned-sight: the bullet flies by a stunned bandit (to the next one standing);
    whatever card a stunned bandit plays, he only gets up, facing as before."""
    g = se(4)
    arrange(g, {1: (["belle"], []), 2: (["cheyenne"], []), 3: (["django"], []),
                4: (["doc"], [])}, {"belle": C, "cheyenne": C, "django": L, "doc": L},
            first="belle")
    g.stunned[seat(g, "cheyenne")] = True
    assert g.target_of(seat(g, "belle")) == seat(g, "django")
    blocks = se(4, stunned_blocks=True)
    arrange(blocks, {1: (["belle"], []), 2: (["cheyenne"], []), 3: (["django"], []),
                     4: (["doc"], [])}, {"belle": C}, first="belle")
    blocks.stunned[seat(blocks, "cheyenne")] = True
    assert blocks.target_of(seat(blocks, "belle")) is None  # the option: he stops it
    program(g, {"belle": ["flip"] * 3, "cheyenne": ["move", "move", "flip"],
                "django": ["flip"] * 3, "doc": ["flip"] * 3})
    assert where(g, "cheyenne")[0] == 3  # woke with the first Move, moved with the second
    assert g.facing[seat(g, "cheyenne")] == L  # then flipped
    woke = [e for e in g.events if e.kind == "wake"]
    assert [e.data["bandit"] for e in woke] == ["cheyenne"]


def test_shot_off_the_train_is_elimination() -> None:
    """se.action.fire-pushed-off-train-eliminated: a bandit knocked out of the train by a
    shot is out of the game."""
    g = se(3)
    arrange(g, {3: (["belle", "cheyenne"], []), 2: (["django"], [])},
            {"belle": C, "cheyenne": C, "django": L}, first="belle")
    g.last = 3
    g.floors = g.floors[:8]
    program(g, {"belle": ["fire", "flip", "flip"], "cheyenne": ["flip"] * 3,
                "django": ["flip"] * 3})
    assert g.out[seat(g, "cheyenne")]


# ============================================================================ end of a round


def test_the_caboose_comes_off_with_whoever_is_on_it() -> None:
    """se.round-end.caboose-comes-off, se.round-end.bandit-on-detached-car-eliminated,
    se.round-end.first-player-card-passes-left, D-se-program: once the 3 cards of each have
    resolved, the caboose is unhooked; a bandit in or on it is out; the first player card
    passes left (to the next player still in)."""
    g = se(4)
    arrange(g, {5: (["belle"], ["cheyenne"]), 2: (["django"], ["doc"])},
            {"belle": C}, first="belle")
    program(g, {n: ["flip", "flip", "flip"] for n in ("belle", "cheyenne", "django", "doc")})
    assert g.out[seat(g, "belle")] and g.out[seat(g, "cheyenne")]
    assert g.last == 4 and g.first == seat(g, "django")  # left of Belle is out: the next


def test_the_rearmost_bandit_takes_the_car_the_roof_before_the_inside() -> None:
    """se.round-end.rearmost-bandit-takes-car-as-loot, se.round-end.roof-beats-inside-for-loot-card,
    D-se-loot-farthest, D-se-loot-values: the bandit farthest from the locomotive takes the
    detached car as a Loot card; on the same car the roof wins; on one floor, the figure
    nearest the caboose. A card is worth its car's number."""
    g = se(4)
    arrange(g, {3: (["belle"], []), 4: (["cheyenne"], ["django", "doc"])}, first="belle")
    program(g, {n: ["flip", "flip", "flip"] for n in ("belle", "cheyenne", "django", "doc")})
    assert g.loot[seat(g, "doc")] == [5]
    assert g.view(None)["bandits"][seat(g, "doc")]["loot"] == [{"car": 5, "value": 5}]


def test_the_last_bandit_aboard_wins_at_once() -> None:
    """se.object.last-bandit-aboard-wins, se.end.single-bandit-left-wins-instantly: the game
    ends the moment a single bandit is in or on the train."""
    g = se(3)
    arrange(g, {2: (["belle", "cheyenne"], [])}, {"belle": C, "cheyenne": C},
            first="belle")
    events = program(g, {"belle": ["fire", "fire", "fire"], "cheyenne": ["flip"] * 3})
    assert g.is_over and g.winners == [seat(g, "belle")]
    over = [i for i, e in enumerate(events) if e.kind == "game-over"]
    assert over and not any(e.kind == "reveal" for e in events[over[0]:])
    with pytest.raises(Exception, match="over"):
        g.apply("program flip")


def test_in_the_locomotive_at_the_end_most_loot_cards_then_the_best() -> None:
    """se.end.only-locomotive-left-most-loot-cards-wins, se.end.tie-highest-value-loot-card-wins:
    when the last car comes off and several remain in the locomotive, most Loot cards wins;
    tied, the highest-valued card."""
    g = se(3)
    arrange(g, {0: (["belle"], ["cheyenne"]), 1: (["django"], [])}, first="belle")
    g.last = 1
    g.floors = g.floors[:4]
    g.loot[seat(g, "belle")] = [6, 4, 2]
    g.loot[seat(g, "cheyenne")] = [5, 3]
    program(g, {n: ["flip", "flip", "flip"] for n in ("belle", "cheyenne", "django")})
    # Cheyenne, on the roof, takes car 1: 3 Loot cards each; Belle's best is worth more.
    assert g.is_over and g.winners == [seat(g, "belle")]
    result = g.result()
    assert result["loot"] == [3, 3, 0] and result["best_loot"][:2] == [6, 5]
    g = se(3)
    arrange(g, {0: (["belle"], ["cheyenne"]), 1: (["django"], [])}, first="belle")
    g.last = 1
    g.floors = g.floors[:4]
    g.loot[seat(g, "belle")] = [6, 4]
    program(g, {n: ["flip", "flip", "flip"] for n in ("belle", "cheyenne", "django")})
    assert g.winners == [seat(g, "belle")]  # 2 cards beat 1


def test_the_last_bandits_leaving_together() -> None:
    """D-se-all-out: when the caboose carries off the last bandits at once, the game ends
    with them: most Loot cards wins."""
    g = se(3)
    arrange(g, {4: (["belle"], ["cheyenne"])}, first="belle")
    g.round_no = 1
    g.loot[seat(g, "belle")] = [5]
    program(g, {"belle": ["flip"] * 3, "cheyenne": ["flip"] * 3})
    assert g.is_over and g.winners == [seat(g, "belle")]
    assert g.aboard() == []


# ============================================================================ Reflex and Horse


def test_reflex() -> None:
    """se.reflex.usable-with-or-without-horse, se.reflex.setup-add-reflex-card,
    se.reflex.still-program-three-cards, se.reflex.stunned-get-up-and-fire,
    se.reflex.not-stunned-lie-down: the Reflex card joins the hand (5 cards, still 3
    programmed); stunned, the bandit gets up and fires; standing, he lies down."""
    for horse in (False, True):
        g = se(3, reflex=True, horse=horse)
        assert len(g.view(g.actor)["hand"]) == 5 + horse
        for _ in range(3):
            g.apply(str(g.legal_actions()[0]))
        assert len(g.hand[g.first]) == 2 + horse
    g = se(3, reflex=True)
    arrange(g, {2: (["belle", "cheyenne"], []), 1: (["django"], [])},
            {"belle": C, "cheyenne": C, "django": C}, first="belle")
    g.stunned[seat(g, "belle")] = True
    program(g, {"belle": ["reflex", "flip", "flip"], "cheyenne": ["reflex", "flip", "flip"],
                "django": ["flip"] * 3})
    assert where(g, "cheyenne")[0] == 3  # Belle got up and shot her
    assert not any(e.kind == "lie-down" for e in g.events[:6])  # both were stunned
    g = se(3, reflex=True)
    arrange(g, {2: (["belle"], []), 1: (["cheyenne"], ["django"])}, first="belle")
    program(g, {"belle": ["reflex", "fire", "flip"], "cheyenne": ["flip"] * 3,
                "django": ["flip"] * 3})
    assert any(e.kind == "lie-down" and e.data["bandit"] == "belle" for e in g.events)


def test_horse() -> None:
    """se.horse.usable-with-or-without-reflex, se.horse.setup-add-horse-card,
    se.horse.still-program-three-cards, se.horse.move-to-locomotive-facing-forward,
    D-se-horse-facing: the Horse card joins the hand; it puts the figure inside the
    locomotive facing forward, before anyone already there."""
    g = se(3, horse=True)
    assert "horse" in g.view(0)["hand"]
    arrange(g, {0: (["cheyenne"], []), 3: (["belle"], []), 2: (["django"], [])},
            {"belle": C}, first="belle")
    program(g, {"belle": ["horse", "flip", "flip"], "cheyenne": ["flip"] * 3,
                "django": ["flip"] * 3})
    assert floor(g, 0, False)[0] == "belle"
    assert g.facing[seat(g, "belle")] == L  # forward (toward the locomotive), flipped twice


def test_a_horse_saves_a_bandit_just_thrown_off_this_round_only() -> None:
    """se.horse.saves-bandit-just-ejected, se.horse.save-only-during-ongoing-round,
    D-se-horse-falling: a bandit thrown off the train whose next revealed card is the
    Horse is saved into the locomotive; another card, and he is out; the caboose coming off
    at the end of the round cannot be undone."""
    g = se(3, horse=True)
    arrange(g, {4: (["belle", "cheyenne"], []), 2: (["django"], [])},
            {"belle": C, "cheyenne": C}, first="belle")
    program(g, {"belle": ["fire", "flip", "flip"], "cheyenne": ["horse", "flip", "flip"],
                "django": ["flip"] * 3})
    assert not g.out[seat(g, "cheyenne")]
    assert where(g, "cheyenne")[:2] == (0, False)
    assert any(e.kind == "saved" for e in g.events)
    g = se(3, horse=True)
    arrange(g, {4: (["belle", "cheyenne"], []), 2: (["django"], [])},
            {"belle": C, "cheyenne": C}, first="belle")
    program(g, {"belle": ["fire", "flip", "flip"], "cheyenne": ["flip", "horse", "flip"],
                "django": ["flip"] * 3})
    assert g.out[seat(g, "cheyenne")]  # the card after the fall was no Horse
    g = se(3, horse=True)
    arrange(g, {4: (["belle"], []), 2: (["cheyenne"], []), 1: (["django"], [])},
            first="belle")
    program(g, {"belle": ["flip", "flip", "horse"], "cheyenne": ["flip"] * 3,
                "django": ["flip"] * 3})
    assert not g.out[seat(g, "belle")]  # her Horse (third card) took her off the caboose
    g = se(3, horse=True)
    arrange(g, {4: (["belle"], []), 2: (["cheyenne"], []), 1: (["django"], [])},
            first="belle")
    program(g, {"belle": ["flip", "flip", "flip"], "cheyenne": ["flip"] * 3,
                "django": ["flip"] * 3})
    assert g.out[seat(g, "belle")]  # on the caboose at the round's end: no save


# ============================================================================ the contract


def test_illegal_actions_and_bad_records() -> None:
    """Bad input: a card already programmed, an unknown card, a record of another game or
    with a bad action; each a precise error, the state unchanged."""
    g = se(3)
    g.apply("program fire")
    state = g.to_json()
    with pytest.raises(IllegalActionError, match="not legal now"):
        g.apply("program fire")
    with pytest.raises(Exception, match="cards are"):
        g.apply("program jump")
    assert g.to_json() == state
    record = g.record()
    record["actions"].append("program fire")
    with pytest.raises(RecordError, match="does not replay"):
        SuperGame.replay(record)
    with pytest.raises(RecordError, match="super-express"):
        SuperGame.replay({"game": "colt-express"})
    bad = g.to_json()
    bad["floors"][2].append(99)
    with pytest.raises(RecordError, match="inconsistent"):
        SuperGame.from_json(bad)


@pytest.mark.parametrize("preset", ["standard", "reflex", "horse", "reflex-horse"])
def test_random_play_keeps_the_invariants(preset: str) -> None:
    """Fuzzing: figures conserved, eliminations final, the train only shrinks; the same
    seed and actions give the same game; JSON and records round-trip; a sampled world shows
    the seat exactly its view."""
    for players in range(3, 8):
        for seed in range(4):
            g = SuperGame.new(SuperOptions.preset(preset, players=players), seed=seed)
            rng = random.Random(seed)
            last, out = g.last, list(g.out)
            while not g.is_over:
                g.apply_id(rng.choice(g.legal_ids()))
                assert check_invariants(g) == []
                assert g.last <= last  # the train only shrinks
                assert all(o or not was for o, was in zip(g.out, out, strict=True))
                last, out = g.last, list(g.out)
                s = g.current_seat
                assert g.determinize(s, random.Random(1)).view(s) == g.view(s)
            again = SuperGame.replay(g.record())
            assert again.to_json() == g.to_json()
            assert SuperGame.from_json(g.to_json()).view(None) == g.view(None)
            assert g.winners


@pytest.mark.parametrize("preset", ["standard", "reflex-horse"])
def test_no_view_shows_another_players_hidden_cards(preset: str) -> None:
    """View leaks: at every state, dealing another player's unrevealed cards differently
    between his stack and his set-aside cards changes no view but his own; a spectator
    sees no stack at all."""
    rng = random.Random(5)
    changed = 0
    for players in (3, 5):
        g = SuperGame.new(SuperOptions.preset(preset, players=players), seed=players)
        while not g.is_over:
            for viewer in [None, *range(players)]:
                view = g.view(viewer)
                twin = g.clone()
                for s in range(players):
                    if s == viewer or twin.out[s]:
                        continue
                    pool = twin.stack[s] + twin.hand[s]
                    rng.shuffle(pool)
                    n = len(twin.stack[s])
                    changed += pool[:n] != twin.stack[s]
                    twin.stack[s], twin.hand[s] = pool[:n], pool[n:]
                assert twin.view(viewer) == view
                assert viewer is not None or "stack" not in view
            g.apply_id(rng.choice(g.legal_ids()))
    assert changed > 50


@pytest.mark.parametrize("preset", ["standard", "reflex-horse"])
def test_views_built_together_equal_each_built_alone(preset: str) -> None:
    """``SuperGame.views`` builds the spectator's view once and each seat's from it (as a
    server builds a move's updates): each is exactly the view built for that seat alone,
    at every state and every frame of the move, and none changes another's."""
    rng = random.Random(7)
    for players in (3, 6):
        g = SuperGame.new(SuperOptions.preset(preset, players=players), seed=players)
        seats = (None, *range(players))
        while True:
            moments: list[tuple[Any, Any]] = [(g.views(seats), g.view)]
            if not g.is_over:
                frames = g.clone().apply_frames(str(rng.choice(g.legal_actions())))
                moments += [(frame.views(seats), frame.view) for frame in frames]
            for together, alone in moments:
                for seat in seats:
                    assert json.dumps(together[seat]) == json.dumps(alone(seat)), seat
            if g.is_over:
                break
            g.apply_id(rng.choice(g.legal_ids()))


def test_views_built_like_an_earlier_moment_keep_its_unchanged_parts() -> None:
    """``SuperGame.views(seats, like)``, ``like`` the public view of an earlier moment (as a
    server builds a move's updates): every view is still exactly the one built alone, and
    each part of the public view equal to ``like``'s in the same place is its object."""
    from tests.test_views import assert_shared

    rng = random.Random(11)
    kept = 0
    for players in (3, 6):
        g = SuperGame.new(SuperOptions.preset("standard", players=players), seed=players)
        seats = (None, *range(players))
        like: dict[str, Any] | None = None
        while not g.is_over:
            frames = g.clone().apply_frames(str(rng.choice(g.legal_actions())))
            for source, alone in [(g, g.view), *[(f, f.view) for f in frames]]:
                together = source.views(seats, like)
                for seat in seats:
                    assert json.dumps(together[seat]) == json.dumps(alone(seat)), seat
                if like is not None:
                    kept += assert_shared(like, together[None])
                like = together[None]
            g.apply_id(rng.choice(g.legal_ids()))
    assert kept > 100


def test_frames_show_the_game_as_it_stood_before_each_moment() -> None:
    """apply_frames: a frame before the end shows the game still being played; the last
    one, the result."""
    g = se(3)
    frames = []
    while not g.is_over:
        frames = g.apply_frames(g.legal_actions()[0])
    assert frames[-1].final and "result" in frames[-1].view(None)
    assert all("result" not in f.view(None) for f in frames[:-1])


def test_a_frame_before_a_reveal_shows_the_card_still_face_down() -> None:
    """apply_frames: the moment before "X reveals a card" shows that card still programmed
    (face down), the moment after it revealed."""
    g = se(3)
    while not g.is_over:
        frames = g.apply_frames(g.legal_actions()[0])
        for before, after in itertools.pairwise(frames):
            if after.kind != "reveal":
                continue
            who = after.events[0].data["seat"]
            assert before.state.revealed[who] == after.state.revealed[who][:-1] or (
                after.state.revealed[who] == [])
            shown = before.view(None)["players"][who]["revealed"]
            assert len(shown) < 3
