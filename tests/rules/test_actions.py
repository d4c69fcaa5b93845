"""The action cards: positions, Move, Change Floor, Shoot, Rob, Marshal, Punch (rules 000,
"Action Cards"), with the accessible edition's differences (rules 002) and its notes on
leaving the train and running out of neutral bullets.

Basic-rule scenarios use the ``first-game`` preset (no powers, no events), so no character
power can change what an action card may do.
"""

from __future__ import annotations

from typing import Any

import pytest

from coltexpress import Game
from coltexpress.engine.content import BULLET, JEWEL, PURSE
from coltexpress.engine.game import Decision
from support import (
    add_loot,
    bandit,
    clear_loot,
    give_loot,
    legal,
    new_game,
    play_out,
    put,
    set_hand,
    set_round,
    stealin,
    to_first_turn,
    where,
)


def fresh(preset: str = "first-game", players: int = 3, **opts: Any) -> Game:
    g = new_game(preset, players=players, seed=opts.pop("seed", 3), **opts)
    clear_loot(g)
    return g


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def no_effect(events: list[Any]) -> list[str]:
    return [e.data["reason"] for e in events if e.kind == "no-effect"]


def seat(g: Game, name: str) -> int:
    return g.seat_of[bandit(g, name)]


def received(g: Game, name: str) -> int:
    return g.received[bandit(g, name)]


def inside_marshal_car(g: Game) -> list[str]:
    return [g.chars[b] for b, p in enumerate(g.pos) if p == 2 * g.marshal]


# ---------------------------------------------------------------------------- positions


@pytest.mark.rule("base.position.inside-or-roof")
def test_a_car_has_an_inside_and_a_roof() -> None:
    """The inside and the roof of one car are two different spaces: a bandit inside cannot
    punch one on the roof above him, and Change Floor moves him between them."""
    g = fresh()
    put(g, belle=(2, False), cheyenne=(2, True), django=(3, False))
    events = stealin(g, [("belle", "punch"), ("belle", "floor")])
    assert no_effect(events) == ["no-target"]  # Cheyenne is on the roof, not in Belle's space
    assert where(g, "belle") == (2, True)
    assert where(g, "cheyenne") == (2, True)
    assert g.pos[bandit(g, "belle")] == g.pos[bandit(g, "cheyenne")]


@pytest.mark.rule("base.position.no-bandit-on-roof-at-start")
def test_every_bandit_starts_inside_a_car() -> None:
    for preset, players in (("standard", 3), ("standard", 6), ("mei", 7), ("accessible", 5)):
        g = new_game(preset, players=players, seed=players)
        assert all(p >= 0 and p % 2 == 0 for p in g.pos), (preset, g.pos)
    # 2 bandits per player: once the secret placement is revealed.
    g = new_game("two-player", players=2, seed=4)
    while g.pending.decision is Decision.PLACE:
        g.apply(legal(g)[0])
    assert all(p >= 0 and p % 2 == 0 for p in g.pos), g.pos


@pytest.mark.rule("base.position.locomotive-counts-as-car")
def test_the_locomotive_is_a_car_bandits_can_be_in_and_on() -> None:
    g = fresh()
    g.marshal = 3  # out of the way
    put(g, belle=(1, False), cheyenne=(1, True), django=(1, False))
    stealin(g, [("belle", "move"), ("cheyenne", "move"), ("django", "shoot"), ("django", "move")])
    # Inside car 1 a Move reaches the locomotive as the adjacent car.
    assert legal(g) == ["move forward 1", "move back 1"]
    g.apply("move forward 1")
    assert where(g, "belle") == (0, False)
    # On the roof of car 1, "1 to 3 cars away" counts the locomotive's roof.
    assert "move forward 1" in legal(g)
    g.apply("move forward 1")
    assert where(g, "cheyenne") == (0, True)
    # Django, inside car 1, shoots Belle inside the locomotive: an adjacent car.
    assert g.pending.decision is Decision.MOVE and g.pending.bandit == "django"
    assert received(g, "belle") == 1


