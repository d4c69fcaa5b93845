"""What the terminal front end asks of a game: one ``GameFront`` per game of the package.

The session, the Textual app, its panels and screens, the plain mode and the replays are the
same for every game; everything they say or draw about a game comes from its front: the
words (choices, the situation, the train and the players in sentences, the round summary,
the end, the rules help), the board's panels as Rich renderables, the end screen's parts,
the bots behind each level, the plain mode's own commands. A front reads views
(``game.view(seat)``) only, never the game. A game's front is one module of this package
(``colt.py``, ``super_express.py``); a third game would be one more.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from rich.console import RenderableType
from rich.text import Text

__all__ = ["EndTable", "GameFront"]


@dataclass(frozen=True)
class EndTable:
    """The table of an end screen: column headers and rows of cells."""

    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)


class GameFront(ABC):
    """Everything the terminal says and draws about one game."""

    name: str  # the game's name in the registry (coltexpress.games)
    title: str  # as printed: "Colt Express"
    notation_example: str  # for the box where an action is typed
    resolve_frame: str  # the frame kind that opens the phase where cards resolve
    pause_kinds: frozenset[str]  # frames followed by a pause while cards resolve
    turn_kinds: frozenset[str] = frozenset()  # events that are a player's turn (plain mode)
    headlines: tuple[str, ...] = ("Round ",)  # log lines that open a part of the game
    commands: str  # the plain mode's commands, in a sentence

    # -- bots -------------------------------------------------------------------------
    def agent(self, level: str) -> str:
        """The agent (tournament notation) that plays a bot level or agent in this game."""
        return level

    def frame_view(self, view: dict[str, Any], following: list[Any]) -> dict[str, Any]:
        """A frame's view as the board shows it, given the events of the frame after it
        (``following``: none for the last frame of a move)."""
        return view

    # -- layout -----------------------------------------------------------------------
    def wide_height(self, options: Any) -> int:
        """The rows the full board needs (below them, the compact board)."""
        return 40

    # -- words ------------------------------------------------------------------------
    @abstractmethod
    def choices(self, view: dict[str, Any]) -> list[dict[str, str]]:
        """The viewer's legal actions: each with its key, label, hint and action."""

    @abstractmethod
    def label(self, action: str, view: dict[str, Any] | None = None) -> str:
        """An action in words."""

    @abstractmethod
    def situation(self, view: dict[str, Any], *, header: bool = True) -> str:
        """Where the game stands and who must decide what (``header``: the round first)."""

    def turn_header(self, view: dict[str, Any]) -> str | None:
        """The round and turn, said once when it changes in the plain mode (None: none)."""
        return None

    def before_rounds(self, view: dict[str, Any]) -> bool:
        """Whether the game has not reached its first round yet."""
        return False

    @abstractmethod
    def hand_sentence(self, view: dict[str, Any]) -> str: ...

    @abstractmethod
    def train_lines(self, view: dict[str, Any]) -> list[str]:
        """Where everyone is, in sentences."""

    @abstractmethod
    def figure_lines(self, view: dict[str, Any]) -> list[str]:
        """Each figure in a sentence, ``Name: ...``."""

    def round_news(self, view: dict[str, Any]) -> list[tuple[str, list[str]]]:
        """What the plain mode says at each new round after where everyone is: titled
        paragraphs (an expansion's state)."""
        return []

    @abstractmethod
    def pile_lines(self, view: dict[str, Any]) -> list[str]:
        """The cards played this round, for the plain mode's ``pile``."""

    @abstractmethod
    def round_summary(
        self, before: dict[str, Any], after: dict[str, Any], events: list[Any],
        closing: list[Any],
    ) -> list[str]:
        """What happened in a round: from the view as the cards began to resolve
        (``before``) to the view at the end (``after``), with the events between them and
        the events that close the round (``closing``)."""

    def last_round(self, view: dict[str, Any], after: dict[str, Any]) -> bool:
        """Whether the round that ends (``view``) is the last one (``after``: the view
        once it has ended)."""
        return "result" in after

    @abstractmethod
    def result_lines(self, view: dict[str, Any]) -> list[str]:
        """The end of the game: who won first, then why."""

    def end_lines(self, view: dict[str, Any]) -> list[str]:
        """The end of the game as a replay's text ends."""
        return self.result_lines(view)

    @abstractmethod
    def player_name(self, view: dict[str, Any], seat: int) -> str:
        """A player by the figures played: ``Django``, ``the Marshal``."""

    @abstractmethod
    def figures_of(self, view: dict[str, Any], seat: int) -> list[str]:
        """The characters a seat plays."""

    def players_screen(
        self, view: dict[str, Any], who: dict[int, str]
    ) -> tuple[str, list[str]]:
        """The title and lines of the players' screen (p)."""
        lines = []
        for line, seat in zip(self.figure_lines(view), self.figure_seats(view), strict=True):
            name, _, rest = line.partition(": ")
            played = who.get(seat, "")
            if played != "you":
                name += f" (played by a {played})" if played.startswith("bot") else f" ({played})"
            lines.append(f"{name}: {rest}")
        return "Players and train", [*lines, "", *self.train_lines(view)]

    def figure_seats(self, view: dict[str, Any]) -> list[int]:
        """The seat of each line of ``figure_lines``."""
        return [b["seat"] for b in view["bandits"]]

    def plain_command(self, word: str, view: dict[str, Any]) -> list[str] | None:
        """A command of this game's own in the plain mode (None: not one)."""
        return None

    # -- rules help -------------------------------------------------------------------
    @abstractmethod
    def help_topics(self, options: Any) -> dict[str, dict[str, str]]:
        """Sections of topics, each ``Name: help``, for this game's options."""

    @abstractmethod
    def overview(self) -> str: ...

    def lookup(self, options: Any, topic: str) -> str:
        """One topic's help by its name (KeyError with the topics otherwise)."""
        key = " ".join(topic.strip().lower().split())
        topics = self.help_topics(options)
        for section in topics.values():
            for name, text in section.items():
                title = text.split(":", maxsplit=1)[0].lower()
                titles = (title, title.removeprefix("the "), title.removeprefix("a "))
                if key in (name.lower(), *titles) or (key and title.startswith(key + " (")):
                    return text
        listed = ", ".join(text.split(":", maxsplit=1)[0] for section in topics.values()
                           for text in section.values())
        raise KeyError(f"No help on {topic.strip()!r}. Topics: {listed}.")

    def help_text(self, options: Any) -> str:
        out = [self.overview()]
        for section, entries in self.help_topics(options).items():
            out.append("")
            out.append(section[:1].upper() + section[1:] + ":")
            out.extend("  " + text for text in entries.values())
        return "\n".join(out)

    # -- the board (Rich renderables) ---------------------------------------------------
    @abstractmethod
    def status(self, view: dict[str, Any]) -> RenderableType:
        """The top line: the round and who decides what."""

    @abstractmethod
    def train(self, view: dict[str, Any], *, compact: bool = False) -> RenderableType: ...

    @abstractmethod
    def players(self, view: dict[str, Any], who: dict[int, str]) -> RenderableType:
        """The players' table (the full board only)."""

    def extra(self, view: dict[str, Any]) -> RenderableType | None:
        """A panel of the game's own under the players (None: none)."""
        return None

    @abstractmethod
    def pile(self, view: dict[str, Any], *, compact: bool = False) -> RenderableType:
        """The cards of this round, under the train."""

    @abstractmethod
    def hand(self, view: dict[str, Any] | None) -> RenderableType:
        """The viewer's own cards (None: nobody's hand is shown)."""

    @abstractmethod
    def choice_title(self, view: dict[str, Any]) -> str:
        """The title of the choices when the viewer decides."""

    def log_style(self, text: str, mine: list[str]) -> str:
        """How a line of the story is written in the log: its style."""
        if text.startswith(self.headlines):
            return "bold underline"
        if any(text.startswith(name) for name in mine):
            return "bold"
        return ""

    @abstractmethod
    def end_parts(
        self, view: dict[str, Any], who: dict[int, str]
    ) -> tuple[str, list[Text | str | EndTable]]:
        """The end screen: the winner's banner, then lines and tables in order."""
