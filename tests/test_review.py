"""colt review: each decision valued from what its seat knew, marked, with its luck; the
chances after every move; reproducible; blind to what the seat could not know."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from coltexpress.games import GAMES, game_of, new_game
from coltexpress.review import MARKS, mark_of, review_position, review_record
from coltexpress.superexpress import SuperGame, SuperOptions
from coltexpress.superexpress.actions import KINDS


def _caboose_third_card() -> SuperGame:
    """Colt Super Express, 3 players, round 1: Belle inside the caboose (it comes off at
    the round's end) facing the locomotive, the others ahead of her; she programmed Fire
    and Change Floor and has Flip and Move left: only Move takes her out of the caboose."""
    g = SuperGame.new(SuperOptions(players=3, characters=("belle", "cheyenne", "django")),
                      seed=0)
    g.floors = [[] for _ in range(2 * (g.last + 1))]
    g.floors[2 * 1] = [1]  # Cheyenne in car 1
    g.floors[2 * 2] = [2]  # Django in car 2
    g.floors[2 * g.last] = [0]  # Belle in the caboose
    g.facing = [-1, -1, -1]  # everyone toward the locomotive
    g.first = g.actor = 0
    g.legal = None
    for kind in ("fire", "floor"):  # each player programs his three cards in turn
        g.apply(f"program {kind}")
    assert g.current_seat == 0
    return g


def test_a_deliberate_blunder_is_marked_and_the_known_best_named():
    g = _caboose_third_card()
    flip, move = KINDS.index("flip"), KINDS.index("move")
    assert sorted(g.legal_ids()) == [flip, move]
    bad = review_position(g, 0, flip, iterations=300, seed=1)
    assert bad.mark == "blunder"
    assert bad.best.action == move and bad.best.label.startswith("Program Move")
    good = review_position(g, 0, move, iterations=300, seed=1)
    assert good.mark == "good" and good.loss == 0.0


def test_a_review_never_changes_with_what_the_seat_could_not_know():
    """A world the seat cannot tell from the real one (other hands, decks, purse values it
    never saw, drawn again) gets the same review of its decision."""
    rng = random.Random(3)
    for preset in ("standard", "marshal-prisoners"):
        g = new_game("colt-express", preset, players=4, seed=5)
        for _ in range(23):
            g.apply_id(rng.choice(g.legal_ids()))
        seat = g.current_seat
        world = g.determinize(seat, random.Random(9))
        assert world.to_json() != g.to_json()  # the hidden part did change
        played = g.legal_ids()[0]
        real = review_position(g, seat, played, iterations=120, seed=2, luck=False)
        other = review_position(world, seat, played, iterations=120, seed=2, luck=False)
        assert real == other


def _record(game: str, preset: str, players: int, seed: int, moves: int) -> dict:
    g = new_game(game, preset, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.apply_id(rng.choice(g.legal_ids()))
    return g.record()


def test_the_same_save_seed_and_budget_give_the_same_review():
    record = _record("colt-express", "horses-stagecoach", 3, 4, 30)
    first = review_record(record, seats=[1], iterations=80, playouts=6, seed=7)
    again = review_record(record, seats=[1], iterations=80, playouts=6, seed=7)
    assert first.to_dict() == again.to_dict()
    assert first.decisions and all(d.seat == 1 for d in first.decisions)
    assert len(first.chances) == len(record["actions"]) + 1
    for d in first.decisions:
        assert d.mark == mark_of(d.loss) and d.best.value >= d.made.value
        assert [c.value for c in d.choices] == sorted((c.value for c in d.choices),
                                                      reverse=True)
    for chances in first.chances:  # (with Horses & Stagecoach nobody may win)
        assert all(0.0 <= c <= 1.0 for c in chances) and sum(chances) <= 1.0 + 1e-3


def test_the_review_is_the_same_on_two_processes():
    record = _record("colt-express", "marshal-prisoners", 4, 6, 40)
    one = review_record(record, seats=[0, 2], iterations=60, playouts=4, seed=3)
    two = review_record(record, seats=[0, 2], iterations=60, playouts=4, seed=3, jobs=2)
    assert one.to_dict() == two.to_dict()


def test_the_verdict_says_skill_and_luck_apart():
    from coltexpress.review import Choice, Decision

    def decision(loss: float, luck: float | None) -> Decision:
        best, made = Choice(1, "Play Shoot", 0.6, 40), Choice(2, "Play Rob", 0.6 - loss, 20)
        return Decision(0, 0, 1, (best, made), 2, loss, mark_of(loss), luck)

    assert decision(0.0, -0.3).verdict == "a good play that lost to the deal"
    assert decision(0.01, 0.0).verdict == "a good play"
    assert decision(0.2, 0.15).verdict == "a blunder that the deal forgave"
    assert decision(0.1, -0.2).verdict == "a mistake, and the deal was against it too"
    assert decision(0.05, None).verdict == "an inaccuracy"


@pytest.mark.parametrize(("game", "preset"), [
    (g, p) for g in GAMES for p in game_of(g).presets])
def test_every_preset_of_both_games_is_reviewed(game, preset):
    record = _record(game, preset, min(4, _most(game, preset)), 3, 25)
    done = review_record(record, iterations=10, playouts=1, luck=False)
    assert done.decisions and len(done.chances) == len(record["actions"]) + 1
    assert all(d.best.label and d.made.label for d in done.decisions)


def _most(game: str, preset: str) -> int:
    """The most players the preset allows."""
    from coltexpress.engine.errors import OptionsError

    most = 0
    fewest, largest = game_of(game).players
    for n in range(fewest, largest + 1):
        try:
            new_game(game, preset, players=n)
            most = n
        except OptionsError:
            pass
    return most


def test_a_terminal_save_of_the_earlier_format_is_reviewed(tmp_path):
    record = _record("colt-express", "standard", 3, 5, 10)
    save = tmp_path / "old.json"
    save.write_text(json.dumps({"format": "coltexpress-save/1", "record": record,
                                "humans": [0], "bots": {"1": "easy", "2": "hard"}}))
    run = _colt("review", str(save), "--iterations", "20", "--playouts", "2", "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["summaries"]


def test_marks_follow_their_thresholds():
    assert [mark_of(x) for x in (0.0, 0.029, 0.03, 0.079, 0.08, 0.149, 0.15, 0.9)] == [
        "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder",
        "blunder"]
    assert [name for name, _ in MARKS] == ["good", "inaccuracy", "mistake", "blunder"]


def _colt(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "coltexpress.cli", *args],
                          capture_output=True, text=True, check=False, timeout=600)


def test_colt_review_prints_the_decisions_and_draws_the_chances(tmp_path):
    save = tmp_path / "game.json"
    save.write_text(json.dumps(_record("super-express", "reflex", 3, 2, 999)))
    plot = tmp_path / "chances.png"
    run = _colt("review", str(save), "--seat", "0", "--iterations", "60", "--playouts", "4",
                "--plot", str(plot), "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["seats"] == [0] and data["summaries"][0]["decisions"] > 0
    assert plot.read_bytes()[:4] == b"\x89PNG"
    assert run.stderr == ""  # no bar with --json
    text = _colt("review", str(save), "--seat", "2", "--iterations", "40", "--playouts", "2")
    assert text.returncode == 0 and "accuracy" in text.stdout
    assert "_" not in text.stdout.replace("__", "")  # no internal names for a reader


def test_colt_review_refuses_what_is_not_a_game(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "coltexpress-record", "game": "colt-express", "actions": 3}')
    run = _colt("review", str(bad))
    assert run.returncode != 0 and "bad.json" in run.stderr
    save = tmp_path / "game.json"
    save.write_text(json.dumps(_record("colt-express", "standard", 3, 1, 5)))
    run = _colt("review", str(save), "--seat", "5")
    assert run.returncode != 0 and "no seat 5" in run.stderr


def test_colt_replay_review_shows_each_decisions_mark_and_the_better_choice(tmp_path):
    save = tmp_path / "game.json"
    save.write_text(json.dumps(_record("colt-express", "standard", 3, 8, 6)))
    run = _colt("replay", str(save), "--text", "--review")
    assert run.returncode == 0, run.stderr
    notes = [line.strip() for line in run.stdout.splitlines() if line.strip().startswith("(")]
    assert len(notes) >= 4  # the moves with a choice: marked
    for note in notes:
        mark = note[1:].split(":")[0]
        assert mark in [name for name, _ in MARKS]
        assert "the best choice" in note or "better: " in note
