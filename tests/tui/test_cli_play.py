"""``colt play`` and ``colt replay`` on the command line (the plain mode; saves; errors)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from coltexpress.cli import app
from coltexpress.records import LEGACY_SAVE

from .helpers import session

runner = CliRunner()


def test_play_plain_runs_a_whole_game_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "auto.json"
    args = ["play", "--plain", "--players", "3", "--seed", "4", "--bots", "easy", "--delay",
            "0", "--save", str(path)]
    result = runner.invoke(app, args, input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Game over." in result.output and "End of round 5" in result.output
    assert json.loads(path.read_text())["seats"]["humans"] == [0]  # saved as it went


@pytest.mark.parametrize(("seat", "human"), [("1", 0), ("3", 2)])
def test_play_marshal_prisoners_as_the_marshal_or_a_bandit(
    tmp_path: Path, seat: str, human: int
) -> None:
    """A whole game of Marshal & Prisoners from the command line, in the Marshal's seat
    (seat 1) or a bandit's (--seat 3)."""
    path = tmp_path / "mp.json"
    args = ["play", "--plain", "--preset", "marshal-prisoners", "--players", "4", "--seat",
            seat, "--seed", "8", "--bots", "easy", "--delay", "0", "--save", str(path)]
    result = runner.invoke(app, args, input="1\n" * 600)
    assert result.exit_code == 0, result.output
    assert "Game over." in result.output and "goals" in result.output
    assert json.loads(path.read_text())["seats"]["humans"] == [human]
    if human:  # the Marshal plays first: a turn's header comes before the Marshal's turn
        lines = result.output.splitlines()
        header = next(i for i, line in enumerate(lines) if "turn 2 of" in line)
        assert lines[header + 1].startswith("The Marshal"), lines[header : header + 2]


def test_play_plain_saves_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    args = ["play", "--plain", "--seed", "4", "--bots", "medium,easy,random", "--delay", "0",
            "--save", str(tmp_path / "auto.json")]
    result = runner.invoke(app, args, input=f"1\nsave {path}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "colt play --plain --resume" in result.output  # the hint keeps the plain mode
    data = json.loads(path.read_text())
    assert data["seats"]["bots"] == {"1": "medium", "2": "easy", "3": "random"}
    result = runner.invoke(app, ["play", "--plain", "--resume", str(path)], input="quit\n")
    assert result.exit_code == 0 and "a bot (random)" in result.output


def test_play_refuses_bad_options_clearly(tmp_path: Path) -> None:
    for args, message in [
        (["--humans", "5"], "5 humans but only 4 players"),
        (["--bots", "wizard"], "unknown agent"),
        (["--bots", "easy,hard"], "3 bot seats need 1 or 3 bot levels"),
        (["--players", "9"], "error"),
        (["--seat", "5"], "no seat 5 with 4 players"),
        (["--resume", str(tmp_path / "none.json")], "cannot read"),
    ]:
        result = runner.invoke(app, ["play", "--plain", *args], input="quit\n")
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)


def _saves(tmp_path: Path) -> dict[str, Path]:
    """The same finished game in every saved-game format there is."""
    s = session(seed=4, players=6, humans=(), bots="easy")
    while not s.over:
        s.bot_step()
    record = s.game.record()
    forms = {
        "colt play": s.to_save(),
        "record": record,
        "tournament": {**record, "agents": ["easy"] * 6},
        "earlier save": {"format": LEGACY_SAVE, "record": record, "humans": [],
                         "bots": {str(n): "easy" for n in range(6)}},
    }
    paths = {}
    for name, data in forms.items():
        path = tmp_path / f"{name.replace(' ', '-')}.json"
        path.write_text(json.dumps(data))
        paths[name] = path
    return paths


@pytest.mark.parametrize("form", ["colt play", "record", "tournament", "earlier save"])
def test_every_saved_game_replays_as_text(tmp_path: Path, form: str) -> None:
    path = _saves(tmp_path)[form]
    result = runner.invoke(app, ["replay", str(path), "--text"])
    assert result.exit_code == 0, result.output
    assert "   1. " in result.output and "  99. " in result.output and " 100. " in result.output
    assert "Stealin'!" in result.output and "Game over." in result.output
    assert "win" in result.output


def test_replay_refuses_a_broken_record(tmp_path: Path) -> None:
    s = session()
    record = s.game.record()
    record["actions"] = ["jump"]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    for mode in ("--tui", "--text"):
        result = runner.invoke(app, ["replay", str(path), mode])
        assert result.exit_code == 2 and "does not replay" in result.output
    path.write_text("[1, 2")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "cannot read" in result.output