# ---------------------------------------------------------------------------- Move


@pytest.mark.rule("base.move.inside-to-adjacent-car")
def test_inside_move_at_the_train_ends_has_one_adjacent_car() -> None:
    g = fresh(players=4)
    g.marshal = 2
    put(g, belle=(4, False), cheyenne=(1, False), django=(3, True), doc=(3, True))
    events = stealin(g, [("belle", "move"), ("doc", "move")])
    # The caboose's only adjacent car is car 3: the move is forced (D-forced).
    assert where(g, "belle") == (3, False)
    assert "move" in kinds(events)
    assert g.pending.bandit == "doc"


@pytest.mark.rule("base.move.roof-one-to-three-cars")
def test_roof_move_goes_one_to_three_cars_and_stays_on_the_roof() -> None:
    g = fresh(players=6)
    put(g, belle=(3, True))
    stealin(g, [("belle", "move")])
    assert sorted(legal(g)) == sorted(
        [f"move {d} {n}" for d in ("forward", "back") for n in (1, 2, 3)]
    )
    g.apply("move forward 3")
    assert where(g, "belle") == (0, True)


@pytest.mark.rule("base.move.accessible-must-move")
def test_accessible_move_never_stays_in_place() -> None:
    """Rules 002 (and D-must-move for rules 000): every Move option changes the car."""
    for preset in ("accessible", "first-game"):
        g = fresh(preset, players=4, powers=False)
        put(g, belle=(2, True), cheyenne=(3, False), django=(4, False), doc=(4, False))
        stealin(g, [("belle", "move"), ("cheyenne", "move")])
        for option in legal(g):
            trial = g.clone()
            trial.apply(option)
            assert where(trial, "belle") != (2, True), (preset, option)
        g.apply("move back 2")
        assert where(g, "belle") == (4, True)
        assert sorted(legal(g)) == ["move back 1", "move forward 1"]
        g.apply("move forward 1")
        assert where(g, "cheyenne") == (2, False)


# ---------------------------------------------------------------------------- Change Floor


@pytest.mark.rule("base.change-floor.inside-to-roof")
def test_change_floor_from_inside_goes_up_to_the_same_car() -> None:
    g = fresh()
    put(g, belle=(2, False), cheyenne=(3, False), django=(3, False))
    events = stealin(g, [("belle", "floor")])
    assert "floor" in kinds(events)  # a single choice: no decision (D-forced)
    assert where(g, "belle") == (2, True)


@pytest.mark.rule("base.change-floor.roof-to-inside")
def test_change_floor_from_the_roof_goes_down_into_the_same_car() -> None:
    g = fresh()
    put(g, belle=(2, True), cheyenne=(3, False), django=(3, False))
    stealin(g, [("belle", "floor")])
    assert where(g, "belle") == (2, False)


# ---------------------------------------------------------------------------- Shoot


@pytest.mark.rule("base.shoot.top-bullet-onto-target-deck")
def test_shooting_puts_the_shooters_bullet_on_top_of_the_victims_deck() -> None:
    g = fresh()
    put(g, belle=(2, False), cheyenne=(1, False), django=(3, False))
    # Cheyenne's Move afterwards keeps the Stealin' phase open (no end-of-round shuffle).
    stealin(g, [("belle", "shoot"), ("cheyenne", "move")])
    before = list(g.deck[seat(g, "django")])
    g.apply("shoot django")
    deck = g.deck[seat(g, "django")]
    assert deck[:-1] == before
    top = deck[-1]
    assert g.card_kind[top] == BULLET and g.card_bandit[top] == bandit(g, "belle")
    assert g.cylinder[bandit(g, "belle")] == 5
    assert received(g, "django") == 1 and received(g, "cheyenne") == 0


