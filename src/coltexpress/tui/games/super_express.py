"""Colt Super Express at the terminal: its own train drawing and panels; the words come from
``coltexpress.words.super_express``.

The train is drawn from the locomotive (left) to the caboose (right), one column a car, a
roof row and an inside row; a floor's figures stand in order from the locomotive's side,
each with an arrow the way its gun points (``◀Belle`` toward the locomotive, ``Doc▶``
toward the caboose) and ``✕`` when stunned. Under the train: who is falling, who is out,
the Loot cards. Under that, the cards of the round: during the Schemin' phase how many each
player has programmed, during the Shootin' phase every card revealed in the order they come.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...engine import names
from ...words import super_express as words
from ...words.super_express import card
from ..look import Flow, Window, bandit_text
from .base import EndTable, GameFront

__all__ = ["SuperFront", "figure"]

TO_LOCO, TO_CABOOSE, STUNNED = "◀", "▶", "✕"
DOWN, UP = "▮", "▯"  # a card programmed face down; one still to program
COMMANDS = (
    "Commands: a number or an action in notation to choose (program fire); 'why N' "
    "explains option N; 'options' lists the choices again; 'hand', 'train', 'players', "
    "'pile' (the cards of the round), 'log' describe the game; 'notation' shows or hides the "
    "engine's notation; 'help' or 'help TOPIC' (a card, or a rule: Shootin', Line of sight, "
    "Loot cards, ...) explains the rules; 'save FILE' saves; 'quit' stops."
)


def figure(b: dict[str, Any], *, short: bool, me: bool = False) -> Text:
    """A figure: its name with an arrow the way it faces, ``✕`` when stunned."""
    name = bandit_text(b["character"], bold=me, short=short)
    if me:
        name.stylize("underline")
    if b["stunned"]:
        name.stylize("italic")
    text = Text()
    if b["facing"] == "locomotive":
        text.append(TO_LOCO, style="bold")
        text.append_text(name)
    else:
        text.append_text(name)
        text.append(TO_CABOOSE, style="bold")
    if b["stunned"]:
        text.append(STUNNED, style="bold red")
    return text


def _floor(view: dict[str, Any], figures: list[str], *, short: bool) -> Text:
    by_name = {b["character"]: b for b in view["bandits"]}
    line = Text()
    for name in figures:
        if line:
            line.append(" ")
        b = by_name[name]
        line.append_text(figure(b, short=short, me=b["seat"] == view.get("seat")))
    return line


class SuperFront(GameFront):
    """Colt Super Express, with its Reflex and Horse extensions."""

    name = "super-express"
    title = "Colt Super Express"
    notation_example = "program fire"
    resolve_frame = "shootin"
    pause_kinds = frozenset({"reveal", "shootin"})
    headlines = ("Round ", "Shootin'", "End of round", "The game is over")
    commands = COMMANDS

    def frame_view(self, view: dict[str, Any], following: list[Any]) -> dict[str, Any]:
        """The engine's frames of the Shootin' phase show the next card revealed already
        (the card leaves its stack before the event that reveals it marks the frame): until
        its reveal is told, that card is drawn face down, still on its stack."""
        if not following or following[0].kind != "reveal":
            return view
        seat, kind = following[0].data["seat"], following[0].data["card"]
        player = view["players"][seat]
        if kind not in player["revealed"]:  # (each player holds one card of each kind)
            return view
        players = list(view["players"])
        players[seat] = {**player, "revealed": [k for k in player["revealed"] if k != kind],
                         "to_reveal": player["to_reveal"] + 1}
        view = {**view, "players": players}
        if view.get("seat") == seat and "stack" in view:
            view["stack"] = [kind, *view["stack"]]
        return view

    # -- words ------------------------------------------------------------------------
    def choices(self, view: dict[str, Any]) -> list[dict[str, str]]:
        return words.choices(view)

    def label(self, action: str, view: dict[str, Any] | None = None) -> str:
        return words.label(action, view)

    def situation(self, view: dict[str, Any], *, header: bool = True) -> str:
        return words.situation(view, header=header)

    def turn_header(self, view: dict[str, Any]) -> str | None:
        return words.turn_header(view)

    def hand_sentence(self, view: dict[str, Any]) -> str:
        return words.hand_sentence(view)

    def train_lines(self, view: dict[str, Any]) -> list[str]:
        return words.train_lines(view)

    def figure_lines(self, view: dict[str, Any]) -> list[str]:
        return words.figure_lines(view)

    def pile_lines(self, view: dict[str, Any]) -> list[str]:
        return words.pile_lines(view)

    def round_summary(
        self, before: dict[str, Any], after: dict[str, Any], events: list[Any],
        closing: list[Any],
    ) -> list[str]:
        return words.round_summary(before, after, events, closing)

    def result_lines(self, view: dict[str, Any]) -> list[str]:
        return words.result_lines(view)

    def last_round(self, view: dict[str, Any], after: dict[str, Any]) -> bool:
        # A round that ends the game: its end is followed by the game's (the frame of the
        # round's end is then not the last of the move, and shows the game still watched).
        return "result" in after or after.get("decision") == "watch"

    def player_name(self, view: dict[str, Any], seat: int) -> str:
        return names.bandit(view["players"][seat]["bandit"])

    def figures_of(self, view: dict[str, Any], seat: int) -> list[str]:
        return [view["players"][seat]["bandit"]]

    def help_topics(self, options: Any) -> dict[str, dict[str, str]]:
        return words.help_topics(options)

    def overview(self) -> str:
        return words.overview()

    # -- the board --------------------------------------------------------------------
    def status(self, view: dict[str, Any]) -> RenderableType:
        text = Text()
        if view.get("seat") is not None:
            text.append("You: ", style="bold")
            text.append_text(bandit_text(view["players"][view["seat"]]["bandit"], bold=True))
            text.append(" · ")
        text.append(f"Round {view['round']}", style="bold")
        cars = view["caboose"]
        text.append(f": the locomotive and {cars} car{'s' if cars != 1 else ''}"
                    if cars else ": the locomotive alone")
        first = names.bandit(view["players"][view["first_player"]]["bandit"])
        text.append(f" · first player {first}\n")
        text.append(words.situation(view, header=False), style="bold")
        return text

    def train(self, view: dict[str, Any], *, compact: bool = False) -> RenderableType:
        caboose = view["caboose"]
        if compact:
            table = Table(expand=True, box=None, padding=(0, 0), show_edge=False)
        else:
            table = Table(expand=True, show_lines=True, pad_edge=False)
        table.add_column("", width=4 if compact else 6, no_wrap=True)
        for car in view["cars"]:
            n = car["car"]
            if compact:
                head = "LOCO" if n == 0 else "CAB" if n == caboose else f"CAR{n}"
            else:
                head = "LOCOMOTIVE" if n == 0 else f"CABOOSE ({n})" if n == caboose else f"CAR {n}"
            table.add_column(head, justify="center", ratio=1)
        for roof in (True, False):
            cells: list[RenderableType] = [Text("roof" if roof else "in", style="dim")]
            for car in view["cars"]:
                drawn = _floor(view, car["roof"] if roof else car["inside"], short=compact)
                cells.append(drawn if drawn else Text(" "))
            table.add_row(*cells)
        below: list[RenderableType] = [table]
        news = self._below(view, short=compact)
        if news is not None:
            below.append(news)
        below.append(Flow([Text(f"{TO_LOCO}{TO_CABOOSE} facing", style="dim"),
                           Text(f"{STUNNED} stunned", style="dim"),
                           Text("order from the locomotive's side", style="dim")], sep="  "))
        return Group(*below)

    @staticmethod
    def _below(view: dict[str, Any], *, short: bool) -> Flow | None:
        """Who is falling, who is out, the Loot cards: under the train, each bandit whole
        (the line wraps between bandits, never cuts one off)."""
        items: list[Text] = []

        def part(label: str, style: str, entries: list[Text]) -> None:
            # "· Out: Bel (r1)," "Doc (r2)": the label goes with the first bandit
            for n, entry in enumerate(entries):
                lead = Text.assemble("· " if items else "", (label, style)) if n == 0 else ""
                items.append(Text.assemble(lead, entry, "," if n + 1 < len(entries) else ""))

        falling = [b for b in view["bandits"] if b["falling"]]
        if falling:
            part("Falling: ", "bold red", [bandit_text(b["character"], short=short)
                                           for b in falling])
        out = [b for b in view["bandits"] if b["out"]]
        if out:
            part("Out: ", "bold red", [
                Text.assemble(bandit_text(b["character"], short=short),
                              f" (r{b['out_round']})" if short else f" (round {b['out_round']})")
                for b in out
            ])
        looted = [b for b in view["bandits"] if b["loot"]]
        if looted:
            part("Loot cards: ", "bold yellow", [
                Text.assemble(bandit_text(b["character"], short=short),
                              (" " + "+".join(str(t["value"]) for t in b["loot"]), "yellow"))
                for b in looted
            ])
        return Flow(items, sep=" ") if items else None

    def players(self, view: dict[str, Any], who: dict[int, str]) -> RenderableType:
        table = Table(expand=True, box=None, padding=(0, 1))
        # where: the floor, then the place in its line from the locomotive's side
        for column in ("bandit", "player", "where", "facing", "cards", "revealed", "Loot"):
            table.add_column(column, no_wrap=column in ("bandit", "player", "cards"))
        for b, p in zip(view["bandits"], view["players"], strict=True):
            mine = b["seat"] == view.get("seat")
            name = bandit_text(b["character"], bold=mine)
            if b["seat"] == view.get("actor"):
                name = Text("▶ ") + name
            if b["out"] or b["car"] is None:
                place, facing = words.where(view, b), ""
            else:
                place = f"{words.where(view, b)} ({words.place_in_order(view, b, short=True)})"
                facing = words.stance(b).removeprefix("facing the ")
            cards = "" if b["out"] else DOWN * p["programmed"] + UP * (
                words.PROGRAMMED - p["programmed"])
            table.add_row(
                name, who.get(b["seat"], ""), place, facing, cards,
                ", ".join(card(k) for k in p["revealed"]), words.loot_words(b),
            )
        return table

    def pile(self, view: dict[str, Any], *, compact: bool = False) -> RenderableType:
        """The Schemin' phase: how many cards each has programmed; the Shootin' phase: the
        cards revealed in order (the last one marked), then who reveals next."""
        if "result" in view:
            return Text("The game is over.", style="dim")
        order = words.reveal_order(view)
        revealed = sum(len(p["revealed"]) for p in view["players"])
        if not revealed and view["decision"] != "watch":
            return self._programming(view, compact=compact)
        text = Text("Shootin': " if compact else "Shootin', cards in the order revealed: ")
        start = max(0, revealed - (3 if compact else 12))  # the last ones, on two lines
        if start:
            text.append(f"({start} before) ", style="dim")
        for n, (seat, i) in enumerate(order[start:revealed], start):
            player = view["players"][seat]
            if n > start:
                text.append(" · ")
            text.append_text(bandit_text(player["bandit"], short=compact))
            text.append(" " + card(player["revealed"][i]),
                        style="reverse bold" if n == revealed - 1 else "")
        if revealed < len(order):
            seat = order[revealed][0]
            text.append(" · next: " if revealed else "next: ", style="dim")
            text.append_text(bandit_text(view["players"][seat]["bandit"], short=compact))
            text.append(f" ({len(order) - revealed} face down)", style="dim")
        return text

    @staticmethod
    def _programming(view: dict[str, Any], *, compact: bool) -> Text:
        text = Text("Schemin': " if compact else "Schemin', cards programmed: ")
        order = [(view["first_player"] + i) % len(view["players"])
                 for i in range(len(view["players"]))]
        shown = 0
        for seat in order:
            b = view["bandits"][seat]
            if b["out"]:
                continue
            p = view["players"][seat]
            if shown:
                text.append(" · ")
            shown += 1
            text.append_text(bandit_text(b["character"], short=compact))
            text.append(" " + DOWN * p["programmed"] + UP * (words.PROGRAMMED - p["programmed"]),
                        style="reverse bold" if seat == view["actor"] else "")
        return text

    def hand(self, view: dict[str, Any] | None) -> RenderableType:
        if view is None or view.get("hand") is None:
            return Text("Hand hidden.", style="dim")
        if "result" in view or view["bandits"][view["seat"]]["out"]:
            return Text(words.hand_sentence(view), style="dim")
        keys = {c["action"]: c["key"] for c in words.choices(view)}
        player = view["players"][view["seat"]]
        stack = view.get("stack") or []
        programming = player["programmed"] < words.PROGRAMMED and not player["revealed"]
        head = Text("Your hand: " if programming else "Set aside: ", style="bold")
        entries = []  # each card whole on a line, its key with it
        for kind in view["hand"]:
            key = keys.get(f"program {kind}")
            entry = Text.assemble((f"[{key}]", "bold reverse"), " ") if key else Text()
            entry.append(card(kind), style="bold cyan" if programming else "dim")
            entries.append(entry)
        text = Text()
        if programming:
            if stack:
                text.append("Programmed, in order: ", style="bold")
                text.append(", ".join(card(k) for k in stack))
        else:
            text.append("To reveal, in order: ", style="bold")
            text.append(", ".join(card(k) for k in stack) or "none")
            if player["revealed"]:
                text.append("  Revealed: ", style="bold")
                text.append(", ".join(card(k) for k in player["revealed"]), style="dim")
        return Window(head, entries, rows=len(entries) + 1, sep="  ", after=text or None)

    def choice_title(self, view: dict[str, Any]) -> str:
        n = view["players"][view["actor"]]["programmed"] + 1
        return f"Your choice: your {words.ordinal(n)} card of {words.PROGRAMMED}"

    def end_parts(
        self, view: dict[str, Any], who: dict[int, str]
    ) -> tuple[str, list[Text | str | EndTable]]:
        lines = words.result_lines(view)
        r = view["result"]
        table = EndTable(["", "bandit", "player", "at the end", "Loot cards", "best"])
        for b in view["bandits"]:
            s = b["seat"]
            you = " (you)" if s == view.get("seat") else ""
            table.rows.append([
                "WINNER" if s in r["winners"] else "",
                names.bandit(b["character"]) + you,
                who.get(s, ""),
                "on the train" if r["aboard"][s] else f"out in round {r['out_round'][s]}",
                str(r["loot"][s]),
                str(r["best_loot"][s]) if r["loot"][s] else "",
            ])
        legend = Text("Loot cards: the cars each bandit took as the farthest back when they "
                      "came off; best: the highest value among them (the tie-breaker).",
                      style="dim")
        return "GAME OVER. " + lines[0], [table, legend, *lines[1:]]
