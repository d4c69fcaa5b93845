"""Colt Express's board (with its expansions): the train with a full drawing and a compact
one for small terminals, the round card and who decides, the players, the action pile, the
hand, and Marshal & Prisoners' panel, each a Rich renderable drawn from a view.

With Horses & Stagecoach the train's drawing gains a row beside it: the stagecoach (its roof,
then its inside) in the column of the car it stands beside, the riders of the Horse Attack at
the car they reached; horses are marked beside their cars' names and the Shotgun among the
figures of the roof the Shotgun stands on.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...engine import names
from ...words import base, horses_stagecoach, marshal_prisoners
from ..look import MARSHAL, Flow, Window, bandit_text, parts

__all__ = ["hand", "hs_legend", "mp_columns", "mp_panel", "pile", "players", "status", "train"]

LOOT_ICONS = {"purse": "$", "jewel": "◆", "strongbox": "▣", "mailbag": "✉", "whiskey": "w"}
OLD_WHISKEY = "W"  # a flask the viewer knows to be the old whiskey
CELL = "▦"  # the cell of the prison car
HORSE = "♞"  # Horses & Stagecoach: a horse beside a car
SHOTGUN = "⌐"  # ... the Shotgun's mark
ROOF, INSIDE = "↑", "↓"  # ... the stagecoach's roof and inside, in its cell of the drawing


def _loot_icons(loot: list[dict[str, Any]]) -> str:
    """``$2 ◆1 w1``: loot by kind; a whiskey flask the viewer knows to be old is ``W``."""
    old = sum(1 for t in loot if t["kind"] == "whiskey" and t.get("old"))
    counts = {k: sum(1 for t in loot if t["kind"] == k) for k in LOOT_ICONS}
    counts["whiskey"] -= old
    icons = [f"{LOOT_ICONS[k]}{n}" for k, n in counts.items() if n]
    return " ".join(icons + ([f"{OLD_WHISKEY}{old}"] if old else []))


def _space(view: dict[str, Any], car: int | None, roof: bool) -> dict[str, Any]:
    """A space of the train, or (``car`` None) of the stagecoach."""
    coach = car is None
    return next(
        s for s in view["spaces"]
        if s["car"] == car and s["roof"] == roof and s.get("coach", False) == coach
    )


def _shotgun(short: bool) -> Text:
    return Text(f"{SHOTGUN}Sg" if short else f"{SHOTGUN}Shotgun", style="bold red")


def _who_here(view: dict[str, Any], car: int | None, roof: bool, *, short: bool) -> Text:
    """The figures in a space (``car`` None: the stagecoach's), the Shotgun included."""
    me = view["seat"]
    jailed = view["mp"]["in_cell"] if view.get("mp") else []
    coach = car is None
    line = Text()
    marshal = Text("★Mar" if short else "★ MARSHAL", style="bold yellow")
    for b in view["bandits"]:
        if b.get("coach", False) != coach or (coach and b["roof"] is None):
            continue
        if b["car"] == car and b["roof"] == roof and b["character"] not in jailed:
            if line:
                line.append(" ")
            if b["character"] == MARSHAL:
                if b["seat"] == me:
                    marshal.stylize("underline")
                line.append_text(marshal)
            else:
                line.append_text(bandit_text(b["character"], bold=b["seat"] == me, short=short))
    if not roof and view["marshal"] == car and not coach:
        line.append_text(Text(" " if line else "") + marshal)
    hs = view.get("hs")
    if hs is not None and roof and hs["shotgun"] == (None if coach else car):
        line.append_text(Text(" " if line else "") + _shotgun(short))
    return line


def _horses(view: dict[str, Any], car: int) -> str:
    """Horses & Stagecoach: `` ♞`` or `` ♞3`` for the horses beside a car."""
    hs = view.get("hs")
    n = hs["horses"].count(car) if hs is not None else 0
    return "" if not n else f" {HORSE}" if n == 1 else f" {HORSE}{n}"


def _coach_cell(view: dict[str, Any], *, short: bool) -> RenderableType:
    """The stagecoach: its roof (figures, the Shotgun guarding, loot), then its inside (on
    one line on the compact board, wrapped if need be)."""
    lines = []
    for roof in (True, False):
        text = Text(ROOF if roof else INSIDE, style="bold") if short else Text(
            "roof: " if roof else "in: ", style="dim")
        text.append_text(_who_here(view, None, roof, short=short))
        loot = _loot_icons(_space(view, None, roof)["loot"])
        if loot:
            text.append((" " if len(text) > 1 else "") + loot, style="yellow")
        lines.append(_wraps(text))
    if short:
        line = _wraps(Text(" ").join(lines))
        line.justify = "left"
        return line
    width = max(len(line) for line in lines)
    for line in lines:  # left-aligned at one width, so that the two lines start together
        line.pad_right(width - len(line))
        line.justify = "left"
    return Group(*lines)


def _riders_cell(view: dict[str, Any], *, short: bool) -> RenderableType:
    """The Horse Attack's riders, at the car they reached."""
    riders = Text(HORSE if short else "")
    for name in view["hs"]["riding"]:
        riders.append(" " if riders else "")
        riders.append_text(bandit_text(name, short=short))
    _wraps(riders)
    return riders if short else Group(Text(f"{HORSE} riding", style="bold"), riders)


def _wraps(text: Text) -> Text:
    """A cell of the compact train (whose columns do not wrap their names) that wraps
    between its names when they do not fit: no figure is ever cut off."""
    text.no_wrap = False
    text.overflow = "fold"
    return text


def _cell(view: dict[str, Any], *, short: bool) -> Text | None:
    """Who is in the cell of the prison car (Marshal & Prisoners), or None."""
    mp = view.get("mp")
    if not mp:
        return None
    text = Text(CELL if short else f"{CELL} cell:", style="bold red")
    if not mp["in_cell"]:
        return None if short else text + Text(" empty", style="dim")
    for name in mp["in_cell"]:
        text.append(" ")
        text.append_text(bandit_text(name, short=short))
    return text


def train(view: dict[str, Any], *, compact: bool = False) -> RenderableType:
    """The train: locomotive and cars, a roof row and an inside row."""
    cars = view["cars"]
    if compact:
        table = Table(expand=True, box=None, padding=(0, 0), show_edge=False)
    else:
        table = Table(expand=True, show_lines=True, pad_edge=False)
    mp = view.get("mp")
    hs = view.get("hs")
    table.add_column("", width=(6 if hs else 4) if compact else 6, no_wrap=True)
    for car in range(cars + 1):
        if compact:
            head = "LOCO" if car == 0 else "CAB" if car == cars else f"CAR{car}"
            head = "PRISON" if mp and car == cars else head
        else:
            head = "LOCOMOTIVE" if car == 0 else "CABOOSE" if car == cars else f"CAR {car}"
            head = "PRISON CAR" if mp and car == cars else head
        table.add_column(head + _horses(view, car), justify="center", ratio=1,
                         no_wrap=compact)
    for roof in (True, False):
        cells: list[RenderableType] = [Text("roof" if roof else "in", style="dim")]
        # A floor with no loot anywhere takes one line on the compact board.
        bare = compact and not any(_space(view, car, roof)["loot"] for car in range(cars + 1))
        for car in range(cars + 1):
            who = _who_here(view, car, roof, short=compact)
            loot = _loot_icons(_space(view, car, roof)["loot"])
            lines = [_wraps(who) if who else Text(" ")]
            cell = _cell(view, short=compact) if car == cars and not roof else None
            if cell is not None:
                # the cell beside the loot when small, on a line of its own when large
                lines += [_wraps(cell + Text(" " + loot, style="yellow"))] if compact else [cell]
            if (cell is None or not compact) and not bare:
                lines.append(_wraps(Text(loot or " ", style="yellow")))
            cells.append(Group(*lines))
        table.add_row(*cells)
    if hs is not None:
        table.add_row(*_beside(view, compact=compact))
    if mp and mp["off_train"]:
        off = Text("Off the train: ", style="bold red")
        for n, name in enumerate(mp["off_train"]):
            off.append(", " if n else "")
            off.append_text(bandit_text(name, short=compact))
    else:
        off = Text("")
    below: list[RenderableType] = [table]
    if not compact:
        if off:
            below.append(off)
        if hs is not None:
            below.append(hs_legend(view, compact=False))
        return Group(*below) if len(below) > 1 else table
    if mp:
        # (the off-train and brief parts wrap between them: no bandit is ever cut off)
        # (each goal its own part: a line breaks between goals, never inside a name; off
        # the train: said just before)
        brief = [Text(item, style="dim") for group in marshal_prisoners.brief_parts(view)
                 for item in group if not item.startswith("Off train")]
        marks = Text("  ".join(MP_MARKS), style="dim")  # (a part: always shown)
        below.append(Flow([*([off] if off else []), *brief, marks]))
    if hs is not None:
        below.append(hs_legend(view, compact=True))
    if not mp and hs is None:
        below.append(Text("$ purse  ◆ jewel  ▣ strongbox  ★ Marshal", style="dim"))
    return Group(*below)


def _beside(view: dict[str, Any], *, compact: bool) -> list[RenderableType]:
    """Horses & Stagecoach: the row beside the train (the stagecoach at its car; the
    riders of the Horse Attack at theirs)."""
    hs = view["hs"]
    label = Text("coach", style="dim")
    cells: list[RenderableType] = [label]
    for car in range(view["cars"] + 1):
        parts: list[RenderableType] = []
        if hs["riding"] and car == hs["attack_car"]:
            parts.append(_riders_cell(view, short=compact))
        if car == hs["coach"]:
            parts.append(_coach_cell(view, short=compact))
        cells.append(Group(*parts) if parts else Text(" "))
    return cells


MP_MARKS = ("$ purse", "◆ jewel", "✉ mailbag", f"{CELL} cell", "★ Marshal")
COMPACT_MARKS = (f"{ROOF}{INSIDE} coach roof/in", f"{HORSE} horse", f"{SHOTGUN}Sg Shotgun",
                 "w whiskey", f"{OLD_WHISKEY} old")


def hs_legend(view: dict[str, Any], *, compact: bool) -> RenderableType:
    """Horses & Stagecoach in brief under the train, then the marks: in full on the full
    board; on the compact one, the brief wraps between its parts and the marks follow as
    far as the last line has room for them, each whole."""
    brief = parts(horses_stagecoach.brief(view), "bold")
    if compact:
        return Flow(brief, extra=[Text(mark, style="dim") for mark in COMPACT_MARKS])
    marks = (f"coach: the stagecoach, beside its car  {HORSE} a horse  {SHOTGUN} the Shotgun  "
             f"w whiskey flask ({OLD_WHISKEY}: old)")
    text = Text(horses_stagecoach.brief(view) + " · ", style="bold")
    text.append(marks, style="dim")
    return text


def status(view: dict[str, Any]) -> RenderableType:
    """The round card (its turns, the current one marked, its event) and who decides what."""
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
        for i, t in enumerate(card["turns"]):  # (joined by dots: a line never breaks it)
            current = view["turn"] == i
            done = view["turn"] is not None and i < view["turn"]
            if i:
                text.append("·", style="dim")
            text.append(t, style="reverse bold" if current else "dim" if done else "")
        text.append(" ")
    text.append("\n")
    text.append(base.situation(view, header=False), style="bold")
    return text


def players(view: dict[str, Any], who: dict[int, str]) -> RenderableType:
    """Every bandit as the viewer sees it (values of the purses it knows)."""
    table = Table(expand=True, box=None, padding=(0, 1))
    hs = view.get("hs")
    columns = ["bandit", "player", "where", "loot", "bullets", "hit", "cards"]
    if hs is not None:
        columns.insert(4, "hostage")
    for column in columns:
        table.add_column(column, no_wrap=column not in ("loot", "where", "hostage"))
    actor = view["actor"]
    for p in view["players"]:
        mine = p["seat"] == view["seat"]
        for b in (b for b in view["bandits"] if b["seat"] == p["seat"]):
            name = bandit_text(b["character"], bold=mine)
            if p["seat"] == actor:
                name = Text("▶ ") + name
            row: list[RenderableType] = [
                name,
                who.get(p["seat"], ""),
                base.figure_where(view, b),
                base.loot_summary(b["loot"]),
                str(b["bullets_left"]),
                str(b["bullets_received"]),
                str(p["hand_size"]),
            ]
            if hs is not None:
                held = hs["hostages"].get(b["character"])
                row.insert(4, names.hostage(held) if held else "")
            table.add_row(*row)
    return table


def pile(view: dict[str, Any], *, compact: bool = False) -> RenderableType:
    """The action pile in play order; face-down cards show their owner only. The cards
    wrap between them, never inside one; the compact board gives the pile two lines: the
    last cards played while the bandits scheme, the cards to come as they resolve, and how
    many it leaves out."""
    pile = view["pile"]
    if "result" in view:  # (the top line says the game is over)
        return Text("Pile: empty.", style="dim")
    if not pile:
        return Text("Pile: no card played yet this round.", style="dim")
    resolved = [i for i, c in enumerate(pile) if c["resolved"]]
    current = view["resolving"] if view["resolving"] is not None else (
        resolved[-1] if view["decision"] == "watch" and resolved else None
    )
    entries = []
    for n, card in enumerate(pile):
        face = "face down" if card["card"] is None else names.card(card["card"], owner=False)
        style = "dim" if card["resolved"] else ""
        if current == n:
            style = "reverse bold"
        entry = Text.assemble(bandit_text(card["bandit"], short=compact), (" " + face, style))
        entries.append(entry)
    if not compact:
        return Window(Text("Pile (first played resolves first): "), entries, rows=len(pile))
    if len(resolved) > 1:  # keep the cards to come in the two lines
        start = current if current is not None else resolved[-1]
        return Window(Text("Pile: "), entries, start=start, from_start=True,
                      earlier="resolved")
    return Window(Text("Pile: "), entries)


def hand(view: dict[str, Any] | None) -> RenderableType:
    """The viewer's hand (each playable card with its key) and kept cards."""
    if view is None or view.get("hand") is None:
        return Text("Hand hidden.", style="dim")
    keys = {c["action"]: c["key"] for c in base.choices(view)}
    if not view["hand"]:
        return Text(base.hand_sentence(view), style="dim")
    counts: dict[str, int] = {}
    for card in view["hand"]:
        counts[card] = counts.get(card, 0) + 1
    entries = []  # each card whole on a line, its key with it
    for card, n in counts.items():
        key = keys.get(f"play {card}")
        dead = card.startswith("bullet")
        entry = Text.assemble((f"[{key}]", "bold reverse"), " ") if key else Text()
        entry.append(names.card(card), style="dim" if dead else "bold cyan")
        entry.append(f" x{n}" if n > 1 else "", style="bold")
        entries.append(entry)
    kept = Text("Kept: " + ", ".join(names.card(c) for c in view["kept"])) if view.get(
        "kept") else None
    return Window(Text("Your hand: ", style="bold"), entries, rows=len(entries), sep="  ",
                  after=kept)


def mp_panel(view: dict[str, Any]) -> RenderableType:
    """Marshal & Prisoners: Wanted Posters, prisoners, Brawler cards, the Marshal's cylinder
    piles and Achievement zone, penalties, goals (the Marshal's own with their rules)."""
    left, right = mp_columns(view)
    table = Table(expand=True, box=None, padding=(0, 1), show_header=False)
    table.add_column(ratio=1)
    table.add_column(ratio=1)
    table.add_row(left, right)
    return table


def mp_columns(view: dict[str, Any]) -> tuple[Text, Text]:
    """The bandits' side (posters, prisoners, Brawler cards), then the Marshal's."""
    mp = view["mp"]
    left, right = Text(), Text()

    def head(text: Text, label: str) -> None:
        if text:
            text.append("\n")
        text.append(label + ": ", style="bold")

    head(left, "Wanted Posters")
    for n, (name, state) in enumerate(mp["posters"].items()):
        left.append("  " if n else "")
        left.append_text(bandit_text(name, bold=True))
        left.append(" wanted" if state == "wanted" else " captured",
                    style="green" if state == "wanted" else "red")
    head(left, "Prisoners waiting")
    waiting = [names.sidekick(p) for p in mp["prisoners_waiting"]]
    left.append(", ".join(waiting) or "none")
    if mp["prisoners"]:
        head(left, "Freed")
        left.append("; ".join(
            f"{names.bandit(b)} holds {names.sidekick(p)}" for b, p in mp["prisoners"].items()
        ))
    head(left, "Brawler cards left")
    left.append(", ".join(f"{names.brawler(v)} ${v:,}" for v in mp["brawlers_left"]) or "none")
    if mp["brawlers_won"]:
        left.append("; won: ")
        left.append("; ".join(
            f"{names.bandit(b)} " + ", ".join(f"{names.brawler(v)} ${v:,}" for v in values)
            for b, values in mp["brawlers_won"].items()
        ))

    head(right, "Marshal's guns")
    for side, gun in zip(("left", "right"), mp["guns"], strict=True):
        right.append(f"{side} ")
        right.append(f"{gun['bullets']}", style="bold")
        if gun["top"]:
            right.append(f" ({names.penalty(gun['top'])})")
        right.append("  " if side == "left" else "")
    penalties = [
        f"{names.bandit(b)}: " + ", ".join(names.penalty(k) for k in keys)
        for b, keys in mp["penalties"].items() if keys
    ]
    head(right, "Penalties")
    right.append("; ".join(penalties) or "none")
    head(right, "Achievement zone")
    taken = [names.sidekick(p) for p in mp["taken_prisoners"]]
    right.append(", ".join(taken) if taken else "no prisoner")
    bags = len(mp["taken_mailbags"])
    right.append(f"; {names.loot('mailbag', bags)}" if bags else "; no mailbag")
    head(right, "Goals")
    right.append(f"{mp['goals_upcoming']} upcoming (face down), {mp['goals_current']} current")
    if mp["goals_revealed"]:
        right.append("; revealed: " + ", ".join(names.goal(g) for g in mp["goals_revealed"]))
    mine = mp.get("my_goals")
    if mine and view.get("seat") == mp["marshal_seat"] and "result" not in view:
        head(right, "Your goals")
        for goal, did in zip(mine, marshal_prisoners.goals_done(mp), strict=True):
            right.append("\n• ")
            right.append(names.goal(goal), style="bold")
            if did is not None:
                mark = marshal_prisoners.GOAL_DONE if did else marshal_prisoners.GOAL_NOT_YET
                right.append(f" ({mark})", style="green" if did else "")
            right.append(": " + names.goal_help(goal), style="italic")
    return left, right
