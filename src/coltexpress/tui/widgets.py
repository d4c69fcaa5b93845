"""The board's panels: train, round and situation, players, action pile, hand, choices.

Each panel draws a view dict (``Game.view``) with the words of ``coltexpress.describe`` and
the display names of ``engine/names.py``; the train has a full drawing and a compact one for
small terminals.
"""

from __future__ import annotations

from typing import Any, Literal

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .. import describe
from ..engine import names

__all__ = [
    "Choices",
    "HandPanel",
    "PilePanel",
    "PlayersPanel",
    "StatusPanel",
    "TrainPanel",
    "bandit_text",
    "colour",
]

COLOURS = {
    "belle": "magenta",
    "cheyenne": "green",
    "django": "bright_white",
    "doc": "cyan",
    "ghost": "grey70",
    "tuco": "red",
    "mei": "yellow",
}
LOOT_ICONS = {"purse": "$", "jewel": "◆", "strongbox": "▣"}


def colour(name: str) -> str:
    return COLOURS.get(name, "white")


def bandit_text(name: str, *, bold: bool = False, short: bool = False) -> Text:
    label = names.bandit(name)
    return Text(label[:3] if short else label, style=colour(name) + (" bold" if bold else ""))


def _loot_icons(loot: list[dict[str, Any]]) -> str:
    counts = {k: sum(1 for t in loot if t["kind"] == k) for k in LOOT_ICONS}
    return " ".join(f"{LOOT_ICONS[k]}{n}" for k, n in counts.items() if n)


def _space(view: dict[str, Any], car: int, roof: bool) -> dict[str, Any]:
    return next(s for s in view["spaces"] if s["car"] == car and s["roof"] == roof)


def _who_here(view: dict[str, Any], car: int, roof: bool, *, short: bool) -> Text:
    me = view["seat"]
    line = Text()
    for b in view["bandits"]:
        if b["car"] == car and b["roof"] == roof:
            if line:
                line.append(" ")
            line.append_text(bandit_text(b["character"], bold=b["seat"] == me, short=short))
    if not roof and view["marshal"] == car:
        line.append((" " if line else "") + ("★Mar" if short else "★ MARSHAL"), style="bold yellow")
    return line


class TrainPanel(Static):
    """The train: locomotive and cars, a roof row and an inside row."""

    compact = False

    def show(self, view: dict[str, Any]) -> None:
        self.update(self.draw(view, compact=self.compact))

    @staticmethod
    def draw(view: dict[str, Any], *, compact: bool = False) -> RenderableType:
        cars = view["cars"]
        if compact:
            table = Table(expand=True, box=None, padding=(0, 0), show_edge=False)
        else:
            table = Table(expand=True, show_lines=True, pad_edge=False)
        table.add_column("", width=4 if compact else 6, no_wrap=True)
        for car in range(cars + 1):
            if compact:
                head = "LOCO" if car == 0 else "CAB" if car == cars else f"CAR{car}"
            else:
                head = "LOCOMOTIVE" if car == 0 else "CABOOSE" if car == cars else f"CAR {car}"
            table.add_column(head, justify="center", ratio=1, no_wrap=compact)
        for roof in (True, False):
            cells: list[RenderableType] = [Text("roof" if roof else "in", style="dim")]
            for car in range(cars + 1):
                who = _who_here(view, car, roof, short=compact)
                loot = _loot_icons(_space(view, car, roof)["loot"])
                cells.append(
                    Group(who if who else Text(" "), Text(loot or " ", style="yellow"))
                )
            table.add_row(*cells)
        if not compact:
            return table
        legend = Text(
            "$ purse  ◆ jewel  ▣ strongbox  ★ Marshal   p: players  l: log  ?: rules",
            style="dim",
        )
        return Group(table, legend)


class StatusPanel(Static):
    """The round card (its turns, the current one marked, its event) and who decides what."""

    def show(self, view: dict[str, Any]) -> None:
        self.update(self.draw(view))

    @staticmethod
    def draw(view: dict[str, Any]) -> RenderableType:
        text = Text()
        card = view["round_card"]
        if view["seat"] is not None:
            mine = view["players"][view["seat"]]["bandits"]
            text.append("You: ", style="bold")
            for name in mine:
                text.append_text(bandit_text(name, bold=True))
                text.append(" ")
            text.append("· ")
        text.append(f"Round {view['round']}/{view['rounds']}", style="bold")
        if card is not None:
            if card["station"]:
                event = " (train station: its event ends the game)"
            else:
                event = " (event at the end)" if card["event"] else ""
            text.append(f": {names.round_card(card['name'])}{event}  ")
            for i, t in enumerate(card["turns"]):
                current = view["turn"] == i
                done = view["turn"] is not None and i < view["turn"]
                text.append(t, style="reverse bold" if current else "dim" if done else "")
                text.append(" ")
        text.append("\n")
        text.append(describe.situation(view, header=False), style="bold")
        return text


