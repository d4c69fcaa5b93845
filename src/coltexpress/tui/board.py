"""The board: train, round card, players and pile, drawn from one view dict."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from .widgets import PilePanel, PlayersPanel, RoundPanel, TrainPanel

__all__ = ["BOARD_CSS", "Board"]

BOARD_CSS = """
Board { height: auto; }
#train { height: auto; }
#info { height: auto; }
#round { width: 38; height: auto; border: round $primary; padding: 0 1; }
#players { width: 1fr; height: auto; border: round $primary; }
#pile { height: auto; border: round $primary; padding: 0 1; }
"""


class Board(Vertical):
    """Everything public (and the viewer's own purse values) about the game."""

    def compose(self) -> ComposeResult:
        yield TrainPanel(id="train")
        with Horizontal(id="info"):
            yield RoundPanel(id="round")
            yield PlayersPanel(id="players")
        yield PilePanel(id="pile")

    def show(self, view: dict[str, Any], who: dict[int, str]) -> None:
        names = {
            p["seat"]: f"seat {p['seat']} " + "+".join(b.capitalize() for b in p["bandits"])
            for p in view["players"]
        }
        self.query_one(TrainPanel).show(view)
        self.query_one(RoundPanel).show(view, names)
        self.query_one(PlayersPanel).show(view, who)
        self.query_one(PilePanel).show(view)
