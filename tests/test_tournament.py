"""The tournament runner: statistics, seat rotation, parallel and Ray runs, records, CLI."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from coltexpress import RULES_VERSION, Game, Options, tournament
from coltexpress.cli import BENCH_ROWS, BENCH_UNSHOWN, app
from coltexpress.engine.content import STRONGBOX
from coltexpress.games import replay_any
from coltexpress.gamestats import interval_text
from coltexpress.gamestats.colt import (
    ColtDetails,
    Stagecoach,
    loot_holder,
    role_stats,
    stagecoach_stats,
    stagecoach_strongbox,
)
from coltexpress.gamestats.superexpress import SuperDetails
from coltexpress.superexpress import SuperGame, SuperOptions
from coltexpress.tournament import (
    LEVELS,
    AgentSpec,
    GameOutcome,
    TournamentReport,
    make_agent,
    parse_agent,
    play_game,
    rotation,
    run_tournament,
    wilson,
)

runner = CliRunner()
THREE = Options.preset("standard", players=3)


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    low, high = wilson(300, 300)
    assert 0.98 < low < 1.0


def test_agent_stats_on_a_known_case() -> None:
    """Two games, seats rotated: A wins game 0 alone; game 1 is shared by A and B."""
    specs = [parse_agent("random"), parse_agent("heuristic"), parse_agent("heuristic:noise=0.5")]
    outcomes = [
        GameOutcome(0, 1, [0, 1, 2], ["belle", "doc", "tuco"], [3000, 1000, 500], [0], 50,
                    {"mean_loot": [2000, 1000, 500], "gunslinger_rate": [1, 0, 0]}),
        GameOutcome(1, 2, [1, 2, 0], ["belle", "doc", "tuco"], [800, 400, 800], [0, 2], 50,
                    {"mean_loot": [800, 400, 800], "gunslinger_rate": [0, 0, 0]}),
    ]
    report = TournamentReport(THREE, specs, 2, 0, outcomes)
    stats = {s.name: s for s in report.agent_stats()}
    assert stats["random"].games == 2
    assert stats["random"].wins == pytest.approx(1.5)  # a win and a shared win
    assert stats["heuristic"].wins == pytest.approx(0.5)
    assert stats["heuristic:noise=0.5"].wins == 0
    assert stats["random"].to_dict()["mean_score"] == pytest.approx((3000 + 800) / 2)
    assert stats["random"].to_dict()["gunslinger_rate"] == pytest.approx(0.5)
    assert stats["random"].to_dict()["mean_loot"] == pytest.approx((2000 + 800) / 2)
    chars = {s.name: s for s in report.character_stats()}
    assert chars["belle"].wins == pytest.approx(1.5)  # seat 0 in both games
    assert chars["tuco"].wins == pytest.approx(0.5)
    line = stats["random"].to_dict()  # 75% of its games against a fair share of a third
    assert line["fair_share"] == pytest.approx(1 / 3, abs=1e-4)
    assert line["fair_multiple"] == pytest.approx(2.25)
    low, high = wilson(1.5, 2)
    assert line["fair_multiple_ci95"] == pytest.approx([3 * low, 3 * high], abs=1e-3)


def test_think_time_is_counted_per_agent_and_kept_out_of_the_results() -> None:
    """Each agent's decisions are timed (mean and longest, per agent across its seats);
    the times are not part of a game's outcome, which stays a function of the seed."""
    specs = [parse_agent("ismcts:iterations=30"), parse_agent("random"), parse_agent("random")]
    report = run_tournament(THREE, specs, games=2, seed=5)
    again = run_tournament(THREE, specs, games=2, seed=5)
    assert report.outcomes == again.outcomes
    stats = {s.name: s for s in report.agent_stats()}
    search, rand = stats["ismcts:iterations=30"], stats["random"]
    assert search.decisions + rand.decisions == sum(o.steps for o in report.outcomes)
    assert search.decisions == sum(o.think[s][2] for o in report.outcomes
                                   for s in range(3) if o.entries[s] == 0)
    assert 0 < search.mean_think <= search.longest
    assert search.mean_think > rand.mean_think  # thirty searches against a draw
    line = search.to_dict()
    assert line["mean_think_ms"] == pytest.approx(1000 * search.mean_think, abs=0.01)
    assert line["decisions"] == search.decisions
    assert "mean_think_ms" not in report.character_stats()[0].to_dict()


