"""``colt play`` and ``colt replay --tui`` on the command line (the plain mode; errors)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from coltexpress.cli import app

from .helpers import session

runner = CliRunner()


def test_play_plain_runs_a_whole_game_from_the_command_line() -> None:
    args = ["play", "--plain", "--players", "3", "--seed", "4", "--bots", "easy", "--delay", "0"]
    result = runner.invoke(app, args, input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Final scores:" in result.output and "Winner!" in result.output


def test_play_plain_saves_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    args = ["play", "--plain", "--seed", "4", "--bots", "medium,easy,random", "--delay", "0"]
    result = runner.invoke(app, args, input=f"1\nsave {path}\nquit\n")
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["bots"] == {"1": "medium", "2": "easy", "3": "random"}
    result = runner.invoke(app, ["play", "--plain", "--resume", str(path)], input="quit\n")
    assert result.exit_code == 0 and "Seat 3: " in result.output


def test_play_refuses_bad_options_clearly(tmp_path: Path) -> None:
    for args, message in [
        (["--humans", "5"], "5 humans but only 4 players"),
        (["--bots", "wizard"], "unknown agent"),
        (["--bots", "easy,hard"], "3 bot seats need 1 or 3 bot levels"),
        (["--players", "9"], "error"),
        (["--resume", str(tmp_path / "none.json")], "cannot read"),
    ]:
        result = runner.invoke(app, ["play", "--plain", *args], input="quit\n")
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)


def test_replay_tui_refuses_a_broken_record(tmp_path: Path) -> None:
    s = session()
    record = s.game.record()
    record["actions"] = ["jump"]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path), "--tui"])
    assert result.exit_code == 2 and "does not replay" in result.output
