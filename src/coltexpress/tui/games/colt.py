"""Colt Express at the terminal (the base game and its expansions): the words come from
``coltexpress.words`` (``base`` and the expansions' modules), the board from ``colt_board``."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from ...engine import names
from ...words import base, common, horses_stagecoach, marshal_prisoners
from . import colt_board
from .base import EndTable, GameFront

__all__ = ["ColtFront"]

WIDE_HEIGHT = 40  # from this many rows on, the full board
MP_EXTRA = 10  # ... rows more with Marshal & Prisoners (its panel; the choices keep room)
HS_CROWD_EXTRA = 4  # ... and with Horses & Stagecoach at 6 players or more

COMMANDS = (
    "Commands: a number or an action in notation to choose; 'why N' explains option N; "
    "'options' lists the choices again; 'hand', 'train', 'players', 'pile', 'log' describe "
    "the game ('marshal' too, in Marshal & Prisoners; 'stagecoach' in Horses & "
    "Stagecoach); 'notation' shows or hides the "
    "engine's notation; 'help' or 'help TOPIC' (also 'rules TOPIC'; a card, power, turn "
    "type or event) explains the rules; 'save FILE' saves; 'quit' stops."
)


def _expansions(options: Any) -> tuple[bool, bool]:
    return bool(options.marshal_prisoners), bool(options.horses_stagecoach)


class ColtFront(GameFront):
    """Colt Express, with Marshal & Prisoners and Horses & Stagecoach."""

    name = "colt-express"
    title = "Colt Express"
    notation_example = "play move"
    resolve_frame = "stealin"
    pause_kinds = frozenset({"reveal", "event", "stealin"})
    # Events that are a player's Schemin' turn (their turn's header is said before them).
    turn_kinds = frozenset({"play", "draw", "draw-idea", "no-turn"})
    headlines = ("Round ", "Stealin'", "Event:", "Train station:")
    commands = COMMANDS

    def wide_height(self, options: Any) -> int:
        """More rows with Marshal & Prisoners' panel (with or without Horses & Stagecoach),
        and with the stagecoach's row beside a train of 6 players or more: the full board
        leaves the choices room for a whole Schemin' list and its help."""
        if options.marshal_prisoners:
            return WIDE_HEIGHT + MP_EXTRA
        if options.horses_stagecoach and options.players >= 6:
            return WIDE_HEIGHT + HS_CROWD_EXTRA
        return WIDE_HEIGHT

    # -- words ------------------------------------------------------------------------
    def choices(self, view: dict[str, Any]) -> list[dict[str, str]]:
        return base.choices(view)

    def label(self, action: str, view: dict[str, Any] | None = None) -> str:
        return base.label(action, view)

    def situation(self, view: dict[str, Any], *, header: bool = True) -> str:
        return base.situation(view, header=header)

    def turn_header(self, view: dict[str, Any]) -> str | None:
        if view["round_card"] is None:
            return None
        return base.situation(view).partition(". ")[0]

    def before_rounds(self, view: dict[str, Any]) -> bool:
        # Horses & Stagecoach: the Horse Attack comes before the first round.
        return view["round_card"] is None

    def hand_sentence(self, view: dict[str, Any]) -> str:
        return base.hand_sentence(view)

    def train_lines(self, view: dict[str, Any]) -> list[str]:
        return base.with_you(view, base.train_lines(view))

    def figure_lines(self, view: dict[str, Any]) -> list[str]:
        return base.figure_lines(view)

    def round_news(self, view: dict[str, Any]) -> list[tuple[str, list[str]]]:
        news = []
        if view.get("mp"):
            news.append(("Marshal & Prisoners", marshal_prisoners.lines(view)))
        if view.get("hs"):
            news.append(("Horses & Stagecoach", horses_stagecoach.lines(view)))
        return news

    def pile_lines(self, view: dict[str, Any]) -> list[str]:
        pile = view["pile"]
        if not pile:
            return ["The pile is empty."]
        lines = []
        for n, card in enumerate(pile, 1):
            what = "face down" if card["card"] is None else names.card(card["card"], owner=False)
            state = ", resolved" if card["resolved"] else ""
            lines.append(f"  {n}. {names.bandit(card['bandit'])}: {what}{state}")
        return lines

    def round_summary(
        self, before: dict[str, Any], after: dict[str, Any], events: list[Any],
        closing: list[Any],
    ) -> list[str]:
        return base.round_summary(before, after, events)

    def last_round(self, view: dict[str, Any], after: dict[str, Any]) -> bool:
        return bool(view["round"] == 5)

    def result_lines(self, view: dict[str, Any]) -> list[str]:
        return base.result_lines(view)

    def end_lines(self, view: dict[str, Any]) -> list[str]:
        return base.end_lines(view)

    def player_name(self, view: dict[str, Any], seat: int) -> str:
        return names.player(view["players"][seat]["bandits"])

    def figures_of(self, view: dict[str, Any], seat: int) -> list[str]:
        return list(view["players"][seat]["bandits"])

    def players_screen(
        self, view: dict[str, Any], who: dict[int, str]
    ) -> tuple[str, list[str]]:
        title, lines = super().players_screen(view, who)
        title = "Players and train"
        if view.get("mp"):
            lines += ["", *marshal_prisoners.lines(view)]
            title = "Players, train, Marshal & Prisoners"
        if view.get("hs"):
            lines += ["", *horses_stagecoach.lines(view)]
            title += ", Horses & Stagecoach"
        return title, lines

    def plain_command(self, word: str, view: dict[str, Any]) -> list[str] | None:
        if word in ("marshal", "prisoners", "goals"):
            return marshal_prisoners.lines(view) or ["There is no Marshal player in this game."]
        if word in ("stagecoach", "coach", "hostages", "horses", "shotgun"):
            lines = horses_stagecoach.train_lines(view) + horses_stagecoach.lines(view)
            return lines or ["There is no stagecoach in this game."]
        return None

    # -- rules help -------------------------------------------------------------------
    def help_topics(self, options: Any) -> dict[str, dict[str, str]]:
        return base.help_topics(*_expansions(options))

    def overview(self) -> str:
        return str(names.names()["overview"])

    def lookup(self, options: Any, topic: str) -> str:
        return base.lookup(topic, *_expansions(options))

    def help_text(self, options: Any) -> str:
        return base.help_text(*_expansions(options))

    # -- the board --------------------------------------------------------------------
    def status(self, view: dict[str, Any]) -> RenderableType:
        return colt_board.status(view)

    def train(self, view: dict[str, Any], *, compact: bool = False) -> RenderableType:
        return colt_board.train(view, compact=compact)

    def players(self, view: dict[str, Any], who: dict[int, str]) -> RenderableType:
        return colt_board.players(view, who)

    def extra(self, view: dict[str, Any]) -> RenderableType | None:
        return colt_board.mp_panel(view) if view.get("mp") else None

    def pile(self, view: dict[str, Any], *, compact: bool = False) -> RenderableType:
        return colt_board.pile(view, compact=compact)

    def hand(self, view: dict[str, Any] | None) -> RenderableType:
        return colt_board.hand(view)

    def choice_title(self, view: dict[str, Any]) -> str:
        bandit = view.get("actor_bandit")
        two = len(view["players"][view["actor"]]["bandits"]) > 1
        whose = f" for {names.bandit(bandit)}" if bandit and two else ""
        tag = base.turn_tag(view)
        return f"Your choice{whose}" + (f" · {tag}" if tag else "")

    def end_parts(
        self, view: dict[str, Any], who: dict[int, str]
    ) -> tuple[str, list[Text | str | EndTable]]:
        if view.get("mp"):
            return _mp_end_parts(view)
        lines = base.end_lines(view)
        rows = base.score_rows(view)
        parts: list[Text | str | EndTable] = []
        totals = ("You:", *(r["bandits"] + ":" for r in rows))
        for line in lines[1:]:
            if not line.startswith(totals) and not _ends_with(line):
                parts.append(line)
        hs = "ransom" in rows[0]  # Horses & Stagecoach: ransoms, stations, who was caught
        columns = ["", "bandits", "loot", "fired", "Gunslinger", "total", "hit"]
        if hs:  # (narrow headers: the table fits 80 columns)
            columns[4:5] = ["Gunsl.", "ransom", "stations"]
        table = EndTable(columns)
        for r in rows:
            cells = [
                "WINNER" if r["winner"] else "caught" if r.get("cannot_win") else "",
                r["bandits"] + (" (you)" if r["you"] else ""),
                f"${r['loot']:,}",
                str(r["shots"]),
                "$1,000" if r["gunslinger"] else "",
                common.money(r["total"]),
                str(r["received"]),
            ]
            if hs:
                cells[5:5] = [
                    f"${r['ransom']:,}" if r["hostages"] else "",
                    common.money(r["stations"]) if r["stations"] else "",
                ]
            table.rows.append(cells)
        parts.append(table)
        legend = "fired: bullets shot; hit: bullet cards received."
        if hs:
            legend += (
                " Gunsl.: Gunslinger; ransom: the hostage's; stations: money the train "
                "stations gave or took; caught: at the Escape station, cannot win."
            )
        parts.append(Text(legend, style="dim"))
        parts += [line for line in lines if " ends with " in line]
        return "GAME OVER. " + lines[0], parts