def test_seats_rotate_so_every_agent_plays_every_seat() -> None:
    specs = [parse_agent("random")] * 3
    seen = {tuple(play_game(THREE, specs, i, 5).entries) for i in range(3)}
    assert seen == {(0, 1, 2), (1, 2, 0), (2, 0, 1)}
    assert play_game(THREE, specs, 4, 5, rotate=False).entries == [0, 1, 2]


def test_held_seats_keep_their_agents_while_the_others_rotate() -> None:
    """Marshal & Prisoners' seat 0 is the Marshal: ``hold=1`` keeps its agent there and
    turns the bandits' agents over the other seats, game by game."""
    specs = [parse_agent("random")] * 3
    seen = [play_game(THREE, specs, i, 5, hold=1).entries for i in range(3)]
    assert seen == [[0, 1, 2], [0, 2, 1], [0, 1, 2]]
    assert rotation(5, 7, hold=2) == [0, 1, 3, 4, 2]
    assert rotation(3, 2, hold=3) == [0, 1, 2]
    with pytest.raises(ValueError, match="seats held must be 0 to 3, not 4"):
        run_tournament(THREE, specs, games=1, hold=4)


def test_a_game_is_a_pure_function_of_seed_and_index() -> None:
    specs = [parse_agent("random"), parse_agent("heuristic"), parse_agent("random")]
    a = play_game(THREE, specs, 3, 77)
    b = play_game(THREE, specs, 3, 77)
    assert a == b
    assert play_game(THREE, specs, 4, 77).seed != a.seed


def test_parse_agent_specs_and_levels() -> None:
    spec = parse_agent("ismcts:iterations=300:seconds=1.5")
    assert spec == AgentSpec("ismcts", (("iterations", 300), ("seconds", 1.5)))
    assert str(spec) == "ismcts:iterations=300:seconds=1.5"
    assert set(LEVELS) == {"easy", "medium", "hard"}
    for level in LEVELS:
        make_agent(parse_agent(level), 1)
    hard = make_agent(parse_agent("hard"), 1)
    # in Colt Express the hard level thinks at most a second a decision, and plays its
    # roll-outs to the end (each game's hard player: test_agents.py)
    hard.act(Game.new(THREE, seed=1))
    search = hard._players["colt-express"]  # type: ignore[attr-defined]
    assert search.seconds is not None and search.seconds <= 1.0
    assert search.rollout_depth is None
    with pytest.raises(ValueError, match=r"unknown agent.*random, heuristic, ismcts or levels"):
        parse_agent("alphazero")
    with pytest.raises(ValueError, match="bad parameter"):
        parse_agent("random:depth=3")
    with pytest.raises(ValueError, match="bad value"):
        parse_agent("ismcts:iterations=many")


def test_the_hard_level_takes_a_decisions_seconds() -> None:
    """``hard:seconds=2``: the hard player of whichever game, at most that long a decision
    (more makes it stronger; less stands for a slower machine's default on this one)."""
    from coltexpress.agents.kits import SUPER_HARD_SECONDS

    spec = parse_agent("hard:seconds=0.3")
    assert spec == AgentSpec("hard", (("seconds", 0.3),)) and str(spec) == "hard:seconds=0.3"
    hard = make_agent(spec, 1)
    assert hard.describe() == "hard:seconds=0.3"
    hard.act(Game.new(THREE, seed=1))
    super_game = SuperGame.new(SuperOptions(players=3), seed=1)
    hard.act(super_game)
    players = hard._players  # type: ignore[attr-defined]
    assert players["colt-express"].seconds == players["super-express"].seconds == 0.3
    default = make_agent(parse_agent("hard"), 1)
    default.act(super_game)
    assert default._players["super-express"].seconds == SUPER_HARD_SECONDS  # type: ignore[attr-defined]
    for bad in ("0", "-1", "nan", "inf", "1e9", "soon"):
        with pytest.raises(ValueError, match=f"bad value '{bad}' for hard parameter seconds"):
            parse_agent(f"hard:seconds={bad}")
        with pytest.raises(ValueError, match="bad value"):
            parse_agent(f"ismcts:seconds={bad}")


def test_parallel_jobs_give_the_serial_results() -> None:
    specs = [parse_agent("heuristic"), parse_agent("random"), parse_agent("random")]
    serial = run_tournament(THREE, specs, games=8, seed=3)
    parallel = run_tournament(THREE, specs, games=8, seed=3, jobs=2)
    assert serial.outcomes == parallel.outcomes
    timed = ("mean_think_ms", "max_think_ms")  # the machine's, not the games'
    assert [{k: v for k, v in line.items() if k not in timed}
            for line in serial.to_dict()["agent_stats"]] == [
        {k: v for k, v in line.items() if k not in timed}
        for line in parallel.to_dict()["agent_stats"]]


