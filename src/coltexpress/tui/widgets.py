"""The board's panels: train, round and situation, players, the game's own panel, the cards
of the round, hand, choices.

Each panel draws a view dict (``game.view(seat)``) as the view's game draws it (its front,
``tui/games``), so the same panels serve every game.
"""

from __future__ import annotations

from typing import Any, Literal

from rich.console import RenderableType
from rich.text import Text
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .games import front_for_view
from .look import bandit_text, colour

__all__ = [
    "Choices",
    "ExtraPanel",
    "HandPanel",
    "PilePanel",
    "PlayersPanel",
    "StatusPanel",
    "TrainPanel",
    "bandit_text",
    "colour",
]


class TrainPanel(Static):
    """The train, in full or compact."""

    compact = False

    def show(self, view: dict[str, Any]) -> None:
        self.update(self.draw(view, compact=self.compact))

    @staticmethod
    def draw(view: dict[str, Any], *, compact: bool = False) -> RenderableType:
        return front_for_view(view).train(view, compact=compact)


class StatusPanel(Static):
    """The round and who decides what."""

    def show(self, view: dict[str, Any]) -> None:
        self.update(self.draw(view))

    @staticmethod
    def draw(view: dict[str, Any]) -> RenderableType:
        return front_for_view(view).status(view)


class PlayersPanel(Static):
    """Every player as the viewer sees them."""

    def show(self, view: dict[str, Any], who: dict[int, str]) -> None:
        self.update(self.draw(view, who))

    @staticmethod
    def draw(view: dict[str, Any], who: dict[int, str]) -> RenderableType:
        return front_for_view(view).players(view, who)


class ExtraPanel(Static):
    """A panel of the game's own (Marshal & Prisoners'), hidden when the game has none."""

    def show(self, view: dict[str, Any]) -> None:
        drawn = self.draw(view)
        self.set_class(drawn is None, "absent")
        self.update(drawn if drawn is not None else "")

    @staticmethod
    def draw(view: dict[str, Any]) -> RenderableType | None:
        return front_for_view(view).extra(view)


class PilePanel(Static):
    """The cards of the round (Colt Express's action pile; who has programmed what)."""

    compact = False

    def show(self, view: dict[str, Any]) -> None:
        self.update(self.draw(view, compact=self.compact))

    @staticmethod
    def draw(view: dict[str, Any], *, compact: bool = False) -> RenderableType:
        return front_for_view(view).pile(view, compact=compact)


class HandPanel(Static):
    """The viewer's own cards (None: nobody's hand is shown)."""

    def show(self, view: dict[str, Any] | None) -> None:
        self.update(self.draw(view))

    @staticmethod
    def draw(view: dict[str, Any] | None) -> RenderableType:
        if view is None:
            return Text("Hand hidden.", style="dim")
        return front_for_view(view).hand(view)


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