def _ends_with(line: str) -> bool:
    """A line of what a bandit ends with (shown in the table instead)."""
    return " ends with " in line or (line.startswith("You (") and " end with " in line)


def _mp_end_parts(view: dict[str, Any]) -> tuple[str, list[Text | str | EndTable]]:
    """Marshal & Prisoners: who wins, the Marshal's goals done and not done, then each
    bandit's money with the Wanted Poster, prisoner and Brawler prizes."""
    lines = marshal_prisoners.end_lines(view)
    rows = marshal_prisoners.score_rows(view)
    result = view["result"]
    money = tuple(("You" if r["you"] else r["bandits"]) + ":" for r in rows)
    parts: list[Text | str | EndTable] = []
    for line in lines[1:]:
        if line.startswith("  "):
            done = line.strip().startswith("Done:")
            parts.append(Text(line, style="green" if done else "red"))
        elif not line.startswith((*money, "Bullets fired")) and not _ends_with(line):
            parts.append(Text(line, style="bold"))
    hs = "ransom" in rows[0]  # both expansions: the hostages' ransoms, the stations'
    # narrow headers: the table fits 80 columns; the legend below says them in full
    columns = ["", "player", "loot", "Gunsl.", "Poster", "Prisoner", "Brawler", "total", "hit"]
    if hs:  # one column more: the hostage's ransom with the stations' money
        columns = ["", "player", "loot", "Gunsl.", "Poster", "Pris.", "Brawl.", "Ransom",
                   "total", "hit"]
    table = EndTable(columns)
    for r in rows:
        name = r["bandits"]
        if hs and r["marshal"]:
            name = name.removeprefix("The ")  # (narrow: the table fits 80 columns)
        flag = "✓" if r["winner"] else "✗" if r["cannot_win"] else ""  # (★: the Marshal)
        flag = f"{flag} you".strip() if r["you"] else flag
        if r["marshal"]:
            goals = f"{result['goals_done']}/{len(result['goals'])}"
            table.rows.append([flag, name] + [""] * (len(columns) - 4) + [goals,
                                                                        str(r["received"])])
            continue
        cells = [
            flag,
            name,
            f"${r['loot']:,}",
            "$1,000" if r["gunslinger"] else "",
            f"${r['posters']:,}" if r["posters"] else "taken",
            f"${r['prisoners']:,}" if r["prisoners"] else "",
            f"${r['brawlers']:,}" if r["brawlers"] else "",
            common.money(r["total"]),
            str(r["received"]),
        ]
        if hs:
            extra = r["ransom"] + r["stations"]
            cells[7:7] = [common.money(extra) if r["hostages"] or extra else ""]
        table.rows.append(cells)
    parts.append(table)
    legend = (
        "✓ winner; ✗ cannot win; the Marshal's total: goals done; Gunsl.: Gunslinger; "
        "Poster: Wanted Poster, or taken by the Marshal; Prisoner: a trusty sidekick; "
        "Brawler: Brawler cards; hit: bullet cards received."
    )
    if hs:
        legend = legend.replace("Prisoner:", "Pris.: Prisoner,").replace(
            "Brawler: Brawler", "Brawl.: Brawler")
        legend += (" Ransom: the hostage's ransom, with the money the train stations "
                   "gave or took.")
    parts.append(Text(legend, style="dim"))
    parts += [line for line in lines
              if line.startswith(money) or line.startswith("Bullets fired") or (
                  " ends with " in line)]
    return "GAME OVER. " + lines[0], parts
