"""Dump every word a player can read over seeded games of every preset of both games.

For each step of each game: every event's sentence for the spectator and for each seat's
reader, and for every seat's view (and the spectator's): the terminal front's words
(choices with labels, hints and keys, situation, turn header, hand, train, figures, round
news, pile, plain commands, round summaries, result and end lines, the board rendered as
text), the browser's words (``captions``, the step's card, round summary, rules panel,
options summary) and the rules help. Used to check that a change of where the words live
changes none of them:

    .venv/bin/python scripts/dump_words.py > /tmp/words-before.txt
    ... change ...
    .venv/bin/python scripts/dump_words.py > /tmp/words-after.txt
    cmp /tmp/words-before.txt /tmp/words-after.txt

``--seeds N`` plays N seeds per preset (default 2); ``--stats`` writes the counts to stderr.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
from typing import Any

from rich.console import Console

from coltexpress.games import GAMES, game_of, new_game
from coltexpress.server.kinds import table_game
from coltexpress.server.messages import reader_of
from coltexpress.tui.games import front

BOARD_EVERY = 7  # the board (rich renderables) is drawn every so many steps: it is slow


def _j(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


class Dump:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.steps = 0
        self.games = 0

    def put(self, tag: str, value: Any) -> None:
        self.lines.append(f"{tag}\t{value if isinstance(value, str) else _j(value)}")


def _render(renderable: Any) -> str:
    console = Console(width=110, record=True, color_system=None, force_terminal=False,
                      file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def _seat_views(game: Any) -> list[tuple[int | None, dict[str, Any]]]:
    return [(seat, game.view(seat)) for seat in [None, *range(game.options.players)]]


def _tui_words(d: Dump, fr: Any, game: Any, view: dict[str, Any], step: int) -> None:
    d.put("choices", fr.choices(view))
    d.put("situation", fr.situation(view))
    d.put("situation-noheader", fr.situation(view, header=False))
    d.put("turn-header", fr.turn_header(view))
    d.put("hand", fr.hand_sentence(view))
    d.put("train", fr.train_lines(view))
    d.put("figures", fr.figure_lines(view))
    d.put("news", fr.round_news(view))
    d.put("pile", fr.pile_lines(view))
    who = {s: f"P{s}" for s in range(len(view["players"]))}
    d.put("players", fr.players_screen(view, who))
    for word in ("marshal", "stagecoach", "hostages"):
        d.put(f"cmd-{word}", fr.plain_command(word, view))
    for c in fr.choices(view):
        d.put("label-noview", fr.label(c["action"]))
    if "result" in view:
        d.put("result", fr.result_lines(view))
        d.put("end", fr.end_lines(view))
        title, parts = fr.end_parts(view, who)
        d.put("end-parts", [title, *[p if isinstance(p, str) else _render(p)
                                      if not hasattr(p, "rows") else repr(p) for p in parts]])
    if step % BOARD_EVERY == 0 or "result" in view:
        board = [fr.status(view), fr.train(view), fr.train(view, compact=True),
                 fr.players(view, who), fr.pile(view), fr.pile(view, compact=True),
                 fr.hand(view), fr.extra(view)]
        d.put("board", [None if b is None else _render(b) for b in board])
        d.put("choice-title", fr.choice_title(view) if view.get("actor") is not None else None)


def play(d: Dump, name: str, preset: str, players: int, seed: int) -> None:
    fr = front(name)
    tg = table_game(name)
    game = new_game(name, preset, players=players, seed=seed)
    rng = random.Random(seed)
    d.games += 1
    d.put("game", [name, preset, players, seed])
    d.put("help-topics", fr.help_topics(game.options))
    d.put("help-text", fr.help_text(game.options))
    d.put("overview", fr.overview())
    for topic in ("Belle", "Move", "Tunnel", "Flip", "Fire", "Horse", "hostage", "Marshal"):
        try:
            d.put(f"lookup-{topic}", fr.lookup(game.options, topic))
        except KeyError as e:
            d.put(f"lookup-{topic}", f"KeyError {e}")
    d.put("rules", tg.rules(game.options.to_dict()))
    d.put("options-summary", tg.options_summary(game.options.to_dict()))
    readers = [reader_of(v) for _, v in _seat_views(game)]
    for e in game.events:
        d.put("event", [e.seat, [e.text(r) for r in readers]])
    round_start = dict(_seat_views(game))
    round_events: list[Any] = []
    step = 0
    while not game.is_over:
        step += 1
        d.steps += 1
        views = _seat_views(game)
        for seat, view in views:
            d.put("seat", seat)
            _tui_words(d, fr, game, view, step)
            d.put("captions", tg.captions(view))
            for c in fr.choices(view):
                d.put("label", tg.label(c["action"], view))
        legal = list(game.legal_ids())
        index = legal[rng.randrange(len(legal))]
        action = game.legal_actions()[legal.index(index)]
        d.put("action", str(action))
        before = game.clone()
        round_no = game.view(None)["round"]
        frames = game.apply_frames(action)
        for i, frame in enumerate(frames):
            d.put("frame", frame.kind)
            d.put("step-card", tg.step_card(frame.events, before if i == 0 else None))
            for e in frame.events:
                d.put("event", [e.seat, [e.text(r) for r in readers]])
            round_events += frame.events
        new_round = game.view(None)["round"] != round_no
        if new_round or game.is_over:
            for seat, view in _seat_views(game):
                start = round_start[seat]
                d.put("round-summary-front", fr.round_summary(start, view, round_events, []))
                d.put("round-summary-server", tg.round_summary(start, view, round_events, []))
            round_start = dict(_seat_views(game))
            round_events = []
    for seat, view in _seat_views(game):
        d.put("seat", seat)
        _tui_words(d, fr, game, view, step)
        d.put("captions", tg.captions(view))
    d.put("result", game.result())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--stats", action="store_true")
    args = parser.parse_args()
    d = Dump()
    for name in GAMES:
        kind = game_of(name)
        tg = table_game(name)
        d.put("presets", tg.presets)
        d.put("rules-all", tg.rules(None))
        for preset in kind.presets:
            for s in range(args.seeds):
                low, high = kind.players
                opts = kind.options(preset)
                players = opts.players if s == 0 else low + (s * 3 + len(preset)) % (high - low + 1)
                try:
                    kind.options(preset, players=players)
                except (ValueError, TypeError):
                    players = opts.players
                play(d, name, preset, players, 1000 + 17 * s + len(preset))
    sys.stdout.write("\n".join(d.lines) + "\n")
    if args.stats:
        print(f"games {d.games} steps {d.steps} lines {len(d.lines)}", file=sys.stderr)


if __name__ == "__main__":
    main()
