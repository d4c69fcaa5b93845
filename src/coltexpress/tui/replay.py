"""``colt replay``: step through a saved game on the board, as a spectator, or read it.

The steps are the frames of every move (``apply_frames``): a move of the Schemin' phase is
one step, and the cards that resolve after the last one (Colt Express's Stealin' phase, Colt
Super Express's Shootin' phase) step card by card, with the event and the end of the round.
The replay opens before the first move (nothing is told before it happens). A record of any
game of the package replays (``coltexpress.games.replay_any``), drawn and told by its front.

>>> from coltexpress import Game, Options
>>> game = Game.new(Options.preset("standard", players=3), seed=1)
>>> for _ in range(5):
...     _ = game.apply(game.legal_actions()[0])
>>> steps = ReplaySteps.from_record(game.record())
>>> len(steps) > 5, steps[1].move, steps[1].action
(True, 1, 'draw')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, RichLog, Static

from .. import records
from ..engine import names
from ..engine.errors import ColtError
from ..games import replay_any
from .games import GameFront, front_for_game
from .screens import EndScreen, HelpScreen
from .widgets import PilePanel, PlayersPanel, StatusPanel, TrainPanel

__all__ = ["ReplayApp", "ReplaySteps", "Step"]


@dataclass(frozen=True, slots=True)
class Step:
    """One frame of a recorded game: the move it belongs to and what a spectator saw."""

    move: int  # 1.. for the moves; 0 for the deal before the first
    who: str  # who made the move, by the bandits he plays
    action: str  # the move in notation
    label: str  # the move in words
    lines: tuple[str, ...]  # the public narration of this step
    game: Any  # the game as it stood after this step
    following: tuple[Any, ...] = ()  # the events of the next frame of the same move

    def view(self) -> dict[str, Any]:
        return front_for_game(self.game).frame_view(self.game.view(None), list(self.following))

    @property
    def heading(self) -> str:
        if self.move == 0:
            return "Before the first move."
        return f"Move {self.move}: {self.who}: {self.label}."


@dataclass
class ReplaySteps:
    """Every step of a recorded game, and who played each seat (if the record says)."""

    steps: list[Step]
    moves: int
    agents: list[str] | None = None
    # the reviewed decisions (``coltexpress.review``) by move (1..), when reviewed
    review: dict[int, Any] = field(default_factory=dict)

    def note(self, move: int) -> str | None:
        """A reviewed move's mark, and the better choice when it was not the best."""
        decision = self.review.get(move)
        if decision is None:
            return None
        if decision.loss <= 0:
            return f"{decision.mark}: the best choice"
        return (f"{decision.mark}: {100 * decision.loss:.0f} points of chance lost; "
                f"better: {decision.best.label}")

    @property
    def front(self) -> GameFront:
        return front_for_game(self.steps[0].game)

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, index: int) -> Step:
        return self.steps[index]

    @classmethod
    def from_record(
        cls, data: Any, progress: Callable[[int], None] | None = None
    ) -> ReplaySteps:
        """Any saved game: a record, a record with seats, a tournament's record;
        ``progress(1)`` after each move replayed (``colt replay --text``'s bar)."""
        try:
            record = records.normalize(data)
            game = replay_any({**record, "actions": []})
            actions = [str(a) for a in record["actions"]]
        except (ColtError, KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a game record: {exc}") from None
        lines = tuple(e.text() for e in game.events or [] if e.seat is None)
        steps = [Step(0, "", "", "", lines, game.clone())]
        front = front_for_game(game)
        for n, text in enumerate(actions, 1):
            seat, bandit = game.current_seat, game.pending.bandit
            before = game.view(seat)
            try:
                frames = game.apply_frames(text)
            except ColtError as exc:
                raise ValueError(f"move {n} ({text!r}) does not replay: {exc}") from None
            who = names.bandit(bandit) if bandit or seat is None else front.player_name(before,
                                                                                      seat)
            who = who[:1].upper() + who[1:]
            label = front.label(text, before)
            for i, frame in enumerate(frames):
                said = tuple(e.text() for e in frame.events if e.seat is None)
                following = tuple(frames[i + 1].events) if i + 1 < len(frames) else ()
                steps.append(Step(n, who, text, label, said, frame.state, following))
            if progress is not None:
                progress(1)
        agents = record.get("agents")
        return cls(steps, len(actions), [str(a) for a in agents] if agents else None)

    def start_of(self, move: int) -> int:
        """The index of the first step of a move."""
        for i, step in enumerate(self.steps):
            if step.move >= move:
                return i
        return len(self.steps) - 1


REPLAY_KEYS = (
    "Keys: → or Space one step forward (a move, or one card as the cards resolve), ← one "
    "back, PageDown/PageUp ten moves, Home/End the start and the end, f the final scores, "
    "? this help, q quit. Esc closes this help."
)


class ReplayApp(App[None]):
    """The board of a recorded game, one step at a time. The footer shows the replay's own
    keys (the command palette is off: its key would take the footer's room at 80 columns)."""

    TITLE = "Colt Express replay"  # (the game's title in its place)
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    #status { height: auto; padding: 0 1; background: $boost; }
    #train { height: auto; }
    #players { height: auto; }
    #pile { height: auto; padding: 0 1; }
    #heading { height: auto; padding: 0 1; text-style: bold; }
    #log { height: 1fr; border: round $primary; }
    .compact #players { display: none; }
    """
    # Priority: the keys step the replay whatever has the focus on the board; over another
    # screen (the rules, the scores) they are that screen's (check_action).
    BINDINGS = [
        Binding("right,n,space", "step(1)", "Next", priority=True),
        Binding("left,p,backspace", "step(-1)", "Back", priority=True),
        Binding("pagedown", "move(10)", "+10", priority=True),
        Binding("pageup", "move(-10)", "-10", priority=True),
        Binding("home", "goto(0)", "Start", priority=True, show=False),
        Binding("end", "goto(-1)", "End", priority=True, show=False),
        Binding("f", "scores", "Scores"),
        Binding("question_mark,f1", "help", "Rules"),
        Binding("q", "quit", "Quit"),
    ]
    STEPPING = frozenset({"step", "move", "goto"})

    def __init__(self, steps: ReplaySteps, *, name: str = "game") -> None:
        super().__init__()
        self.steps = steps
        self.front = steps.front
        self.title = f"{self.front.title} replay"
        self.at = 0
        self.title_name = name

    def compose(self) -> ComposeResult:
        yield Header()
        yield StatusPanel(id="status")
        yield TrainPanel(id="train")
        yield PlayersPanel(id="players")
        yield PilePanel(id="pile")
        yield Static("", id="heading")
        yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(RichLog).can_focus = False  # the arrow, Home and End keys step
        compact = self.size.width < 120 or self.size.height < 40
        self.screen.set_class(compact, "compact")
        self.query_one(TrainPanel).compact = compact
        self.show()

    def who(self) -> dict[int, str]:
        agents = self.steps.agents
        n = len(self.steps[0].view()["players"])
        return {s: agents[s] if agents and s < len(agents) else "" for s in range(n)}

    def show(self) -> None:
        step = self.steps[self.at]
        view = step.view()
        self.sub_title = f"{self.title_name}: move {step.move} of {self.steps.moves}"
        self.query_one(StatusPanel).show(view)
        self.query_one(TrainPanel).show(view)
        self.query_one(PlayersPanel).show(view, self.who())
        self.query_one(PilePanel).show(view)
        note = self.steps.note(step.move)
        self.query_one("#heading", Static).update(
            step.heading if note is None else f"{step.heading} ({note})")
        log = self.query_one(RichLog)
        log.clear()
        first = max(0, self.at - 12)
        for i in range(first, self.at + 1):
            s = self.steps[i]
            current = i == self.at
            if i == first or s.move != self.steps[i - 1].move:
                log.write(Text(s.heading, style="bold" if current else "dim bold"))
            for line in s.lines:
                log.write(Text("   " + line, style="" if current else "dim"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Over the help or the scores, their keys scroll them.
        return action not in self.STEPPING or self.screen is self.screen_stack[0]

    def action_step(self, delta: int) -> None:
        self.action_goto(min(max(self.at + delta, 0), len(self.steps) - 1))

    def action_move(self, delta: int) -> None:
        target = min(max(self.steps[self.at].move + delta, 0), self.steps.moves)
        self.action_goto(self.steps.start_of(target))

    def action_goto(self, at: int) -> None:
        self.at = at if at >= 0 else len(self.steps) - 1
        self.show()

    def action_scores(self) -> None:
        view = self.steps[self.at].view()
        if "result" in view:
            self.push_screen(EndScreen(view, self.who()))
        else:
            self.notify("The scores come at the end of the game (End).")

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.front, self.steps[0].game.options, keys=REPLAY_KEYS))


def narrate(steps: ReplaySteps) -> list[str]:
    """The whole game as text: each move with who made it, and what it caused."""
    out: list[str] = []
    for i, step in enumerate(steps.steps):
        if step.move and (i == 0 or steps[i - 1].move != step.move):
            out.append(f"{step.move:4d}. {step.who}: {step.label}  [{step.action}]")
            note = steps.note(step.move)
            if note is not None:
                out.append(f"      ({note})")
        out += [f"      {line}" for line in step.lines]
    last = steps[len(steps) - 1].view()
    if "result" in last:
        out.append("")
        out += steps.front.end_lines(last)
    return out


__all__ += ["narrate"]
