"""Marshal & Prisoners' secrets: the Marshal's hand and current goals are his, the upcoming
goals nobody's, a revealed goal everyone's; views and determinisation keep exactly that."""

from __future__ import annotations

import json
import random

import pytest

from coltexpress import Game, Options
from coltexpress.engine.game import OVER
from coltexpress.engine.mp.determinize import possible_goals
from tests.test_fuzz import sample_states

PLAYERS = (3, 4, 5, 6, 7, 8)


def _states(players: int, seed: int, every: int = 9) -> list[Game]:
    options = Options(marshal_prisoners=True, players=players, expert=players % 2 == 0)
    return [g for g in sample_states(options, seed, every=every) if g.phase != OVER]


def _other_goals(g: Game, rng: random.Random, keep: list[int]) -> None:
    """Swap the goals not in ``keep`` for other goals of the same kind, in another order."""
    assert g.mp is not None
    warrants, targets = possible_goals(g)
    hidden = [x for x in (*g.mp.current, *g.mp.upcoming) if x not in keep]
    unused_w = [w for w in warrants if w not in g.mp.current + g.mp.upcoming]
    unused_t = [t for t in targets if t not in g.mp.current + g.mp.upcoming]
    swap = {}
    for goal in hidden:
        pool = unused_w if goal in warrants else unused_t
        if pool:
            swap[goal] = pool.pop(rng.randrange(len(pool)))
    g.mp.current = [swap.get(x, x) for x in g.mp.current]
    upcoming = [swap.get(x, x) for x in g.mp.upcoming]
    rng.shuffle(upcoming)
    g.mp.upcoming = upcoming


@pytest.mark.parametrize("players", PLAYERS)
def test_goals_a_seat_cannot_know_never_change_its_view(players: int) -> None:
    """The Marshal's current goals (unless revealed) and every upcoming goal are hidden from
    the bandits; the upcoming ones from the Marshal too."""
    rng = random.Random(players)
    for g in _states(players, players):
        assert g.mp is not None
        marshal = g.seat_of[g.mp.marshal]
        for seat in range(players):
            keep = list(g.mp.current) if seat == marshal else list(g.mp.revealed)
            changed = g.clone()
            _other_goals(changed, rng, keep)
            assert changed.view(seat) == g.view(seat)
        spectator = g.clone()
        _other_goals(spectator, rng, list(g.mp.revealed))
        assert spectator.view(None) == g.view(None)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_marshals_hand_is_his_alone(players: int) -> None:
    """Another seat's view never names a card of the Marshal's hand it was not shown."""
    for g in _states(players, 10 + players):
        assert g.mp is not None
        marshal = g.seat_of[g.mp.marshal]
        for seat in range(players):
            if seat == marshal:
                continue
            view = g.view(seat)
            text = json.dumps(view)
            assert "my_goals" not in view["mp"]
            held = g.hand[marshal] + g.kept[marshal] + g.dropped[marshal]
            known = view["players"][marshal]["known_hand"]
            assert len(known) <= len(held)
            assert all(name not in text for name in _secret_goal_names(g))


def _secret_goal_names(g: Game) -> list[str]:
    from coltexpress.engine.mp.rules import goal_text

    assert g.mp is not None
    return [
        goal_text(g, x) for x in (*g.mp.current, *g.mp.upcoming)
        if x not in g.mp.revealed and not goal_text(g, x).startswith("warrant@")
    ]


@pytest.mark.parametrize("players", PLAYERS)
def test_determinize_keeps_what_each_seat_knows_of_the_goals(players: int) -> None:
    """Sampled worlds keep the Marshal's current goals for the Marshal, the revealed ones
    for everyone, the composition (2 warrants of bandits in play, 3 targets) always; and
    give the seat the very same view."""
    for g in _states(players, 20 + players, every=13):
        assert g.mp is not None
        marshal = g.seat_of[g.mp.marshal]
        for seat in range(players):
            d = g.determinize(seat, random.Random(seat))
            assert d.mp is not None
            assert d.view(seat) == g.view(seat)
            goals = d.mp.current + d.mp.upcoming
            warrants, targets = possible_goals(d)
            assert sum(x in warrants for x in goals) == 2
            assert sum(x in targets for x in goals) == 3 and len(set(goals)) == 5
            assert set(g.mp.revealed) <= set(d.mp.current)
            if seat == marshal:
                assert d.mp.current == g.mp.current


def test_determinize_does_resample_the_marshals_secrets() -> None:
    """For a bandit, sampled worlds do differ in the Marshal's goals (they are not kept)."""
    g = next(s for s in _states(5, 3) if s.round_no >= 2)
    assert g.mp is not None
    worlds = {
        tuple(g.determinize(1, random.Random(k)).mp.current)  # type: ignore[union-attr]
        for k in range(30)
    }
    assert len(worlds) > 1


def test_a_fresh_process_loads_a_game_waiting_on_a_capture(tmp_path) -> None:
    """A saved state in the middle of the Marshal's Capture loads and plays on in a new
    process, where nothing of the expansion has run yet."""
    import subprocess
    import sys

    from support import put, set_round, stealin

    g = Game.new(Options(marshal_prisoners=True, players=4,
                         characters=("belle", "doc", "tuco")), seed=1)
    set_round(g, "no-event-jarring")
    put(g, marshal=(2, True), belle=(2, True), doc=(2, True))
    stealin(g, [("marshal", "capture")])
    assert g.pending.decision == "capture"
    path = tmp_path / "state.json"
    path.write_text(json.dumps(g.to_json()))
    code = (
        "import json, sys; from coltexpress import Game; "
        f"g = Game.from_json(json.load(open({str(path)!r}))); "
        "print([str(a) for a in g.legal_actions()])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "['capture belle', 'capture doc']"