def test_parallel_games_are_reported_as_they_end(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With --jobs, each game is counted (colt simulate's bar) as soon as it ends, not in
    game order: game 0 holds its worker until every other game has been counted (or half a
    minute has passed), and says whether it saw that. The report is in game order."""
    counted = tmp_path / "the other games were counted"
    play = tournament.play_game

    def first_waits(*args: Any) -> GameOutcome:
        outcome = play(*args)
        if outcome.index == 0:
            deadline = time.monotonic() + 30
            while not counted.exists() and time.monotonic() < deadline:
                time.sleep(0.02)
            outcome.record = {"saw the others counted": counted.exists()}
        return outcome

    monkeypatch.setattr(tournament, "play_game", first_waits)  # the forked workers' too
    ticks: list[int] = []

    def progress(n: int) -> None:
        ticks.append(n)
        if len(ticks) == 7:
            counted.touch()

    report = run_tournament(THREE, [parse_agent("random")] * 3, games=8, seed=3, jobs=2,
                            progress=progress)
    assert report.outcomes[0].record == {"saw the others counted": True}
    assert [o.index for o in report.outcomes] == list(range(8)) and len(ticks) == 8


def test_ray_cluster_gives_the_serial_results() -> None:
    """A real local Ray instance (2 CPUs), started by the test."""
    ray = pytest.importorskip("ray")
    specs = [parse_agent("heuristic"), parse_agent("random"), parse_agent("random")]
    serial = run_tournament(THREE, specs, games=6, seed=8)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_tournament(THREE, specs, games=6, seed=8, ray_address="auto")
    finally:
        ray.shutdown()
    assert on_ray.outcomes == serial.outcomes


def test_saved_records_replay(tmp_path: Path) -> None:
    specs = [parse_agent("random")] * 3
    report = run_tournament(THREE, specs, games=2, seed=4, save_dir=tmp_path)
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 2
    record = json.loads(files[0].read_text())
    assert record["agents"] == ["random"] * 3
    assert record["result"]["totals"] == report.outcomes[0].totals
    out = runner.invoke(app, ["replay", str(files[0])])
    assert out.exit_code == 0, out.output
    assert "Game over." in out.output and ("wins with" in out.output or "share" in out.output)
    assert f"[{record['actions'][0]}]" in out.output


def test_replay_rejects_a_corrupt_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    out = runner.invoke(app, ["replay", str(bad)])
    assert out.exit_code == 2
    tampered = tmp_path / "tampered.json"
    record = {"format": "coltexpress-record", "rules_version": RULES_VERSION,
              "options": {"players": 3}, "seed": 1, "actions": ["shoot belle"]}
    tampered.write_text(json.dumps(record))
    out = runner.invoke(app, ["replay", str(tampered)])
    assert out.exit_code == 2
    assert "does not replay" in out.output
    del record["format"]
    tampered.write_text(json.dumps(record))
    out = runner.invoke(app, ["replay", str(tampered)])
    assert out.exit_code == 2 and "not a saved game" in out.output


def test_simulate_json_has_the_promised_fields() -> None:
    out = runner.invoke(app, ["simulate", "--players", "3", "--games", "5", "--seed", "2",
                              "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    for key in ("games", "errors", "games_per_second", "mean_steps_per_game", "wins_per_seat",
                "agent_stats", "character_stats"):
        assert key in data
    assert data["games"] == 5 and data["errors"] == 0
    assert sum(data["wins_per_seat"]) == pytest.approx(5)


def test_simulate_with_agents_table_and_plot(tmp_path: Path) -> None:
    plot = tmp_path / "rates.png"
    out = runner.invoke(app, ["simulate", "--players", "3", "--games", "6",
                              "--agents", "heuristic,random,random", "--plot", str(plot)])
    assert out.exit_code == 0, out.output
    assert "heuristic" in out.output and "95% CI" in out.output, out.output
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_exits_nonzero_when_a_game_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    from coltexpress import tournament
    from coltexpress.agents import Agent, Observation

    class Illegal(Agent):  # a program's own agent (the bots may be compiled; this is not)
        def choose(self, observation: Observation) -> int:
            return 10_000

    monkeypatch.setitem(tournament._KINDS, "random", Illegal)
    out = runner.invoke(app, ["simulate", "--players", "3", "--games", "2", "--json"])
    assert out.exit_code == 1
    assert json.loads(out.output)["errors"] == 2


def test_simulate_rejects_bad_arguments() -> None:
    out = runner.invoke(app, ["simulate", "--players", "9"])
    assert out.exit_code == 2 and "3 to 6 players" in out.output
    out = runner.invoke(app, ["simulate", "--players", "3", "--agents", "random,random"])
    assert out.exit_code == 2 and "need 1 or 3 agents" in out.output


def test_marshal_against_bandits_on_a_known_case() -> None:
    """Marshal & Prisoners: the Marshal's win rate against the bandits', per agent in the
    Marshal's seat; a Guilty Conscience win (Marshal and a bandit) counts for the Marshal."""
    options = Options(marshal_prisoners=True, players=3)
    specs = [parse_agent("heuristic"), parse_agent("random"), parse_agent("random")]
    outcomes = [
        GameOutcome(0, 1, [0, 1, 2], ["marshal", "doc", "tuco"], [0, 900, 500], [0, 2], 50,
                    details=ColtDetails(marshal=0, marshal_won=True)),
        GameOutcome(1, 2, [1, 2, 0], ["marshal", "doc", "tuco"], [0, 800, 900], [2], 50,
                    details=ColtDetails(marshal=0, marshal_won=False)),
        GameOutcome(2, 3, [2, 0, 1], ["marshal", "doc", "tuco"], [0, 800, 900], [2], 50,
                    details=ColtDetails(marshal=0, marshal_won=False)),
    ]
    report = TournamentReport(options, specs, 3, 0, outcomes)
    roles = {s.name: s for s in role_stats(report)}
    assert roles["Marshal"].games == 3 and roles["Marshal"].wins == 1
    assert roles["bandits"].wins == 2
    assert roles["Marshal played by heuristic"].wins == 1
    assert roles["Marshal played by random"].games == 2
    assert report.to_dict()["role_stats"][0]["win_rate"] == pytest.approx(1 / 3, abs=1e-4)
    assert role_stats(TournamentReport(THREE, specs, 0, 0, [])) == []


def test_simulate_reports_the_marshal_for_the_expansion() -> None:
    result = runner.invoke(app, ["simulate", "--preset", "marshal-prisoners", "--players", "3",
                                 "--games", "3", "--agents", "heuristic"])
    assert result.exit_code == 0, result.output
    assert "Marshal against bandits" in result.output


def test_the_marshals_two_win_rates_are_explained_on_screen() -> None:
    """With Guilty Conscience the Marshal can win with the poorest bandit: the table of
    characters counts such a game as half a win for each, the Marshal against the bandits
    as a whole win. Both figures are on screen, with a line saying how many such games
    there were and how each table counts them; they differ by exactly that."""
    args = ["simulate", "--preset", "marshal-prisoners", "--players", "3", "--games", "12",
            "--agents", "heuristic", "--seed", "2",
            "--stations", "guilty-conscience,deadly-fall,crime-doesnt-pay"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).output)
    shared = data["marshal_shared_wins"]
    assert shared >= 2  # this seed has such games
    side = data["role_stats"][0]
    character = next(c for c in data["character_stats"] if c["name"] == "marshal")
    assert side["name"] == "Marshal" and side["games"] == character["games"] == 12
    assert side["wins"] - character["wins"] == pytest.approx(shared / 2)
    screen = runner.invoke(app, args)
    assert screen.exit_code == 0, screen.output
    text = " ".join(screen.output.split())
    assert f"the Marshal │ 12 │ {interval_text(character['win_rate'], *character['ci95'])}" in text
    assert f"Marshal │ 12 │ {interval_text(side['win_rate'], *side['ci95'])}" in text
    assert (f"The Marshal won {shared} games with the poorest bandit (Guilty Conscience): "
            "a whole win each here, half a win each among the characters above.") in text
    assert "A win shared by several players counts as a share for each" in text


def test_simulate_with_chosen_round_cards_and_stations() -> None:
    """mp.optional.choose-round-and-station-cards from the command line; a wrong name gets
    a clear error naming it."""
    rounds = "safekeeping,rumors,reflex-action,braking,swivel-arm,take-it-all,no-event-rainy"
    result = runner.invoke(app, [
        "simulate", "--preset", "marshal-prisoners", "--games", "2", "--json",
        "--round-cards", rounds, "--stations", "guilty-conscience,deadly-fall,crime-doesnt-pay",
    ])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["options"]["round_pool"] == rounds.split(",")
    bad = runner.invoke(app, ["simulate", "--preset", "marshal-prisoners", "--games", "1",
                              "--round-cards", "safekeeping,rumorz"])
    assert bad.exit_code == 2 and "unknown: rumorz" in bad.output
    assert "Reflex Action" in bad.output and "no-event" not in bad.output  # printed names
    printed = runner.invoke(app, [
        "simulate", "--preset", "marshal-prisoners", "--games", "1", "--json", "--stations",
        "Guilty Conscience,deadly fall,Crime Doesn't Pay!",
    ])
    assert printed.exit_code == 0, printed.output
    assert json.loads(printed.output)["options"]["station_pool"] == [
        "guilty-conscience", "deadly-fall", "crime-doesnt-pay"]
    twice = runner.invoke(app, ["simulate", "--preset", "marshal-prisoners", "--games", "1",
                                "--stations", "deadly-fall,deadly-fall,pickpocketing"])
    assert twice.exit_code == 2 and "named twice: Deadly Fall" in twice.output


# ---------------------------------------------------------------------------- Horses & Stagecoach

HS = Options.preset("horses-stagecoach", players=3)


def test_stagecoach_stats_on_a_known_case() -> None:
    """Four games: the stagecoach's strongbox ends with seat 1 (who wins) and with seat 0
    (who does not), then stays unclaimed twice; hostages, ransoms and the caught counted."""
    specs = [parse_agent("heuristic"), parse_agent("random"), parse_agent("random")]

    def game(i: int, box: int | None, winners: list[int], ransoms: tuple[int, ...],
             hostages: tuple[tuple[str, ...], ...], caught: tuple[int, ...] = (),
             punched: bool = True) -> GameOutcome:
        return GameOutcome(i, i, [0, 1, 2], ["belle", "doc", "tuco"], [1000, 900, 800],
                           winners, 50, details=ColtDetails(stagecoach=Stagecoach(
                               box, punched, ransoms, hostages, caught)))

    outcomes = [
        game(0, 1, [1], (0, 1000, 0), ((), ("banker",), ())),
        game(1, 0, [2], (900, 0, 0), (("minister",), (), ())),
        game(2, None, [0], (0, 800, 250), ((), ("teacher",), ("poker-player",)), caught=(1,)),
        game(3, None, [], (0, 0, 0), ((), (), ()), caught=(0, 1, 2), punched=False),
    ]
    report = TournamentReport(HS, specs, 4, 0, outcomes)
    coach = stagecoach_stats(report)
    assert coach is not None
    assert coach["games"] == 4 and coach["strongbox_taken"] == 2
    assert coach["strongbox_taken_rate"] == 0.5
    low, high = wilson(2, 4)
    assert coach["strongbox_ci95"] == [round(low, 4), round(high, 4)]
    assert coach["strongbox_holder_win_rate"] == 0.5  # seat 1 won game 0, seat 0 lost game 1
    assert coach["shotgun_punched_rate"] == 0.75
    assert coach["hostages_per_game"] == 1.0
    assert coach["mean_ransom"] == pytest.approx((1000 + 900 + 800 + 250) / 4, abs=0.1)
    assert coach["caught"] == 4 and coach["caught_rate"] == pytest.approx(4 / 12, abs=1e-4)
    assert coach["games_with_caught"] == 2 and coach["games_without_winner"] == 1
    teacher = next(h for h in coach["hostages"] if h["name"] == "teacher")
    assert teacher == {"name": "teacher", "held": 1, "mean_ransom": 800.0,
                       "holder_win_rate": 0.0}
    assert report.to_dict()["stagecoach"] == coach
    assert stagecoach_stats(TournamentReport(THREE, specs, 0, 0, [])) is None


def test_the_stagecoach_strongbox_is_found_and_followed_in_the_views() -> None:
    """The token on the stagecoach's roof at setup is the strongbox followed; it counts as
    taken by the seat whose bandit holds it, never by the Marshal player's figure."""
    game = Game.new(HS, seed=2)
    roof = game.floor_loot[2 * (game.last + 1) + 1]
    token = stagecoach_strongbox(game.view(None))
    assert token is not None and token in roof and game.loot_kind[token] == STRONGBOX
    assert game.hs is not None and token == game.hs.guarded  # the Shotgun's
    assert loot_holder(game.view(None), token) is None
    roof.remove(token)
    game.held[2].append(token)
    assert loot_holder(game.view(None), token) == game.seat_of[2]
    assert stagecoach_strongbox(game.view(None)) is None  # no longer on the roof
    both = Game.new(Options.preset("both-expansions", players=4), seed=2)
    assert both.mp is not None
    box = stagecoach_strongbox(both.view(None))
    assert box is not None
    both.floor_loot[2 * (both.last + 1) + 1].remove(box)
    both.held[both.mp.marshal].append(box)
    assert loot_holder(both.view(None), box) is None


def test_a_games_strongbox_holder_matches_the_replayed_game() -> None:
    """Over several bot games, the strongbox holder reported equals the one read from the
    replayed game's state (the strongbox token placed on the stagecoach's roof at setup),
    and both outcomes (taken and not) occur."""
    specs = [parse_agent("heuristic")] * 3
    seen = set()
    for index in range(8):
        outcome = play_game(HS, specs, index, 13, keep_record=True)
        assert outcome.error is None and isinstance(outcome.details, ColtDetails)
        coach = outcome.details.stagecoach
        assert coach is not None
        record = outcome.record
        assert record is not None
        start = Game.new(Options.from_dict(record["options"]), seed=record["seed"])
        token = next(t for t in start.floor_loot[2 * (start.last + 1) + 1]
                     if start.loot_kind[t] == STRONGBOX)
        final = Game.replay(record)
        holders = [final.seat_of[b] for b in range(final.n_bandits) if token in final.held[b]]
        expected = holders[0] if holders else None
        assert coach.strongbox == expected
        assert coach.ransoms == tuple(record["result"]["ransoms"])
        seen.add(expected is None)
    assert seen == {True, False}


def test_simulate_reports_the_stagecoach() -> None:
    out = runner.invoke(app, ["simulate", "--preset", "horses-stagecoach", "--games", "4",
                              "--agents", "heuristic", "--seed", "3", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["errors"] == 0 and data["players"] == 4
    coach = data["stagecoach"]
    assert coach["games"] == 4 and 0 <= coach["strongbox_taken_rate"] <= 1
    assert {s["name"] for s in data["character_stats"]} <= {
        "belle", "cheyenne", "django", "doc", "ghost", "tuco"}
    table = runner.invoke(app, ["simulate", "--preset", "both-expansions", "--games", "2",
                                "--agents", "heuristic,random,random,random,heuristic"])
    assert table.exit_code == 0, table.output
    assert "the stagecoach" in table.output and "strongbox taken" in table.output
    assert "Marshal against bandits" in table.output
    plain = runner.invoke(app, ["simulate", "--players", "3", "--games", "2", "--json"])
    assert json.loads(plain.output)["stagecoach"] is None


@pytest.mark.parametrize(("preset", "players"), [("horses-stagecoach", 4),
                                                 ("both-expansions", 5)])
def test_bench_plays_the_expansions(preset: str, players: int) -> None:
    """colt bench on the expansions' presets, at the preset's player count by default."""
    out = runner.invoke(app, ["bench", "--preset", preset, "--seconds", "0.3", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["preset"] == preset and data["players"] == players
    assert data["games"] >= 1 and data["steps_per_second"] > 0


def test_bench_table_reads_in_words() -> None:
    """colt bench's table gives each figure of its JSON a label in words: no key of the
    JSON spelt out ('clone us'), no 'quiet │ False' row (a line says so under the table);
    --json keeps its keys."""
    args = ["bench", "--seconds", "0.3", "--quiet", "--updates"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).output)
    assert {"quiet", "clone_us", "apply_us", "update_ms_per_move"} <= set(data)
    assert set(data) <= set(BENCH_ROWS) | set(BENCH_UNSHOWN)  # every figure has its words
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    labels = [line.split("│")[1].strip() for line in out.output.splitlines()
              if line.startswith("│")]
    assert labels == [BENCH_ROWS[key] for key in BENCH_ROWS if key in data]
    spelt = {key.replace("_", " ") for key in data if key.replace("_", " ") != BENCH_ROWS.get(key)}
    assert not spelt & set(labels), spelt & set(labels)
    assert "False" not in out.output and "quiet" not in out.output
    assert "Played without building events, as search roll-outs do." in out.output


# ---------------------------------------------------------------------------- Colt Super Express

SE4 = SuperOptions.preset("standard", players=4)


def _super_game(i: int, out: tuple[str | None, ...], winners: list[int], rounds: int = 4,
                saved: tuple[int, ...] = (0, 0, 0, 0), ending: str = "last aboard"
                ) -> GameOutcome:
    aboard = [float(o is None) for o in out]
    return GameOutcome(i, i, [0, 1, 2, 3], ["belle", "doc", "tuco", "mei"], [0, 0, 0, 0],
                       winners, 40, {"mean_loot_cards": [1, 0, 2, 0], "aboard_rate": aboard},
                       SuperDetails(rounds, out, (None,) * 4, saved, ending))


def test_super_express_stats_on_a_known_case() -> None:
    """Three games: the ways out of the game counted per bandit with their intervals,
    rounds, the Horse's saves, the endings and shared wins; per agent, Loot cards and who
    is still aboard."""
    specs = [parse_agent("heuristic")] + [parse_agent("random")] * 3
    outcomes = [
        _super_game(0, (None, "caboose", "shot off", "walked off"), [0], rounds=3,
                    saved=(1, 0, 0, 0)),
        _super_game(1, (None, None, "caboose", "caboose"), [1], rounds=5, ending="loot cards"),
        _super_game(2, ("shot off", "shot off", None, "walked off"), [2], saved=(0, 0, 2, 0)),
    ]
    report = TournamentReport(SE4, specs, 3, 0, outcomes)
    data = report.to_dict()
    se = data["super_express"]
    assert se["games"] == 3 and se["mean_rounds"] == 4.0
    assert se["rounds"] == {"3": 1, "4": 1, "5": 1}
    assert {k: v["count"] for k, v in se["eliminated"].items()} == {
        "caboose": 3, "shot off": 3, "walked off": 2}
    low, high = wilson(3, 12)
    assert se["eliminated"]["caboose"]["ci95"] == [round(low, 4), round(high, 4)]
    assert se["saved_by_horse"] == 3 and se["saved_per_game"] == 1.0
    assert se["endings"] == {"last aboard": 2, "loot cards": 1, "all out": 0}
    assert se["shared_wins"] == 0
    heuristic = data["agent_stats"][0]
    assert heuristic["name"] == "heuristic" and heuristic["games"] == 3  # seats not rotated
    assert heuristic["mean_loot_cards"] == 1.0 and heuristic["aboard_rate"] == pytest.approx(
        2 / 3, abs=1e-4)
    assert "stagecoach" not in data and "role_stats" not in data
    titles = [s.title for s in report.sections()]
    assert titles == ["the train"]


def test_super_express_tally_matches_the_games_events(tmp_path: Path) -> None:
    """Over bot games with the Horse, each bandit's way out is the one the replayed game's
    events show (the caboose carried him off, a shot or a Move put him off an end); a
    bandit still aboard has none; the Horse's saves are the events' saves."""
    specs = [parse_agent("heuristic"), parse_agent("random"), parse_agent("easy"),
             parse_agent("random"), parse_agent("random")]
    options = SuperOptions.preset("reflex-horse", players=5)
    report = run_tournament(options, specs, games=10, seed=4, save_dir=tmp_path)
    assert report.errors == 0
    seen: set[str] = set()
    for outcome, path in zip(report.outcomes, sorted(tmp_path.glob("game-*.json")), strict=True):
        record = json.loads(path.read_text())
        assert record["game"] == "super-express" and record["agents"][0] == str(
            specs[outcome.entries[0]])
        assert replay_any(record).result()["totals"] == outcome.totals == record["result"][
            "totals"]
        game = SuperGame.new(options, seed=record["seed"])
        events = []
        for action in record["actions"]:
            events += game.apply(action)
        details = outcome.details
        assert isinstance(details, SuperDetails)
        result = game.result()
        assert details.rounds == game.round_no + 1
        assert details.out_round == tuple(result["out_round"])
        for seat, cause in enumerate(details.out):
            name = game.chars[seat]
            assert (cause is None) == result["aboard"][seat]
            carried = any(e.kind == "caboose-off" and name in e.data["bandits"] for e in events)
            assert (cause == "caboose") == carried
            if cause == "shot off":
                assert any(e.kind == "shot-off" and e.data["bandit"] == name for e in events)
            if cause == "walked off":
                assert any(e.kind == "move-off" and e.data["bandit"] == name for e in events)
            if cause:
                seen.add(cause)
        assert sum(details.saved) == sum(1 for e in events if e.kind == "saved")
    assert seen == {"caboose", "shot off", "walked off"}


def test_super_express_parallel_jobs_give_the_serial_results() -> None:
    specs = [parse_agent("heuristic")] + [parse_agent("random")] * 3
    serial = run_tournament(SE4, specs, games=6, seed=3)
    parallel = run_tournament(SE4, specs, games=6, seed=3, jobs=2)
    assert serial.outcomes == parallel.outcomes


def test_simulate_plays_super_express() -> None:
    out = runner.invoke(app, ["simulate", "--game", "super-express", "--preset", "reflex-horse",
                              "--players", "5", "--games", "4", "--agents", "heuristic",
                              "--seed", "3", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["game"] == "super-express" and data["errors"] == 0 and data["players"] == 5
    assert data["options"]["reflex"] and data["options"]["horse"]
    assert data["preset"] == "reflex-horse"
    line = data["agent_stats"][0]
    assert {"win_rate", "ci95", "mean_loot_cards", "aboard_rate"} <= set(line)
    assert {s["name"] for s in data["character_stats"]} <= {
        "belle", "cheyenne", "django", "doc", "ghost", "mei", "tuco"}
    assert data["super_express"]["games"] == 4
    assert sum(data["wins_per_seat"]) == pytest.approx(4)
    table = runner.invoke(app, ["simulate", "--game", "super-express", "--players", "3",
                                "--games", "3", "--agents", "heuristic,random,easy"])
    assert table.exit_code == 0, table.output
    for text in ("Colt Super Express", "95% CI", "Loot cards", "win rate by character",
                 "the train", "out with the caboose", "shot off an end", "saved by a Horse"):
        assert text in table.output, text
    assert "Gunslinger" not in table.output


def test_simulate_plots_super_express(tmp_path: Path) -> None:
    plot = tmp_path / "rates.png"
    out = runner.invoke(app, ["simulate", "--game", "super-express", "--games", "3",
                              "--agents", "heuristic,random,random,random", "--plot", str(plot)])
    assert out.exit_code == 0, out.output
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_rejects_bad_super_express_arguments() -> None:
    cases = [
        (["--players", "8"], "3 to 7 players"),
        (["--preset", "expert"], "unknown preset 'expert'"),
        (["--round-cards", "braking"], "options of Colt Express"),
        (["--characters", "belle,doc"], "4 characters are needed"),
    ]
    for args, message in cases:
        out = runner.invoke(app, ["simulate", "--game", "super-express", "--games", "1", *args])
        assert out.exit_code == 2 and message in out.output, (args, out.output)
    out = runner.invoke(app, ["simulate", "--game", "super-duper", "--games", "1"])
    assert out.exit_code == 2 and "unknown game 'super-duper'" in out.output
    assert "colt-express, super-express" in out.output


def test_bench_plays_super_express() -> None:
    out = runner.invoke(app, ["bench", "--game", "super-express", "--players", "4",
                              "--preset", "reflex-horse", "--seconds", "0.3", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["game"] == "super-express" and data["players"] == 4
    assert data["preset"] == "reflex-horse"
    assert data["games"] >= 1 and data["steps_per_second"] > 0 and data["clone_us"] > 0
    table = runner.invoke(app, ["bench", "--game", "super-express", "--seconds", "0.2"])
    assert table.exit_code == 0, table.output
    title = " ".join(table.output.split())
    assert "Colt Super Express, 4 players" in title and "copy of a game (µs)" in title
    colt = json.loads(runner.invoke(app, ["bench", "--seconds", "0.2", "--json"]).output)
    assert colt["game"] == "colt-express"


@pytest.mark.parametrize(("game", "preset"), [("colt-express", "marshal-prisoners"),
                                               ("super-express", "standard")])
def test_bench_updates_builds_what_the_server_sends(game: str, preset: str) -> None:
    """colt bench --updates: each move's updates for every seat and a spectator, built by
    the render worker's code; its bytes are those updates' (each carries a whole view),
    then as patches."""
    out = runner.invoke(app, ["bench", "--game", game, "--preset", preset, "--seconds", "0.3",
                              "--updates", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["update_moves"] >= 1 and data["update_ms_per_move"] > 0
    from coltexpress.server.kinds import table_game

    kind = table_game(game)
    g = kind.new(kind.options(preset, {}).to_dict(), 1)
    one_view = len(json.dumps(g.view(None)))
    assert data["update_bytes_per_move"] > (data["players"] + 1) * one_view
    # as patches (what the browser takes): each moment's change, a fraction of the bytes
    assert data["patch_moves"] >= 1 and data["patch_ms_per_move"] > 0
    assert 0 < data["patch_bytes_per_move"] * 3 < data["update_bytes_per_move"]
    plain = json.loads(runner.invoke(app, ["bench", "--game", game, "--seconds", "0.1",
                                           "--json"]).output)
    assert "update_moves" not in plain
