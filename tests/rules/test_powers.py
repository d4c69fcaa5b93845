"""Character powers (rules 000, "Character Powers"; rules 002's Tuco and Django) and Mei
(rules 004, "Mei: a new bandit", in the base game)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from coltexpress import Game
from coltexpress.engine.content import BULLET, content
from coltexpress.engine.game import Decision
from support import (
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
    where,
)


def fresh(preset: str = "standard", *, characters: tuple[str, ...], **opts: Any) -> Game:
    g = new_game(preset, players=len(characters), seed=opts.pop("seed", 5),
                 characters=characters, **opts)
    clear_loot(g)
    return g


def received(g: Game, name: str) -> int:
    return g.received[bandit(g, name)]


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def draw_until(g: Game, seat: int) -> None:
    while g.pending.seat != seat:
        g.apply("draw")


# ---------------------------------------------------------------------------- Ghost


def _ghost_game() -> Game:
    g = new_game("standard", players=3, seed=2, characters=("ghost", "belle", "cheyenne"))
    g.first = 1  # Ghost plays third in each turn
    set_round(g, "braking")  # 4 standard turns (2-4 players)
    set_hand(g, 0, ["move", "shoot", "rob", "floor"])
    return g


@pytest.mark.rule("base.power.ghost.first-turn-card-face-down")
def test_ghost_may_play_his_first_card_of_the_round_face_down() -> None:
    g = _ghost_game()
    draw_until(g, 0)
    assert set(legal(g)) >= {"play move down", "play shoot down", "play move"}
    events = g.apply("play shoot down")
    assert g.pile_down[-1] is True
    public = [e for e in events if e.kind == "play"]
    assert public and public[0].data["card"] is None and public[0].seat is None
    # Not on his second turn.
    draw_until(g, 0)
    options = legal(g)
    assert "play move" in options
    assert not any(o.endswith(" down") for o in options)
    # Without powers nobody may.
    g = new_game("first-game", players=3, seed=2, characters=("ghost", "belle", "cheyenne"))
    draw_until(g, 0)
    assert not any(o.endswith(" down") for o in legal(g))


@pytest.mark.rule("base.power.ghost.lost-if-first-turn-draw")
def test_ghost_loses_the_power_if_he_draws_on_his_first_turn() -> None:
    g = _ghost_game()
    draw_until(g, 0)
    g.apply("draw")
    draw_until(g, 0)
    options = legal(g)
    assert "play move" in options
    assert not any(o.endswith(" down") for o in options)


# ---------------------------------------------------------------------------- Doc


@pytest.mark.rule("base.power.doc.draw-seven")
def test_doc_draws_seven_cards_each_round() -> None:
    g = new_game("standard", players=3, seed=6, characters=("doc", "belle", "cheyenne"))
    assert [len(h) for h in g.hand] == [7, 6, 6]
    stealin(g, [])  # end round 1; round 2 is dealt
    assert g.round_no == 1 and g.pending.decision is Decision.PLAY
    assert [len(h) for h in g.hand] == [7, 6, 6]
    g = new_game("first-game", players=3, seed=6, characters=("doc", "belle", "cheyenne"))
    assert [len(h) for h in g.hand] == [6, 6, 6]


# ---------------------------------------------------------------------------- Tuco


@pytest.mark.rule("base.power.tuco.shoot-other-floor-same-car")
def test_tuco_shoots_through_the_roof_of_his_car() -> None:
    g = fresh(characters=("tuco", "cheyenne", "django"))
    put(g, tuco=(2, False), cheyenne=(2, True), django=(3, False))
    stealin(g, [("tuco", "shoot")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot django"]
    g.apply("shoot cheyenne")
    assert received(g, "cheyenne") == 1
    # From the roof, down into his car.
    g = fresh(characters=("tuco", "cheyenne", "django"))
    put(g, tuco=(1, True), cheyenne=(1, False), django=(3, True))
    stealin(g, [("tuco", "shoot")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot django"]
    # Without powers the bandit below is no target.
    g = fresh("first-game", characters=("tuco", "cheyenne", "django"))
    put(g, tuco=(2, False), cheyenne=(2, True), django=(1, True))
    events = stealin(g, [("tuco", "shoot")])
    assert "no-effect" in kinds(events) and received(g, "cheyenne") == 0


@pytest.mark.rule("base.power.tuco.accessible-shot-pushes-target-one-car")
def test_accessible_tuco_pushes_his_target_one_car_along_the_line_of_fire() -> None:
    g = fresh("accessible", characters=("tuco", "cheyenne", "doc"))
    g.marshal = 3
    put(g, tuco=(2, False), cheyenne=(1, False), doc=(3, True))
    stealin(g, [("tuco", "shoot")])
    assert received(g, "cheyenne") == 1
    assert where(g, "cheyenne") == (0, False)
    # On the roof, away from him toward the caboose.
    g = fresh("accessible", characters=("tuco", "cheyenne", "doc"))
    put(g, tuco=(0, True), cheyenne=(1, True), doc=(2, False))
    stealin(g, [("tuco", "shoot")])
    assert where(g, "cheyenne") == (2, True)
    # Rules 002's Tuco has no through-the-roof shot.
    g = fresh("accessible", characters=("tuco", "cheyenne", "doc"))
    put(g, tuco=(2, False), cheyenne=(2, True), doc=(3, True))
    events = stealin(g, [("tuco", "shoot")])
    assert "no-effect" in kinds(events) and received(g, "cheyenne") == 0


@pytest.mark.rule("base.power.tuco.accessible-push-blocked-at-train-end")
def test_accessible_tuco_cannot_push_beyond_the_train_ends() -> None:
    g = fresh("accessible", characters=("tuco", "cheyenne", "doc"))
    put(g, tuco=(2, False), cheyenne=(3, False), doc=(1, True))
    stealin(g, [("tuco", "shoot")])
    assert received(g, "cheyenne") == 1 and where(g, "cheyenne") == (3, False)
    g = fresh("accessible", characters=("tuco", "cheyenne", "doc"))
    put(g, tuco=(2, True), cheyenne=(0, True), doc=(3, False))
    stealin(g, [("tuco", "shoot")])
    assert received(g, "cheyenne") == 1 and where(g, "cheyenne") == (0, True)


# ---------------------------------------------------------------------------- Cheyenne


@pytest.mark.rule("base.power.cheyenne.take-punched-purse")
def test_cheyenne_may_keep_the_purse_her_victim_drops() -> None:
    """D-cheyenne: keeping the purse is part of her Punch action (``... take``)."""
    g = fresh(characters=("cheyenne", "django", "doc"))
    put(g, cheyenne=(2, False), doc=(2, False), django=(1, True))
    purse = give_loot(g, "doc", "purse", 450)
    stealin(g, [("cheyenne", "punch")])
    assert sorted(legal(g)) == sorted(
        f"punch doc purse {d}{t}" for d in ("forward", "back") for t in ("", " take")
    )
    g.apply("punch doc purse back take")
    assert g.held[bandit(g, "cheyenne")] == [purse]
    assert g.floor_loot[4] == [] and g.held[bandit(g, "doc")] == []
    assert where(g, "doc") == (3, False)
    # Without the take it falls to the floor as for everybody.
    g = fresh(characters=("cheyenne", "django", "doc"))
    put(g, cheyenne=(2, False), doc=(2, False), django=(1, True))
    purse = give_loot(g, "doc", "purse", 450)
    stealin(g, [("cheyenne", "punch")])
    g.apply("punch doc purse back")
    assert g.floor_loot[4] == [purse] and g.held[bandit(g, "cheyenne")] == []


@pytest.mark.rule("base.power.cheyenne.jewel-strongbox-still-drops")
def test_cheyennes_victim_drops_jewels_and_strongboxes_to_the_floor() -> None:
    g = fresh(characters=("cheyenne", "django", "doc"))
    put(g, cheyenne=(2, True), doc=(2, True), django=(1, False))
    give_loot(g, "doc", "jewel")
    box = give_loot(g, "doc", "strongbox")
    stealin(g, [("cheyenne", "punch")])
    assert not any(o.endswith(" take") for o in legal(g))
    g.apply("punch doc strongbox forward")
    assert g.floor_loot[5] == [box]
    assert g.held[bandit(g, "cheyenne")] == []


# ---------------------------------------------------------------------------- Belle


@pytest.mark.rule("base.power.belle.not-target-if-other-target-possible")
def test_belle_is_chosen_only_when_nobody_else_can_be() -> None:
    """D-belle: the filter covers shots, punches and Tuco's through-the-roof targets."""
    chars = ("belle", "cheyenne", "doc", "ghost")
    g = fresh(characters=chars)
    put(g, doc=(2, False), belle=(1, False), cheyenne=(3, False), ghost=(3, False))
    stealin(g, [("doc", "shoot")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot ghost"]
    # Belle alone in range is shot.
    g = fresh(characters=chars)
    put(g, doc=(2, False), belle=(1, False), cheyenne=(4, False), ghost=(2, True))
    stealin(g, [("doc", "shoot")])
    assert received(g, "belle") == 1
    # Punch: Cheyenne is punched instead of Belle; alone, Belle is punched.
    g = fresh(characters=chars)
    put(g, doc=(2, False), belle=(2, False), cheyenne=(2, False), ghost=(4, True))
    stealin(g, [("doc", "punch")])
    assert {o.split()[1] for o in legal(g)} == {"cheyenne"}
    g = fresh(characters=chars)
    put(g, doc=(2, False), belle=(2, False), cheyenne=(3, False), ghost=(4, True))
    stealin(g, [("doc", "punch")])
    assert {o.split()[1] for o in legal(g)} == {"belle"}
    # Tuco's target on the other floor counts as "another bandit".
    g = fresh(characters=("tuco", "belle", "cheyenne"))
    put(g, tuco=(2, False), belle=(1, False), cheyenne=(2, True))
    stealin(g, [("tuco", "shoot")])
    assert received(g, "cheyenne") == 1 and received(g, "belle") == 0


# ---------------------------------------------------------------------------- Django


@pytest.mark.rule("base.power.django.shot-pushes-target-away")
def test_djangos_shot_knocks_the_target_one_car_further_away() -> None:
    """D-knockback: one car further along the line of fire, same floor; at the end of the
    train he stays; pushed inside the Marshal's car he escapes to the roof."""
    chars = ("django", "cheyenne", "doc", "ghost")
    g = fresh(characters=chars)
    put(g, django=(2, False), cheyenne=(3, False), doc=(1, True), ghost=(4, True))
    stealin(g, [("django", "shoot")])
    assert received(g, "cheyenne") == 1 and where(g, "cheyenne") == (4, False)
    # Toward the locomotive.
    g = fresh(characters=chars)
    g.marshal = 4
    put(g, django=(2, False), cheyenne=(1, False), doc=(3, True), ghost=(3, True))
    stealin(g, [("django", "shoot")])
    assert where(g, "cheyenne") == (0, False)
    # On the roof, whatever the distance.
    g = fresh(characters=chars)
    put(g, django=(0, True), cheyenne=(3, True), doc=(3, False), ghost=(2, False))
    stealin(g, [("django", "shoot")])
    assert where(g, "cheyenne") == (4, True)
    # At the caboose he cannot leave the train.
    g = fresh(characters=chars)
    put(g, django=(3, False), cheyenne=(4, False), doc=(1, True), ghost=(1, True))
    stealin(g, [("django", "shoot")])
    assert received(g, "cheyenne") == 1 and where(g, "cheyenne") == (4, False)
    # Into the Marshal's car: a neutral bullet too, and up to the roof.
    g = fresh(characters=chars)
    g.marshal = 4
    put(g, django=(2, False), cheyenne=(3, False), doc=(1, True), ghost=(1, True))
    stealin(g, [("django", "shoot")])
    assert where(g, "cheyenne") == (4, True) and received(g, "cheyenne") == 2
    # Without powers nobody is pushed.
    g = fresh("first-game", characters=chars)
    put(g, django=(2, False), cheyenne=(3, False), doc=(1, True), ghost=(4, True))
    stealin(g, [("django", "shoot")])
    assert where(g, "cheyenne") == (3, False)


@pytest.mark.rule("base.power.django.accessible-alone-shoots-same-floor-any-distance")
def test_accessible_django_alone_shoots_anyone_on_his_floor() -> None:
    """D-lone-gunman: "alone" means nobody else in his space."""
    chars = ("django", "cheyenne", "doc", "ghost")
    g = fresh("accessible", characters=chars)
    g.marshal = 3
    put(g, django=(1, False), cheyenne=(4, False), doc=(3, True), ghost=(2, True))
    stealin(g, [("django", "shoot")])
    assert received(g, "cheyenne") == 1  # three cars away; the roofs are out of reach
    g = fresh("accessible", characters=chars)
    put(g, django=(1, False), cheyenne=(4, False), doc=(3, False), ghost=(2, True))
    stealin(g, [("django", "shoot")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot doc"]
    # Not alone: the ordinary range (inside, adjacent cars only).
    g = fresh("accessible", characters=chars)
    put(g, django=(1, False), ghost=(1, False), cheyenne=(4, False), doc=(2, False))
    stealin(g, [("django", "shoot")])
    assert received(g, "doc") == 1 and received(g, "cheyenne") == 0
    # Rules 000's Django has no such reach.
    g = fresh(characters=chars)
    put(g, django=(1, False), cheyenne=(4, False), doc=(3, False), ghost=(2, True))
    events = stealin(g, [("django", "shoot")])
    assert "no-effect" in kinds(events)


@pytest.mark.rule("base.power.django.accessible-ignores-line-of-sight-on-roof")
def test_accessible_django_on_a_roof_ignores_line_of_sight() -> None:
    """D-lone-gunman: the sentence belongs to the power "When you are the only Bandit in or
    on a Car": alone on a roof, Django shoots past other bandits; with company, the line of
    sight holds as for everyone."""
    chars = ("django", "cheyenne", "doc", "ghost")
    g = fresh("accessible", characters=chars)
    put(g, django=(1, True), cheyenne=(3, False), doc=(2, True), ghost=(4, True))
    stealin(g, [("django", "shoot")])
    assert sorted(legal(g)) == ["shoot doc", "shoot ghost"]  # Ghost is behind Doc
    g = fresh("accessible", characters=chars)  # Cheyenne beside him: not alone
    put(g, django=(1, True), cheyenne=(1, True), doc=(2, True), ghost=(4, True))
    stealin(g, [("django", "shoot")])
    assert received(g, "doc") == 1 and received(g, "ghost") == 0
    g = fresh(characters=chars)  # rules 000: line of sight
    put(g, django=(1, True), cheyenne=(1, True), doc=(2, True), ghost=(4, True))
    stealin(g, [("django", "shoot")])
    assert received(g, "doc") == 1 and received(g, "ghost") == 0


# ---------------------------------------------------------------------------- Mei

MEI = ("mei", "cheyenne", "django")


@pytest.mark.rule(
    "base.mei.change-floor-diagonally-to-adjacent-car", "base.mei.no-diagonal-with-stagecoach"
)
def test_mei_changes_floor_diagonally() -> None:
    """Mei's Change Floor may go to the other floor of an adjacent car, in both directions and
    from both floors; every car, the locomotive included, is reachable (the stagecoach of
    Horses & Stagecoach is not: tests/rules/test_horses_stagecoach.py)."""
    g = fresh("mei", characters=MEI)
    put(g, mei=(2, False), cheyenne=(3, True), django=(3, True))
    stealin(g, [("mei", "floor"), ("mei", "floor"), ("cheyenne", "floor")])
    assert sorted(legal(g)) == ["floor", "floor back", "floor forward"]
    g.apply("floor forward")
    assert where(g, "mei") == (1, True)
    assert sorted(legal(g)) == ["floor", "floor back", "floor forward"]
    g.apply("floor back")
    assert where(g, "mei") == (2, False)
    # Anyone else's Change Floor stays in the car (a single, forced choice).
    assert where(g, "cheyenne") == (3, False)
    # At the caboose there is only one adjacent car.
    g = fresh("mei", characters=MEI)
    put(g, mei=(3, True), cheyenne=(1, True), django=(1, True))
    stealin(g, [("mei", "floor")])
    assert sorted(legal(g)) == ["floor", "floor forward"]
    g.apply("floor")
    assert where(g, "mei") == (3, False)


@pytest.mark.rule(
    "base.mei.escaping-marshal-not-to-adjacent-roof", "base.mei.leaving-cell-not-to-adjacent-roof"
)
def test_mei_escapes_the_marshal_straight_up() -> None:
    """D-mei-escape: meeting the Marshal, Mei goes up to the roof of his car like everyone,
    with no choice offered. base.mei.leaving-cell-not-to-adjacent-roof: the prison cell belongs
    to the Marshal & Prisoners expansion; in the base game her only escape is this one."""
    g = fresh("mei", characters=MEI)
    g.marshal = 1
    put(g, mei=(2, False), cheyenne=(3, True), django=(3, True))
    stealin(g, [("mei", "move"), ("cheyenne", "move")])
    g.apply("move forward 1")
    assert where(g, "mei") == (1, True)
    assert received(g, "mei") == 1
    assert g.pending.bandit == "cheyenne"  # no escape decision for Mei
    # Diagonally down into the Marshal's car: straight back up.
    g = fresh("mei", characters=MEI)
    g.marshal = 1
    put(g, mei=(2, True), cheyenne=(3, True), django=(3, True))
    stealin(g, [("mei", "floor"), ("cheyenne", "move")])
    g.apply("floor forward")
    assert where(g, "mei") == (1, True)
    assert g.pending.bandit == "cheyenne"
    # The Marshal walks in on her.
    g = fresh("mei", characters=MEI)
    g.marshal = 1
    put(g, mei=(2, False), cheyenne=(3, True), django=(3, True))
    stealin(g, [("django", "marshal"), ("cheyenne", "move")])
    g.apply("marshal back")
    assert where(g, "mei") == (2, True)
    assert g.pending.bandit == "cheyenne"


@pytest.mark.rule("base.mei.usable-in-base-game-seven-bandits")
def test_mei_is_a_seventh_bandit_in_the_base_game() -> None:
    """D-seven-bandits: 7 players use all 6 cars and the 5-6 player round cards."""
    g = new_game("standard", players=7, seed=8)
    assert "mei" in g.chars and len(set(g.chars)) == 7
    assert g.last == 6 and g.options.band == "5-6"
    # Otherwise unchanged: Mei has the same action deck and cylinder as everyone.
    mei = bandit(g, "mei")
    mine = Counter(g.card_kind[c] for c in g.cards_of(g.seat_of[mei]))
    theirs = Counter(g.card_kind[c] for c in g.cards_of(g.seat_of[bandit(g, "belle")]))
    assert mine == theirs
    assert sum(mine.values()) == 10 and BULLET not in mine
    assert g.cylinder[mei] == content().cylinder == 6
    play_out(g)
    assert g.is_over
    # With fewer players Mei may stand in for a base bandit.
    g = new_game("mei", players=3, seed=8, characters=MEI)
    assert g.chars == MEI
    play_out(g)
    assert g.is_over