class PlayersPanel(Static):
    """Every bandit as the viewer sees it (values of the purses it knows)."""

    def show(self, view: dict[str, Any], who: dict[int, str]) -> None:
        self.update(self.draw(view, who))

    @staticmethod
    def draw(view: dict[str, Any], who: dict[int, str]) -> RenderableType:
        table = Table(expand=True, box=None, padding=(0, 1))
        for column in ("bandit", "player", "where", "loot", "bullets", "hit", "cards"):
            table.add_column(column, no_wrap=column not in ("loot", "where"))
        actor = view["actor"]
        for p in view["players"]:
            mine = p["seat"] == view["seat"]
            for b in (b for b in view["bandits"] if b["seat"] == p["seat"]):
                name = bandit_text(b["character"], bold=mine)
                if p["seat"] == actor:
                    name = Text("▶ ") + name
                table.add_row(
                    name,
                    who.get(p["seat"], ""),
                    describe.where(b, view["cars"]),
                    describe.loot_summary(b["loot"]),
                    str(b["bullets_left"]),
                    str(b["bullets_received"]),
                    str(p["hand_size"]),
                )
        return table


class PilePanel(Static):
    """The action pile in play order; face-down cards show their owner only."""

    compact = False

    def show(self, view: dict[str, Any]) -> None:
        self.update(self.draw(view, compact=self.compact))

    @staticmethod
    def draw(view: dict[str, Any], *, compact: bool = False) -> RenderableType:
        pile = view["pile"]
        if "result" in view:
            return Text("The game is over.", style="dim")
        if not pile:
            return Text("Pile: no card played yet this round.", style="dim")
        text = Text("Pile: " if compact else "Pile (first played resolves first): ")
        resolved = [i for i, c in enumerate(pile) if c["resolved"]]
        current = view["resolving"] if view["resolving"] is not None else (
            resolved[-1] if view["decision"] == "watch" and resolved else None
        )
        start = 0
        if compact and len(resolved) > 1:  # keep the cards to come in the two lines
            start = (current if current is not None else resolved[-1])
            text.append(f"({start} resolved) ", style="dim")
        for n, card in enumerate(pile):
            if n < start:
                continue
            if n > start:
                text.append(" · ")
            face = "face down" if card["card"] is None else names.card(card["card"], owner=False)
            style = "dim" if card["resolved"] else ""
            if current == n:
                style = "reverse bold"
            text.append_text(bandit_text(card["bandit"], short=compact))
            text.append(" " + face, style=style)
        return text


class HandPanel(Static):
    """The viewer's hand (each playable card with its key) and kept cards."""

    def show(self, view: dict[str, Any] | None) -> None:
        self.update(self.draw(view))

    @staticmethod
    def draw(view: dict[str, Any] | None) -> RenderableType:
        if view is None or view.get("hand") is None:
            return Text("Hand hidden.", style="dim")
        keys = {c["action"]: c["key"] for c in describe.choices(view)}
        if not view["hand"]:
            return Text(describe.hand_sentence(view), style="dim")
        text = Text("Your hand: ", style="bold")
        counts: dict[str, int] = {}
        for card in view["hand"]:
            counts[card] = counts.get(card, 0) + 1
        for card, n in counts.items():
            key = keys.get(f"play {card}")
            dead = card.startswith("bullet")
            if key:
                text.append(f"[{key}] ", style="bold reverse")
            text.append(names.card(card), style="dim" if dead else "bold cyan")
            text.append(f" x{n}" if n > 1 else "", style="bold")
            text.append("   ")
        if view.get("kept"):
            text.append("\nKept: " + ", ".join(names.card(c) for c in view["kept"]))
        return text


class Choices(OptionList):
    """The legal choices, each with its key; paging never fails on a list not drawn yet."""

    def show(self, choices: list[dict[str, str]]) -> None:
        self.clear_options()
        self.add_options(
            Option(Text.assemble((f"{c['key']:>2} ", "bold"), c["label"]), id=c["action"])
            for c in choices
        )
        if choices:
            self.highlighted = 0

    def _move_page(self, direction: Literal[-1, 1]) -> None:  # Textual's KeyError: no layout
        try:
            super()._move_page(direction)
        except (KeyError, IndexError):
            if self.option_count:
                here = self.highlighted or 0
                self.highlighted = max(0, min(self.option_count - 1, here + 5 * direction))
