"""The board's panels: train, round card, players, action pile, hand. Each draws a view dict."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from .describe import TURN_NAMES, card_label, loot_summary

__all__ = ["HandPanel", "PilePanel", "PlayersPanel", "RoundPanel", "TrainPanel", "colour"]

COLOURS = {
    "belle": "magenta",
    "cheyenne": "green",
    "django": "bright_white",
    "doc": "cyan",
    "ghost": "grey70",
    "tuco": "red",
    "mei": "yellow",
}


def colour(name: str) -> str:
    return COLOURS.get(name, "white")


def bandit_text(name: str, *, bold: bool = False) -> Text:
    return Text(name.capitalize(), style=colour(name) + (" bold" if bold else ""))


def _short_loot(loot: list[dict[str, Any]]) -> str:
    counts = {k: sum(1 for t in loot if t["kind"] == k) for k in ("purse", "jewel", "strongbox")}
    return " ".join(
        f"{n} {k}{'' if n == 1 else 'es' if k == 'strongbox' else 's'}"
        for k, n in counts.items()
        if n
    )


class TrainPanel(Static):
    """The train: locomotive and cars, a roof row and an inside row."""

    def show(self, view: dict[str, Any]) -> None:
        self.update(self.draw(view))

    @staticmethod
    def draw(view: dict[str, Any]) -> RenderableType:
        cars = view["cars"]
        me = view["seat"]
        table = Table(expand=True, show_lines=True, pad_edge=False)
        table.add_column("", width=6, no_wrap=True)
        for car in range(cars + 1):
            head = "LOCOMOTIVE" if car == 0 else f"CABOOSE ({car})" if car == cars else f"CAR {car}"
            table.add_column(head, justify="center", ratio=1)
        for roof in (True, False):
            cells: list[RenderableType] = [Text("roof" if roof else "inside", style="dim")]
            for car in range(cars + 1):
                space = next(s for s in view["spaces"] if s["car"] == car and s["roof"] == roof)
                line = Text()
                for b in view["bandits"]:
                    if b["car"] == car and b["roof"] == roof:
                        if line:
                            line.append(" ")
                        line.append_text(bandit_text(b["character"], bold=b["seat"] == me))
                if not roof and view["marshal"] == car:
                    line.append((" " if line else "") + "MARSHAL", style="bold yellow")
                loot = _short_loot(space["loot"])
                parts: list[RenderableType] = [line if line else Text(" ")]
                parts.append(Text(loot or " ", style="yellow" if loot else "dim"))
                cells.append(Group(*parts))
            table.add_row(*cells)
        return table


class RoundPanel(Static):
    """The round card: its turns (the current one marked), its event, whose decision."""

    def show(self, view: dict[str, Any], names: dict[int, str]) -> None:
        self.update(self.draw(view, names))

    @staticmethod
    def draw(view: dict[str, Any], names: dict[int, str]) -> RenderableType:
        text = Text()
        card = view["round_card"]
        text.append(f"Round {view['round']}/{view['rounds']}", style="bold")
        if card is None:
            return text
        text.append(f"  {card['name']}" + (" (station)" if card["station"] else "") + "\n")
        text.append("Turns: ")
        for i, t in enumerate(card["turns"]):
            style = "reverse bold" if view["turn"] == i else ""
            text.append(f" {t} ", style=style)
            text.append(" ")
        if view["turn"] is not None:
            t = card["turns"][view["turn"]]
            text.append(f"\nturn {view['turn'] + 1}: {TURN_NAMES.get(t, t)}")
        text.append(f"\nEvent: {card['event'] or 'none'}")
        if "result" in view:
            text.append("\nThe game is over.", style="bold")
        else:
            who = names.get(view["actor"], "?")
            if view.get("actor_bandit") and len(view["players"][view["actor"]]["bandits"]) > 1:
                who += f", {str(view['actor_bandit']).capitalize()}'s card"
            text.append(f"\nTo decide: {who} ({view['decision']})")
        text.append(f"\nNeutral bullets left: {view['neutral_bullets']}", style="dim")
        return text


class PlayersPanel(Static):
    """Every seat as the others see it; the viewer's own purse values."""

    def show(self, view: dict[str, Any], who: dict[int, str]) -> None:
        self.update(self.draw(view, who))

    @staticmethod
    def draw(view: dict[str, Any], who: dict[int, str]) -> RenderableType:
        table = Table(expand=True, box=None, padding=(0, 1))
        for column in ("seat", "bandit", "player", "loot", "bullets", "received", "hand"):
            table.add_column(column, no_wrap=column != "loot")
        actor = view["actor"]
        for p in view["players"]:
            mine = p["seat"] == view["seat"]
            for b in (b for b in view["bandits"] if b["seat"] == p["seat"]):
                table.add_row(
                    Text(f"{'>' if p['seat'] == actor else ' '}{p['seat']}", style="bold"),
                    bandit_text(b["character"], bold=mine),
                    who.get(p["seat"], ""),
                    loot_summary(b["loot"], values=mine),
                    str(b["bullets_left"]),
                    str(b["bullets_received"]),
                    str(p["hand_size"]),
                )
        return table


class PilePanel(Static):
    """The action pile in play order; face-down cards show as backs with their owner."""

    def show(self, view: dict[str, Any]) -> None:
        self.update(self.draw(view))

    @staticmethod
    def draw(view: dict[str, Any]) -> RenderableType:
        pile = view["pile"]
        if not pile:
            return Text("Action pile: empty", style="dim")
        text = Text("Action pile (first played first): ")
        for n, card in enumerate(pile):
            if n:
                text.append(", ")
            kind = None if card["card"] is None else str(card["card"]).partition("@")[0]
            face = "[###]" if kind is None else card_label(kind)
            style = "dim strike" if card["resolved"] else ""
            if view["resolving"] == n:
                style = "reverse"
            text.append_text(bandit_text(card["bandit"]))
            text.append(
                " " + face + (" (down)" if card["down"] and card["card"] else ""), style=style
            )
        return text


class HandPanel(Static):
    """The viewer's hand and kept cards; hidden between two hot-seat players."""

    def show(self, view: dict[str, Any] | None) -> None:
        self.update(self.draw(view))

    @staticmethod
    def draw(view: dict[str, Any] | None) -> RenderableType:
        if view is None or view.get("hand") is None:
            return Text("Hand hidden.", style="dim")
        text = Text("Your hand: ", style="bold")
        if not view["hand"]:
            stealing = view["decision"] not in ("play", "cover", "keep", "pick", "place")
            text.append("empty (Stealin': the pile resolves)" if stealing else "empty", style="dim")
        for card in view["hand"]:
            dead = card.startswith("bullet")
            text.append(f"[{card_label(card)}]", style="dim" if dead else "bold cyan")
            text.append(" ")
        if view.get("kept"):
            text.append("\nKept: " + ", ".join(card_label(c) for c in view["kept"]))
        return text