@pytest.mark.rule("base.shoot.not-in-own-space")
def test_a_bandit_in_the_shooters_space_is_no_target() -> None:
    g = fresh(players=4)
    put(g, belle=(2, False), cheyenne=(2, False), django=(3, False), doc=(1, False))
    stealin(g, [("belle", "shoot")])
    assert sorted(legal(g)) == ["shoot django", "shoot doc"]
    # Alone with a bandit in his own space, the shooter has nobody to shoot.
    g = fresh()
    put(g, belle=(2, False), cheyenne=(2, False), django=(2, True))
    events = stealin(g, [("belle", "shoot")])
    assert no_effect(events) == ["no-target"]
    assert received(g, "cheyenne") == 0


@pytest.mark.rule("base.shoot.inside-adjacent-car-either-direction")
def test_inside_a_car_both_adjacent_cars_are_in_range() -> None:
    g = fresh()
    put(g, belle=(2, False), cheyenne=(1, False), django=(3, False))
    stealin(g, [("belle", "shoot")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot django"]


@pytest.mark.rule("base.shoot.inside-range-one-car")
def test_inside_a_car_nobody_further_than_one_car_or_on_a_roof_is_in_range() -> None:
    g = fresh(players=4)
    put(g, belle=(1, False), cheyenne=(3, False), django=(4, False), doc=(2, True))
    events = stealin(g, [("belle", "shoot")])
    assert no_effect(events) == ["no-target"]
    assert g.cylinder[bandit(g, "belle")] == 6
    # One car nearer, Cheyenne is in range.
    g = fresh(players=4)
    put(g, belle=(2, False), cheyenne=(3, False), django=(4, False), doc=(1, True))
    stealin(g, [("belle", "shoot")])
    assert received(g, "cheyenne") == 1


@pytest.mark.rule("base.shoot.roof-line-of-sight-any-distance")
def test_on_the_roof_distance_does_not_matter() -> None:
    g = fresh(players=6)
    put(g, belle=(0, True), cheyenne=(6, True), django=(3, False), doc=(2, False),
        ghost=(5, False), tuco=(4, False))
    stealin(g, [("belle", "shoot")])
    assert received(g, "cheyenne") == 1
    assert g.cylinder[bandit(g, "belle")] == 5


@pytest.mark.rule("base.shoot.line-of-sight-definition")
def test_line_of_sight_stops_at_the_first_roof_with_a_bandit() -> None:
    """D-los: the nearest roof with a bandit in each direction; bandits inside do not block,
    and a bandit on the shooter's own roof neither blocks nor can be shot."""
    g = fresh(players=6)
    put(g, belle=(3, True), tuco=(3, True), cheyenne=(1, True), django=(5, True),
        doc=(6, True), ghost=(2, False))
    stealin(g, [("belle", "shoot")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot django"]


@pytest.mark.rule("base.shoot.roof-same-car-shooter-chooses")
def test_shooter_chooses_among_bandits_on_the_same_roof() -> None:
    g = fresh()
    put(g, belle=(1, True), cheyenne=(3, True), django=(3, True))
    stealin(g, [("belle", "shoot")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot django"]
    g.apply("shoot django")
    assert received(g, "django") == 1 and received(g, "cheyenne") == 0


@pytest.mark.rule("base.shoot.accessible-same-roof-bandits-side-by-side")
def test_accessible_bandits_on_one_roof_are_side_by_side() -> None:
    g = fresh("accessible", powers=False)
    put(g, belle=(1, True), cheyenne=(3, True), django=(3, True))
    stealin(g, [("belle", "shoot")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot django"]
    g.apply("shoot cheyenne")
    assert received(g, "cheyenne") == 1 and received(g, "django") == 0


@pytest.mark.rule("base.shoot.no-target-keep-bullet")
def test_no_target_keeps_the_bullet() -> None:
    g = fresh(players=4)
    put(g, belle=(1, False), cheyenne=(3, False), django=(4, True), doc=(1, True))
    events = stealin(g, [("belle", "shoot")])
    assert no_effect(events) == ["no-target"]
    assert g.cylinder[bandit(g, "belle")] == 6
    assert sum(g.received) == 0


@pytest.mark.rule("base.shoot.out-of-bullets-no-effect")
def test_an_empty_cylinder_makes_shoot_do_nothing() -> None:
    g = fresh()
    g.cylinder[bandit(g, "belle")] = 0
    put(g, belle=(2, False), cheyenne=(3, False), django=(1, False))
    events = stealin(g, [("belle", "shoot")])
    assert no_effect(events) == ["out-of-bullets"]
    assert sum(g.received) == 0


@pytest.mark.rule("base.shoot.bullet-cards-are-dead-cards")
def test_bullet_cards_cannot_be_played() -> None:
    g = fresh()
    s = g.actor
    other = g.bandits_of[(s + 1) % 3][0]
    set_hand(g, s, ["move"])
    # Two of the other bandit's bullets, as if he had shot this player twice.
    g.cylinder[other] -= 2
    g.hand[s] += [g.bullet_base[other] + 4, g.bullet_base[other] + 5]
    g.legal = None
    assert legal(g) == ["draw", "play move"]
    g.hand[s] = [c for c in g.hand[s] if g.card_kind[c] == BULLET]
    g.legal = None
    assert legal(g) == ["draw"]  # a hand of bullets only leaves drawing


# ---------------------------------------------------------------------------- Rob


@pytest.mark.rule("base.rob.take-one-loot-without-looking")
def test_rob_takes_one_token_of_a_kind_without_seeing_purse_values() -> None:
    """D-rob-kind (rules 000): the robber chooses a kind; which purse is not his choice."""
    g = fresh()
    put(g, belle=(2, False), cheyenne=(3, False), django=(1, False))
    cheap = add_loot(g, 2, False, "purse", 250)
    rich = add_loot(g, 2, False, "purse", 500)
    jewel = add_loot(g, 2, False, "jewel")
    events = stealin(g, [("belle", "rob")])
    assert sorted(legal(g)) == ["rob jewel", "rob purse"]  # no purse is named by its token
    events = g.apply("rob purse")
    held = g.held[bandit(g, "belle")]
    assert len(held) == 1 and held[0] in (cheap, rich)
    assert g.loot_public[held[0]] is False  # face down
    assert sorted(g.floor_loot[4]) == sorted({cheap, rich, jewel} - {held[0]})
    private = [e for e in events if e.kind == "rob-value"]
    assert private and all(e.seat == seat(g, "belle") for e in private)
    # Over several games both purses get taken: the value is not the robber's choice.
    got = set()
    for s in range(12):
        g = fresh(seed=s)
        put(g, belle=(2, False), cheyenne=(3, False), django=(1, False))
        add_loot(g, 2, False, "purse", 250)
        add_loot(g, 2, False, "purse", 500)
        add_loot(g, 2, False, "jewel")
        stealin(g, [("belle", "rob")])
        g.apply("rob purse")
        got.add(g.loot_value[g.held[bandit(g, "belle")][0]])
    assert got == {250, 500}


@pytest.mark.rule("base.rob.only-own-floor")
def test_rob_reaches_only_the_robbers_floor() -> None:
    g = fresh()
    put(g, belle=(2, True), cheyenne=(2, False), django=(1, False))
    add_loot(g, 2, False, "jewel")
    add_loot(g, 1, True, "purse", 300)
    events = stealin(g, [("belle", "rob"), ("cheyenne", "rob"), ("django", "rob")])
    assert no_effect(events) == ["no-loot", "no-loot"]  # Belle on the roof, Django inside
    assert g.held[bandit(g, "belle")] == [] and g.held[bandit(g, "django")] == []
    assert [g.loot_kind[t] for t in g.held[bandit(g, "cheyenne")]] == [JEWEL]


@pytest.mark.rule("base.rob.no-loot-no-effect")
def test_rob_with_no_loot_does_nothing() -> None:
    g = fresh()
    put(g, belle=(2, False), cheyenne=(3, False), django=(1, False))
    give_loot(g, "cheyenne", "purse", 400)
    events = stealin(g, [("belle", "rob")])
    assert no_effect(events) == ["no-loot"]
    assert g.held[bandit(g, "belle")] == []


@pytest.mark.rule("base.rob.accessible-loot-of-choice")
def test_accessible_rob_names_the_token() -> None:
    """D-rob-kind (rules 002): purses are chosen by token; a jewel by its kind."""
    g = fresh("accessible", powers=False)
    put(g, belle=(2, False), cheyenne=(3, False), django=(1, False))
    cheap = add_loot(g, 2, False, "purse", 250)
    rich = add_loot(g, 2, False, "purse", 500)
    add_loot(g, 2, False, "jewel")
    stealin(g, [("belle", "rob")])
    assert sorted(legal(g)) == sorted(["rob jewel", f"rob purse#{cheap}", f"rob purse#{rich}"])
    g.apply(f"rob purse#{rich}")
    assert g.held[bandit(g, "belle")] == [rich]
    assert cheap in g.floor_loot[4]


# ---------------------------------------------------------------------------- Marshal


@pytest.mark.rule("base.marshal-card.move-marshal-to-adjacent-car")
def test_marshal_card_moves_the_marshal_one_car() -> None:
    g = fresh()
    g.marshal = 2
    put(g, belle=(3, True), cheyenne=(3, True), django=(3, True))
    stealin(g, [("belle", "marshal"), ("cheyenne", "marshal")])
    assert sorted(legal(g)) == ["marshal back", "marshal forward"]
    g.apply("marshal forward")
    assert g.marshal == 1
    g.apply("marshal forward")
    assert g.marshal == 0
    # From the locomotive the only adjacent car is car 1 (a forced move).
    g = fresh()
    put(g, belle=(3, True), cheyenne=(3, True), django=(3, True))
    stealin(g, [("belle", "marshal")])
    assert g.marshal == 1


@pytest.mark.rule("base.marshal.encounter-bandit-escapes-to-roof")
def test_entering_the_marshals_space_sends_the_bandit_to_the_roof() -> None:
    g = fresh(players=4)
    g.marshal = 2
    put(g, belle=(3, False), cheyenne=(2, True), django=(1, False), doc=(4, True))
    # Belle walks in; Cheyenne climbs down (and straight back up); the Marshal walks in on
    # Django.
    stealin(g, [("belle", "move"), ("cheyenne", "floor"), ("doc", "marshal"),
                ("doc", "move")])
    g.apply("move forward 1")
    assert where(g, "belle") == (2, True)
    assert where(g, "cheyenne") == (2, True)  # even though she just changed floors
    g.apply("marshal forward")
    assert g.marshal == 1
    assert where(g, "django") == (1, True)
    assert received(g, "belle") == received(g, "cheyenne") == received(g, "django") == 1


@pytest.mark.rule("base.marshal.no-bandit-stays-inside-with-marshal")
def test_no_way_into_the_marshals_car_leaves_a_bandit_inside() -> None:
    g = fresh(players=4)
    g.marshal = 2
    put(g, belle=(3, False), cheyenne=(3, False), django=(4, False), doc=(1, True))
    # A punch pushes Cheyenne in; a move brings Django next door, the Marshal goes to him.
    stealin(g, [("belle", "punch"), ("django", "move"), ("doc", "marshal"), ("doc", "move")])
    g.apply("punch cheyenne nothing forward")
    assert where(g, "cheyenne") == (2, True)
    assert inside_marshal_car(g) == []
    g.apply("marshal back")
    assert g.marshal == 3
    assert where(g, "django") == (3, True) and where(g, "belle") == (3, True)
    assert inside_marshal_car(g) == []


@pytest.mark.rule("base.marshal.encounter-neutral-bullet-on-deck")
def test_the_escaping_bandit_takes_a_neutral_bullet_on_his_deck() -> None:
    g = fresh(players=4)
    g.marshal = 2
    put(g, belle=(3, False), cheyenne=(1, True), django=(4, True), doc=(4, True))
    stealin(g, [("belle", "move"), ("cheyenne", "move")])  # Cheyenne's move keeps us here
    before = list(g.deck[seat(g, "belle")])
    g.apply("move forward 1")
    deck = g.deck[seat(g, "belle")]
    assert deck[:-1] == before
    assert g.card_kind[deck[-1]] == BULLET and g.card_bandit[deck[-1]] == -1  # neutral
    assert g.neutral == 12
    assert received(g, "belle") == 1


@pytest.mark.rule("base.marshal.not-enough-neutral-bullets-none-taken")
def test_too_few_neutral_bullets_means_none_are_taken() -> None:
    """D-neutral-shortage: two bandits meet the Marshal at once with one bullet left: neither
    takes one (both still escape), and the last bullet stays for later (rules 000)."""
    g = fresh(players=4)
    g.neutral = 1
    put(g, belle=(4, True), cheyenne=(1, False), django=(1, False), doc=(2, False))
    stealin(g, [("belle", "marshal"), ("doc", "move")])  # from the locomotive into car 1
    assert g.marshal == 1
    assert where(g, "cheyenne") == (1, True) and where(g, "django") == (1, True)
    assert received(g, "cheyenne") == received(g, "django") == 0
    assert g.neutral == 1
    # A single bandit meeting him later still takes the last one.
    events = g.apply("move forward 1")
    assert "no-neutral-bullets" not in kinds(events)
    assert received(g, "doc") == 1 and g.neutral == 0
    # With enough bullets, each of two bandits takes one.
    g = fresh(players=4)
    g.neutral = 2
    put(g, belle=(4, True), cheyenne=(1, False), django=(1, False), doc=(3, True))
    stealin(g, [("belle", "marshal")])  # from the locomotive: forced into car 1
    assert received(g, "cheyenne") == received(g, "django") == 1 and g.neutral == 0


@pytest.mark.rule("base.marshal.never-on-roof")
def test_the_marshal_stays_inside_and_ignores_roofs() -> None:
    g = fresh()
    put(g, belle=(1, True), cheyenne=(2, True), django=(3, True))
    stealin(g, [("django", "marshal"), ("cheyenne", "move"), ("cheyenne", "move")])
    assert g.marshal == 1
    assert where(g, "belle") == (1, True) and received(g, "belle") == 0
    g.apply("move forward 1")  # onto the Marshal's car roof: nothing happens
    assert where(g, "cheyenne") == (1, True) and received(g, "cheyenne") == 0


@pytest.mark.rule("base.marshal.card-move-triggers-encounter")
def test_rules_example_django_moves_the_marshal_onto_ghost() -> None:
    g = fresh(players=5)
    g.marshal = 1
    put(g, belle=(4, True), cheyenne=(4, True), django=(1, True), doc=(5, True),
        ghost=(2, False))
    stealin(g, [("django", "marshal"), ("doc", "move")])
    g.apply("marshal back")
    assert g.marshal == 2
    assert where(g, "ghost") == (2, True)
    assert received(g, "ghost") == 1
    top = g.deck[seat(g, "ghost")][-1]
    assert g.card_kind[top] == BULLET and g.card_bandit[top] == -1


# ---------------------------------------------------------------------------- Punch


@pytest.mark.rule("base.punch.choose-other-bandit-in-space")
def test_punch_targets_another_bandit_in_the_punchers_space() -> None:
    g = fresh(players=4)
    put(g, belle=(2, False), cheyenne=(2, False), django=(2, False), doc=(2, True))
    stealin(g, [("belle", "punch")])
    targets = {a.split()[1] for a in legal(g)}
    assert targets == {"cheyenne", "django"}  # not herself, not Doc on the roof
    g = fresh(players=4)
    put(g, belle=(2, False), cheyenne=(3, False), django=(1, False), doc=(2, True))
    events = stealin(g, [("belle", "punch")])
    assert no_effect(events) == ["no-target"]


@pytest.mark.rule("base.punch.victim-drops-chosen-loot-in-space")
def test_punched_bandit_drops_the_loot_the_puncher_chooses() -> None:
    """D-punch-loot: the puncher chooses the kind; a victim with loot must drop one."""
    g = fresh()
    put(g, belle=(2, True), cheyenne=(2, True), django=(1, False))
    give_loot(g, "cheyenne", "purse", 300)
    jewel = give_loot(g, "cheyenne", "jewel")
    stealin(g, [("belle", "punch")])
    assert sorted(legal(g)) == sorted(
        f"punch cheyenne {loot} {d}" for loot in ("purse", "jewel") for d in ("forward", "back")
    )
    g.apply("punch cheyenne jewel back")
    assert g.floor_loot[2 * 2 + 1] == [jewel]  # the puncher's space: the roof of car 2
    assert [g.loot_kind[t] for t in g.held[bandit(g, "cheyenne")]] == [PURSE]
    assert g.held[bandit(g, "belle")] == []
    # A victim without loot drops nothing.
    g = fresh()
    put(g, belle=(2, True), cheyenne=(2, True), django=(1, False))
    stealin(g, [("belle", "punch")])
    assert sorted(legal(g)) == ["punch cheyenne nothing back", "punch cheyenne nothing forward"]


@pytest.mark.rule("base.punch.cannot-look-at-victim-purses")
def test_the_puncher_picks_a_purse_without_seeing_values() -> None:
    dropped = set()
    for s in range(12):
        g = fresh(seed=s)
        put(g, belle=(2, False), cheyenne=(2, False), django=(1, True))
        give_loot(g, "cheyenne", "purse", 250)
        give_loot(g, "cheyenne", "purse", 500)
        stealin(g, [("belle", "punch")])
        assert all("#" not in a for a in legal(g))  # purses are not named one by one
        g.apply("punch cheyenne purse back")
        (token,) = g.floor_loot[4]
        dropped.add(g.loot_value[token])
    assert dropped == {250, 500}


@pytest.mark.rule("base.punch.push-to-adjacent-car-same-floor")
def test_the_victim_goes_to_the_same_floor_of_an_adjacent_car() -> None:
    g = fresh()
    put(g, belle=(2, True), cheyenne=(2, True), django=(1, False))
    stealin(g, [("belle", "punch")])
    g.apply("punch cheyenne nothing forward")
    assert where(g, "cheyenne") == (1, True)
    assert where(g, "belle") == (2, True)
    # In the caboose (rules 000) the only push stays on the train.
    g = fresh()
    g.marshal = 1
    put(g, belle=(3, False), cheyenne=(3, False), django=(1, True))
    stealin(g, [("belle", "punch")])
    assert where(g, "cheyenne") == (2, False)


@pytest.mark.rule("base.punch.accessible-puncher-chooses-push-direction")
def test_accessible_puncher_chooses_forward_or_back() -> None:
    g = fresh("accessible", powers=False)
    put(g, belle=(2, False), cheyenne=(2, False), django=(1, True))
    stealin(g, [("belle", "punch")])
    assert sorted(legal(g)) == ["punch cheyenne nothing back", "punch cheyenne nothing forward"]
    g.apply("punch cheyenne nothing back")
    assert where(g, "cheyenne") == (3, False)


# ---------------------------------------------------------------------------- the train


@pytest.mark.rule("base.train.accessible-never-leave-train-push-cancelled")
def test_accessible_two_player_push_beyond_the_train_ends_is_cancelled() -> None:
    """D-punch-push, D-002-two-player-scope: in rules 002's 2-player game both directions are
    offered and a push off the train leaves the victim where he is; in a 3-6 player game of
    rules 002 the punch pushes to an adjacent car only, as in rules 000. D-knockback: Tuco's
    shot at the end of the train does not move him."""
    g = to_first_turn(fresh("accessible-two-player", players=2, powers=False))
    g.marshal = 2
    put(g, tuco=(0, True), cheyenne=(0, True), belle=(3, True), doc=(4, True))
    stealin(g, [("tuco", "punch")])
    assert sorted(legal(g)) == ["punch cheyenne nothing back", "punch cheyenne nothing forward"]
    events = g.apply("punch cheyenne nothing forward")
    assert "not-pushed" in kinds(events)
    assert where(g, "cheyenne") == (0, True)
    g = fresh("accessible", powers=False)
    g.marshal = 2
    put(g, belle=(0, True), cheyenne=(0, True), django=(3, True))
    events = stealin(g, [("belle", "punch")])  # only "back" is a choice: carried out at once
    assert "not-pushed" not in kinds(events) and where(g, "cheyenne") == (1, True)
    # Tuco's Fire (rules 002) at a bandit in the caboose, away from Tuco.
    g = fresh("accessible", characters=("tuco", "cheyenne", "doc"))
    put(g, tuco=(2, False), cheyenne=(3, False), doc=(1, True))
    stealin(g, [("tuco", "shoot")])
    assert received(g, "cheyenne") == 1
    assert where(g, "cheyenne") == (3, False)
    # An event: Braking does not move a bandit on the locomotive's roof.
    g = new_game("accessible", players=3, seed=1)
    set_round(g, "braking")
    put(g, belle=(0, True), cheyenne=(2, True), django=(3, False))
    stealin(g, [])
    assert where(g, "belle") == (0, True) and where(g, "cheyenne") == (1, True)


# ---------------------------------------------------------------------------- neutral bullets


@pytest.mark.rule("base.neutral-bullets.accessible-shortage-removes-neutral-deck")
def test_accessible_two_player_first_shortage_removes_the_neutral_deck() -> None:
    """D-neutral-shortage, D-002-two-player-scope: in rules 002's 2-player game the first
    shortage removes the deck, so a later lone bandit meeting the Marshal takes nothing; in
    rules 000, and in 3-6 player games of rules 002, he takes the bullet left."""
    results = {}
    for preset, players in (("accessible-two-player", 2), ("accessible", 4), ("first-game", 4)):
        g = fresh(preset, players=players, powers=False)
        to_first_turn(g)
        a, b, c, d = g.chars[:4]
        g.neutral = 1
        put(g, **{a: (4, True), b: (1, False), c: (1, False), d: (2, False)})
        events = stealin(g, [(a, "marshal"), (d, "move")])
        assert received(g, b) == received(g, c) == 0
        assert where(g, b) == (1, True)
        events += g.apply("move forward 1")
        assert where(g, d) == (1, True)
        results[preset] = (received(g, d), g.neutral_gone, "neutral-deck-removed" in
                           kinds(events))
    assert results["accessible-two-player"] == (0, True, True)
    assert results["accessible"] == (1, False, False)
    assert results["first-game"] == (1, False, False)


def test_scenarios_play_on_to_the_end() -> None:
    """A scenario state is a legal game state: it finishes without breaking invariants."""
    g = fresh(players=4)
    g.marshal = 2
    put(g, belle=(3, False), cheyenne=(3, False), django=(4, False), doc=(1, True))
    stealin(g, [("belle", "punch")])
    play_out(g)
    assert g.is_over
