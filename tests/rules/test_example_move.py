"""Move and Shoot basics (examples of the rule-test pattern)."""

from __future__ import annotations

import pytest

from support import legal, new_game, put, stealin, where


@pytest.mark.rule("base.move.inside-to-adjacent-car")
def test_move_inside_goes_to_an_adjacent_car() -> None:
    g = new_game(players=3)
    put(g, belle=(2, False), cheyenne=(3, False), django=(3, False))
    stealin(g, [("belle", "move")])
    assert legal(g) == ["move forward 1", "move back 1"]
    g.apply("move back 1")
    assert where(g, "belle") == (3, False)


@pytest.mark.rule("base.move.roof-one-to-three-cars")
def test_move_on_roof_reaches_one_to_three_cars() -> None:
    g = new_game(players=4)
    put(g, belle=(1, True))
    stealin(g, [("belle", "move")])
    assert sorted(legal(g)) == sorted(
        ["move forward 1", "move back 1", "move back 2", "move back 3"]
    )
