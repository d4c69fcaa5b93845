"""The words of Marshal & Prisoners: the Marshal's and the bandits' choices of the expansion
(labels and help), the prison car and its cell, Wanted Posters, prisoners, Brawler cards,
the Marshal's cylinder piles, penalties, Achievement zone and goals, the round summary's
captures and rescues, the end of the game, the expansion's events in sentences, its rules
help, and the browser's panel. It plugs into the base game's words through
``common.register`` (see ``coltexpress.words``).

The Marshal's current goals are named only where the view holds them (the Marshal's seat,
and everyone at the end): these words are built from the view, never from the game.
"""

from __future__ import annotations

from typing import Any

from ..engine import names
from ..engine.actions import (
    Capture,
    DrawIdea,
    Escape,
    Free,
    Give,
    MarshalShot,
    Play,
    Punch,
)
from . import base
from .base import event_car, figure_name, loot_summary, shot, space_sentences
from .common import (
    Expansion,
    Reader,
    Template,
    and_list,
    cap,
    dollars,
    money,
    plural,
    register,
    sentence,
)

__all__ = [
    "browser_end_lines",
    "browser_train_sentences",
    "browser_where",
    "brief",
    "end_lines",
    "lines",
    "panel",
    "score_rows",
]

MARSHAL = "marshal"  # the Marshal among the figures of a view


def _you(view: dict[str, Any], seat: int) -> bool:
    return view.get("seat") == seat


def goals_needed() -> int:
    from ..engine.mp.content import mp_content

    return int(mp_content().goals_needed)


# ---------------------------------------------------------------------------- choices


def in_cell(view: dict[str, Any] | None) -> bool:
    """Whether the viewer's bandit is in the prison car's cell."""
    if view is None or not view.get("mp") or view.get("seat") is None:
        return False
    mine = view["players"][view["seat"]]["bandits"]
    return any(b in view["mp"]["in_cell"] for b in mine)


def _penalty(view: dict[str, Any] | None, gun: str) -> str:
    """The penalty on top of one of the Marshal's cylinder piles, as the table sees it."""
    mp = None if view is None else view.get("mp")
    if not mp:
        return ""
    top = mp["guns"][0 if gun == "left" else 1]["top"]
    return f" ({names.penalty(top)})" if top else ""


def _penalty_help(view: dict[str, Any] | None, gun: str) -> str:
    mp = None if view is None else view.get("mp")
    top = mp["guns"][0 if gun == "left" else 1]["top"] if mp else None
    return names.penalty_help(top) if top else ""


def _held(view: dict[str, Any] | None, token: int) -> str:
    """A loot token the viewer's bandit holds, by what the viewer knows of it."""
    for bandit in [] if view is None else view["bandits"]:
        for t in bandit["loot"]:
            if t["id"] == token:
                kind = names.loot(t["kind"])
                return f"{kind} (${t['value']})" if "value" in t else kind
    return "a loot token"


def label(a: Any, view: dict[str, Any] | None) -> str | None:
    """The label of a choice of the expansion's, or None."""
    match a:
        case MarshalShot(target=t, gun=gun, second=None):
            return f"Shoot {names.bandit(t)} with the {gun} gun{_penalty(view, gun)}"
        case MarshalShot(target=t, gun=gun, second=str(other)):
            right = "right" if gun == "left" else "left"
            return (
                f"Shoot {names.bandit(t)} with the {gun} gun{_penalty(view, gun)} and "
                f"{names.bandit(other)} with the {right} gun{_penalty(view, right)}"
            )
        case DrawIdea():
            return "Search your deck for your Brilliant Idea"
        case Capture(target=t):
            return f"Capture {names.bandit(t)}"
        case Escape(to=to):
            return "Leave the cell " + ("onto the roof" if to == "roof" else "for the corridor")
        case Free(target=t, prisoner=True):
            me = None if view is None else view.get("actor_bandit")
            gives = (
                "your own: a second loot token on each Rob" if me == t
                else f"{names.power_of(str(t))} while the prisoner stays"
            )
            return f"Free {names.sidekick(t)} ({gives})"
        case Free(target=t):
            return f"Free {names.bandit(t)} from the cell"
        case Give(token=token):
            return f"Give {_held(view, token)}"
        case Punch(target="marshal", direction=d):
            return f"Punch the Marshal: take a Brawler card; push the Marshal {base.WAY[d]}"
    return None


MARSHAL_SHOOT = (
    "Shoot (the Marshal's): when it resolves, choose a bandit in your line of fire (inside: "
    "a bandit inside an adjacent car; on the roof: a bandit on another roof with nobody "
    "between) and the cylinder pile to shoot from; the bandit takes that pile's top Bullet "
    "card with its penalty. Nobody to shoot: no effect."
)


def _marshal_plays(view: dict[str, Any] | None) -> bool:
    """Whether the figure choosing is the Marshal."""
    if view is None or not view.get("mp"):
        return False
    return bool(view.get("actor") == view["mp"]["marshal_seat"]
                and view.get("actor_bandit") in (None, MARSHAL))


def hint(a: Any, view: dict[str, Any] | None) -> str | None:
    """The help of a choice of the expansion's (or of a card played in the cell), or None."""
    match a:
        case Play(kind=kind, hidden=False) if in_cell(view) and kind != "idea":
            return "You are in the cell: only a Brilliant Idea has an effect there. " + (
                names.card_help(kind))
        case Play(kind="shoot", hidden=False) if _marshal_plays(view):
            return MARSHAL_SHOOT
        case MarshalShot(gun=gun, second=None):
            top = _penalty(view, gun).strip(" ()")
            text = "The bandit takes one of your Bullet cards, with its penalty."
            return text + (f" {_penalty_help(view, gun)}" if top else "")
        case MarshalShot():
            return (
                "Two bandits in your line of fire take a Bullet card each, one from each of "
                "your cylinder piles, with its penalty."
            )
        case DrawIdea():
            return (
                "Instead of drawing 3 cards: take your Brilliant Idea from your deck (or "
                "discard pile) into your hand, then shuffle your deck."
            )
        case Capture():
            return names.card_help("capture")
        case Escape(to="roof"):
            return "Your Brilliant Idea gets you out of the cell, onto the prison car's roof."
        case Escape():
            return "Your Brilliant Idea gets you out of the cell, into the prison car's corridor."
        case Free(prisoner=True):
            return (
                "The prisoner becomes your trusty sidekick: another bandit's power, or a "
                "second loot token when you rob if the sidekick is your own; $200 at the end."
            )
        case Free():
            return (
                "The bandit comes out of the cell to your space and gives you one loot "
                "token of that bandit's choice."
            )
        case Give():
            return "Your rescuer gets this token."
        case Punch(target="marshal"):
            return (
                "You take the top Brawler card ($800, $500, then $300 at the end) and push "
                "the Marshal to an adjacent car."
            )
    return None


# ---------------------------------------------------------------------------- the board


def where(view: dict[str, Any], bandit: dict[str, Any]) -> str | None:
    """Off the train or in the cell, to follow "is"; None elsewhere."""
    mp = view["mp"]
    if bandit["character"] in mp["off_train"]:
        return "off the train"
    if bandit["character"] in mp["in_cell"]:
        return "in the cell of the prison car"
    return None


def figure_lines(view: dict[str, Any]) -> list[str]:
    """Each figure as the viewer sees it, the Marshal's figure and the cell included."""
    lines = []
    for p in view["players"]:
        mine = _you(view, p["seat"])
        for b in (b for b in view["bandits"] if b["seat"] == p["seat"]):
            who = figure_name(b["character"]) + (" (you)" if mine else "")
            if b["character"] == "marshal":
                guns = view["mp"]["guns"]
                bullets = plural(sum(g["bullets"] for g in guns), "Bullet card")
                flasks = f"; {loot_summary(b['loot'])}" if b["loot"] else ""  # whiskey
                lines.append(
                    f"{who}: {base.figure_where(view, b)}{flasks}; {bullets} left in the two "
                    f"cylinder piles; {plural(p['hand_size'], 'card')} in hand."
                )
                continue
            lines.append(base.bandit_line(view, p, b, who))
    return lines


def train_lines(view: dict[str, Any]) -> list[str]:
    """The train in sentences: the caboose is the prison car, with who is in its cell, and
    who is off the train."""
    mp = view["mp"]
    cars = view["cars"]
    lines = space_sentences(view)
    lines.append(
        f"The train: the locomotive and {cars} cars; car {cars}, the caboose, is the prison car."
    )
    lines.append(_cell_sentence(mp))
    if mp["off_train"]:
        lines.append(
            "Off the train: " + and_list([names.bandit(b) for b in mp["off_train"]]) + "."
        )
    return lines + base.beside_train(view)


def _cell_sentence(mp: dict[str, Any]) -> str:
    if not mp["in_cell"]:
        return "The cell of the prison car is empty."
    who = and_list([names.bandit(b) for b in mp["in_cell"]])
    return f"In the cell of the prison car: {who}."


def lines(view: dict[str, Any], *, goal_help: bool = True) -> list[str]:
    """Marshal & Prisoners in sentences: Wanted Posters, prisoners, Brawler cards, the
    Marshal's cylinder piles, penalties, Achievement zone and goals (the viewer's own goals
    when the viewer plays the Marshal, ``goal_help`` with what each asks). The cell and who
    is off the train are told with the train (``train_lines``). None without the expansion."""
    mp = view.get("mp")
    if not mp:
        return []
    out = []
    wanted = [names.bandit(b) for b, s in mp["posters"].items() if s == "wanted"]
    captured = [names.bandit(b) for b, s in mp["posters"].items() if s == "captured"]
    text = "Wanted Posters: " + (and_list(wanted) + " still wanted" if wanted else "none left")
    if captured:
        text += "; captured by the Marshal: " + and_list(captured)
    out.append(text + ".")
    waiting = [names.sidekick(p) for p in mp["prisoners_waiting"]]
    out.append(
        "Prisoners waiting behind the prison car: "
        + (and_list(waiting) if waiting else "none") + "."
    )
    held = [
        f"{names.bandit(b)} holds {names.sidekick(p)}" for b, p in mp["prisoners"].items()
    ]
    if held:
        out.append("Prisoners freed: " + and_list(held) + ".")
    left = [f"{names.brawler(v)} (${v:,})" for v in mp["brawlers_left"]]
    text = "Brawler cards left: " + (and_list(left) if left else "none")
    won = [
        f"{names.bandit(b)} won " + and_list([f"{names.brawler(v)} (${v:,})" for v in values])
        for b, values in mp["brawlers_won"].items()
    ]
    if won:
        text += "; " + "; ".join(won)
    out.append(text + ".")
    out.append("The Marshal's cylinder piles: " + _guns(mp) + ".")
    fronts = [
        f"{names.bandit(b)}: " + ", ".join(names.penalty(k) for k in keys)
        for b, keys in mp["penalties"].items()
        if keys
    ]
    out.append("Penalties in front of bandits: " + ("; ".join(fronts) or "none") + ".")
    taken = [names.sidekick(p) for p in mp["taken_prisoners"]]
    bags = len(mp["taken_mailbags"])
    zone = []
    zone.append(plural(len(taken), "prisoner") + (f" ({and_list(taken)})" if taken else ""))
    zone.append(names.loot("mailbag", bags).replace("a ", "1 ", 1) if bags else "no mailbag")
    out.append("The Marshal's Achievement zone: " + ", ".join(zone) + ".")
    out.append(_goals_sentence(mp))
    if mp.get("my_goals") is not None and "result" not in view:
        mine = view.get("seat") == mp["marshal_seat"]
        head = "Your current goals" if mine else "The Marshal's current goals"
        goals = marked_goals(mp)
        if not goals:
            out.append(f"{head}: none.")
        elif goal_help:
            out.append(f"{head}:")
            out += [f"  {g}: {names.goal_help(k)}" for g, k in zip(goals, mp["my_goals"],
                                                                     strict=True)]
        else:
            out.append(f"{head}: " + and_list(goals) + ".")
    return out


GOAL_DONE = "done so far"
GOAL_NOT_YET = "not yet"


def marked_goals(mp: dict[str, Any]) -> list[str]:
    """The Marshal's current goals, each marked done (as the game stands: it would count
    if the game ended now) or not yet: ``Full of Lead (not yet)``."""
    return [
        names.goal(g) + ("" if d is None else f" ({GOAL_DONE if d else GOAL_NOT_YET})")
        for g, d in zip(mp["my_goals"], goals_done(mp), strict=True)
    ]


def goals_done(mp: dict[str, Any]) -> list[bool | None]:
    """Whether each of the Marshal's current goals is done as the game stands (None: not
    known to this view)."""
    done = mp.get("my_goals_done")
    goals = mp.get("my_goals") or []
    return list(done) if done is not None and len(done) == len(goals) else [None] * len(goals)


def _guns(mp: dict[str, Any]) -> str:
    parts = []
    for side, gun in zip(("left", "right"), mp["guns"], strict=True):
        if gun["bullets"]:
            top = f", {names.penalty(gun['top'])} on top" if gun["top"] else ""
            parts.append(f"{side} gun {plural(gun['bullets'], 'Bullet card')}{top}")
        else:
            parts.append(f"{side} gun empty")
    return "; ".join(parts)


def _goals_sentence(mp: dict[str, Any]) -> str:
    text = (
        f"The Marshal's goals: {mp['goals_upcoming']} upcoming (face down), "
        f"{mp['goals_current']} current"
    )
    if mp["goals_revealed"]:
        text += ", revealed: " + and_list([names.goal(g) for g in mp["goals_revealed"]])
    return text + f"; the Marshal needs {goals_needed()} completed to win."


def brief(view: dict[str, Any]) -> str:
    """Marshal & Prisoners in one short line, for a small screen (``lines`` says all)."""
    return " · ".join(", ".join(group) for group in brief_parts(view))


def brief_parts(view: dict[str, Any]) -> list[list[str]]:
    """``brief`` in parts, each a list of items a line may break between (never inside
    one: a goal's name stays whole)."""
    mp = view.get("mp")
    if not mp:
        return []
    short = {b: names.bandit(b)[:3] for b in mp["posters"]}
    parts: list[list[str]] = []
    if mp.get("my_goals") and view.get("seat") == mp["marshal_seat"]:
        goals = marked_goals(mp)
        parts.append(["Goals: " + goals[0], *goals[1:]])
    if mp["off_train"]:
        parts.append(["Off train: " + " ".join(names.bandit(b)[:3] for b in mp["off_train"])])
    wanted = [short[b] for b, s in mp["posters"].items() if s == "wanted"]
    parts.append(["Wanted: " + (" ".join(wanted) or "none")])
    parts.append([f"Prisoners {len(mp['prisoners_waiting'])}"])
    parts.append([f"Brawlers {len(mp['brawlers_left'])}"])
    left, right = (g["bullets"] for g in mp["guns"])
    parts.append([f"Guns: left {left}, right {right}"])
    return parts


# ---------------------------------------------------------------------------- summaries


def loot_moves(kind: str, d: dict[str, Any]) -> list[tuple[str, str, str]]:
    if kind == "give":  # a bandit freed from the cell pays
        return [(d["bandit"], "lost", d["loot"]), (d["to"], "took", d["loot"])]
    if kind == "mailbag-taken":
        return [(d["bandit"], "lost", "mailbag")]
    return []


def moves(kind: str, d: dict[str, Any]) -> list[tuple[str, str]]:
    """One event as (figure, what happened to it): captured, freed, a prisoner won or lost,
    a Brawler card, off the train."""
    if kind == "capture":
        poster = f" (and {names.bandit(d['bandit'])}'s Wanted Poster)" if d["first"] else ""
        return [(d["bandit"], "captured by the Marshal"),
                (MARSHAL, f"captured {names.bandit(d['bandit'])}{poster}")]
    if kind == "leave-cell":
        return [(d["bandit"], "got out of the cell")]
    if kind == "free-bandit":
        return [(d["freed"], f"freed by {names.bandit(d['bandit'])}")]
    if kind == "free-prisoner":
        own = d["sidekick"] == d["bandit"]
        whom = "their own trusty sidekick" if own else names.sidekick(d["sidekick"])
        return [(d["bandit"], f"freed {whom}")]
    if kind == "prisoner-taken":
        return [(d["bandit"], "lost a prisoner to the Marshal"),
                (MARSHAL, f"took {names.sidekick(d['sidekick'])} from "
                          f"{names.bandit(d['bandit'])}")]
    if kind == "mailbag-taken":
        return [(MARSHAL, f"took a mailbag from {names.bandit(d['bandit'])}")]
    if kind == "brawler":
        return [(d["bandit"], f"won the {names.brawler(d['value'])}")]
    if kind == "fall":
        return [(d["bandit"], "was knocked off the train")]
    return []


def score_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """``score_rows`` with Marshal & Prisoners' prizes: Wanted Poster, prisoner, Brawler
    cards; ``marshal`` marks the Marshal's seat, ``cannot_win`` why a seat may not win."""
    result = view["result"]
    rows = base.score_rows(view)
    for row in rows:
        s = row["seat"]
        row["posters"] = result["posters"][s]
        row["prisoners"] = result["prisoners"][s]
        row["brawlers"] = result["brawlers"][s]
        row["marshal"] = s == result["marshal"]
        row["cannot_win"] = result["cannot_win"].get(str(s), "")
        row["bandits"] = cap(row["bandits"])
    return rows


_CANNOT = {
    "fallen": "fell off the train",
    "in-the-cell": "is in the cell",
    "caught": "was caught at the Escape station",
}


def end_lines(view: dict[str, Any]) -> list[str]:
    """The end of a game of Marshal & Prisoners explained: who wins, the Marshal's goals
    done and not done, each bandit's money (loot, Gunslinger, Wanted Poster, prisoner,
    Brawler cards), and who could not win."""
    result = view["result"]
    rows = score_rows(view)
    by_seat = {r["seat"]: r for r in rows}
    needed = goals_needed()
    done = result["goals_done"]

    def who(r: dict[str, Any]) -> str:
        return "You" if r["you"] else r["bandits"]

    marshal = by_seat[result["marshal"]]
    winners = [by_seat[s] for s in result["winners"]]
    out = []
    if result["marshal_wins"]:
        text = f"{who(marshal)} {'win' if marshal['you'] else 'wins'}: "
        text += f"{done} of the Marshal's goals completed ({needed} needed)"
        partner = [r for r in winners if not r["marshal"]]
        if partner:
            text += f", with {who(partner[0])}, the poorest bandit"
        out.append(text + "!")
    else:
        why = (
            "fell off the train"
            if marshal["cannot_win"] == "fallen"
            else f"completed {plural(done, 'goal')}, not the {needed} needed"
        )
        head = f"The Marshal {why}. "
        if not winners:
            out.append(head + "No bandit can win.")
        elif len(winners) == 1:
            w = winners[0]
            out.append(
                head + f"{who(w)} {'win' if w['you'] else 'wins'} with ${w['total']:,}!"
            )
        else:
            out.append(
                head + and_list([who(w) for w in winners])
                + f" share the victory: ${winners[0]['total']:,}."
            )
    out.append(f"The Marshal's goals ({done} completed, {needed} needed):")
    for g in result["goals"]:
        mark = "Done" if g["done"] else "Not done"
        out.append(f"  {mark}: {sentence(names.goal(g['goal']))} {names.goal_help(g['goal'])}")
    for r in rows:
        if r["marshal"]:
            continue
        parts = [f"loot ${r['loot']:,}"]
        if r["gunslinger"]:
            parts.append("Gunslinger $1,000")
        if r["posters"]:
            parts.append(f"Wanted Poster ${r['posters']:,}")
        else:
            parts.append("Wanted Poster captured")
        if r["prisoners"]:
            parts.append(f"prisoner ${r['prisoners']:,}")
        if r["brawlers"]:
            parts.append(f"Brawler cards ${r['brawlers']:,}")
        parts += base.money_parts(r)
        text = f"{who(r)}: " + " + ".join(parts) + f" = {money(r['total'])}"
        if r["cannot_win"]:
            verb = _CANNOT.get(r["cannot_win"], "cannot win")
            if r["you"]:
                verb = verb.replace("is in", "are in").replace("was caught", "were caught")
            text += f"; {verb} and cannot win"
        out.append(text + ".")
    fired = ", ".join(f"{'you' if r['you'] else who(r)} {r['shots']}"
                      for r in rows if not r["marshal"])
    out.append(f"Bullets fired: {fired}.")
    for b in view["bandits"]:
        if b["character"] != "marshal":
            out.append(f"{base.ends_with(view, b)} {loot_summary(b['loot'])}.")
    return out


# ---------------------------------------------------------------------------- help

# What only Marshal & Prisoners has (left out of a base game's help), and what it leaves out.
_ONLY = {
    "cards": frozenset({"idea", "move+", "floor+", "capture"}),
    "turns": frozenset({"J"}),
    "events": frozenset({"safekeeping", "rumors", "reflex-action", "guilty-conscience",
                         "deadly-fall", "crime-doesnt-pay"}),
}
_NOT = {"cards": frozenset({"marshal"})}


def help_entry(section: str, key: str, entry: dict[str, Any], played: bool | None) -> str | None:
    """A topic's help as Marshal & Prisoners plays it (``played``); its goals named by the
    card."""
    if section != "goals" and not played:
        return None
    text = str(entry.get("help_mp", entry["help"]) if played else entry["help"])
    if section == "goals":  # named by the card: "Arrest Warrant", "Dodge Bullets!"
        title = "Arrest Warrant" if key == "warrant" else names.goal(key)
        text = f"{title}: " + text.replace("{bandit}", "that bandit")
    return text


# ---------------------------------------------------------------------------- events


def _goal(d: dict[str, Any], y: Reader) -> str:
    return f"{y.subject(None, 'turns')} over the next goal card ({d['count']} of 5 so far)."


def _gun(gun: str) -> str:
    return {"left": "left", "right": "right"}.get(gun, gun)


def _penalty_ends(d: dict[str, Any], y: Reader) -> str:
    b = d["bandit"]
    many = d.get("count", 1) > 1
    return (
        f"{y.poss(None)} {'bullets' if many else 'bullet'} in front of {y.name(b)} "
        f"{'are' if many else 'is'} shuffled into {y.poss(b)} deck."
    )


def _free_prisoner(d: dict[str, Any], y: Reader) -> str:
    b = d["bandit"]
    if d["sidekick"] == b:
        whose = "your" if y.mine(b) else "their"  # (no he or she: players pick their bandit)
        return (f"{y.subject(b, 'frees')} {whose} own trusty sidekick (two loot tokens "
                "for each Rob).")
    return (f"{y.subject(b, 'frees')} {names.sidekick(d['sidekick'])} "
            f"({names.power_of(d['sidekick'])} while the prisoner stays).")


def game_over(d: dict[str, Any], y: Reader) -> str | None:
    """The Marshal's goals first; only if he fails, the richest bandit."""
    if "marshal_wins" not in d:
        return None
    done = d["goals_done"]
    winners = d["winners"]
    marshal = cap(y.name(None))
    if d["marshal_wins"]:
        text = f"Game over. {marshal} completed {done} of 5 goals and {y.verb(None, 'wins')}"
        partner = [s for s in winners if s != d["marshal"]]
        if partner:
            poorest = "you" if partner[0] == y.seat else names.player(d["players"][partner[0]])
            text += f", with {poorest}, the poorest bandit"
        return text + "."
    text = f"Game over. {marshal} completed {done} of 5 goals: not enough. "
    if d.get("cannot_win", {}).get(str(d["marshal"])) == "fallen":
        text = f"Game over. {marshal} fell off the train and cannot win. "
    if not winners:
        return text + "No bandit can win."
    return text + base.richest(d, y)


EVENTS: dict[str, Template] = {
    "goal": _goal,
    "goal-seen": lambda d, y: f"Your new goal: {sentence(names.goal(d['goal']))}",
    "rumor": lambda d, y: (
        f"Rumor has it that one of the Marshal's goals is {sentence(names.goal(d['goal']))}"
    ),
    "draw-idea": lambda d, y: (
        f"{y.player(d, 'searches')} the deck for the Brilliant Idea, "
        f"{y.player_verb(d, 'takes')} it and {y.player_verb(d, 'shuffles')} the deck."
    ),
    "no-extra": lambda d, y: f"{y.player(d, 'plays')} no extra card.",
    "rainy-day": lambda d, y: (
        f"{y.player(d, 'keeps')} a card for a rainy day." if d["kept"]
        else f"{y.player(d, 'keeps')} no card for the next round."
    ),
    "copy": lambda d, y: (
        f"{y.poss(d['bandit'])} Brilliant Idea copies {y.poss(d['whose'])} "
        f"{names.card(str(d['card']), owner=False)}."
    ),
    "capture": lambda d, y: (
        f"{y.subject(None, 'captures')} {y.name(d['bandit'])}: into the cell of the prison car"
        + (f", and the Wanted Poster goes to {y.name(None)}." if d["first"] else ".")
    ),
    "leave-cell": lambda d, y: (
        f"{y.subject(d['bandit'], 'gets')} out of the cell "
        + ("onto the roof of the prison car." if d["to"] == "roof" else "into the corridor.")
    ),
    "free-prisoner": _free_prisoner,
    "free-bandit": lambda d, y: (
        f"{y.subject(d['bandit'], 'frees')} {y.name(d['freed'])} from the cell."
    ),
    "give": lambda d, y: (
        f"{y.subject(d['bandit'], 'gives')} {names.loot(d['loot'])} to {y.name(d['to'])}."
    ),
    "marshal-shoot": lambda d, y: (
        f"{shot(None, d, y)} ({_gun(d['gun'])} gun): {sentence(names.penalty(d['penalty']))}"
    ),
    "prisoner-taken": lambda d, y: (
        f"{y.subject(None, 'takes')} {names.sidekick(d['sidekick'])} away from "
        f"{y.name(d['bandit'])}."
    ),
    "mailbag-taken": lambda d, y: (
        f"{y.subject(None, 'takes')} a mailbag from {y.name(d['bandit'])}."
    ),
    "brawler": lambda d, y: (
        f"{y.subject(d['bandit'], 'wins')} {y.poss(None)} {names.brawler(d['value'])} "
        f"({dollars(d['value'])})."
    ),
    "fall": lambda d, y: f"{y.subject(d['bandit'], 'is knocked')} off the train!",
    "penalty-ends": _penalty_ends,
    "prisoners-kept": lambda d, y: (
        f"The prisoners left behind the prison car go to {y.name(None)}: "
        + ", ".join(names.sidekick(b) for b in d["sidekicks"]) + "."
    ),
    "mailbags-kept": lambda d, y: (
        f"{plural(d['count'], 'mailbag')} left on the train "
        f"{'goes' if d['count'] == 1 else 'go'} to {y.name(None)}."
    ),
    "no-angry": lambda d, y: f"{y.subject(None, 'does not')} {d['action']}.",
    "no-reflex": lambda d, y: f"{y.player(d, 'plays')} no card.",
    "safekeeping": lambda d, y: (
        f"The loot inside {event_car(d)} goes up to its roof ({plural(d['count'], 'token')})."
    ),
    "in-force": lambda d, y: (
        f"{sentence(names.event(d['name']))} Its rule holds to the end of the game."
        if d["name"] else "The train station's rule holds."
    ),
}


# ---------------------------------------------------------------------------- the browser

_POSTERS = {"wanted": "Wanted", "captured": "Captured"}
_GUNS = ("Left gun", "Right gun")
_CANNOT_WIN = {
    "fallen": "knocked off the train, so cannot win",
    "in-the-cell": "in the cell at the end (Crime Doesn't Pay!), so cannot win",
}


def browser_where(bandit: dict[str, Any], view: dict[str, Any]) -> str:
    """Where a figure is, to follow "is", in the browser's words: the cell, off the train."""
    if bandit["character"] in view["mp"]["in_cell"]:
        return "in the cell of the prison car (the caboose)"
    return base.figure_where(view, bandit)


def browser_train_sentences(view: dict[str, Any]) -> list[str]:
    """The train in sentences for the browser: the prison car and its cell, mailbags, the
    bandits off the train."""
    mp, cars = view["mp"], view["cars"]
    out = space_sentences(view)
    cell = [names.bandit(c) for c in mp["in_cell"]]
    out.append(f"In the cell: {and_list(cell)}." if cell else "The cell is empty.")
    if mp["off_train"]:
        out.append(f"Off the train: {and_list([names.bandit(c) for c in mp['off_train']])}.")
    out.append(
        f"The train: the locomotive and {cars} cars; car {cars}, the caboose, is the prison car."
    )
    return out


def _goal_entry(slug: str, done: bool | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": names.goal(slug), "help": names.goal_help(slug)}
    if done is not None:
        entry["done"] = done
    return entry


def panel(view: dict[str, Any]) -> dict[str, Any] | None:
    """The words for the Marshal & Prisoners panel of a view (None without it): the prison
    car, Wanted Posters, prisoners, Brawler cards, the Marshal's guns and Achievement zone,
    penalties, goals (the current ones only where the view shows them: the Marshal's seat
    and the end)."""
    mp = view.get("mp")
    if not mp:
        return None
    you = view.get("seat") == mp["marshal_seat"]
    bandit = names.bandit
    out: dict[str, Any] = {
        "marshal": "You" if you else "The Marshal",
        "prison": f"{cap(names.car(mp['prison_car'], view['cars']))} is the prison car.",
        "cell": [bandit(c) for c in mp["in_cell"]],
        "off_train": [bandit(c) for c in mp["off_train"]],
        "posters": [
            {"bandit": bandit(c), "state": _POSTERS.get(s, s), "captured": s == "captured"}
            for c, s in mp["posters"].items()
        ],
        "prisoners_waiting": [names.sidekick(p) for p in mp["prisoners_waiting"]],
        "prisoners": [
            {"bandit": bandit(c), "prisoner": names.sidekick(p)} for c, p in mp["prisoners"].items()
        ],
        "brawlers_left": [f"{names.brawler(v)} (${v:,})" for v in mp["brawlers_left"]],
        "brawlers_won": [
            {"bandit": bandit(c), "cards": [f"{names.brawler(v)} (${v:,})" for v in won]}
            for c, won in mp["brawlers_won"].items()
        ],
        "guns": [
            {
                "name": _GUNS[i],
                "bullets": plural(g["bullets"], "bullet") + " left",
                "top": names.penalty(g["top"]) if g["top"] else "",
                "help": names.penalty_help(g["top"]) if g["top"] else "",
            }
            for i, g in enumerate(mp["guns"][:2])
        ],
        "penalties": [
            {
                "bandit": bandit(c),
                "penalties": [
                    {"name": names.penalty(p), "help": names.penalty_help(p)} for p in ps
                ],
            }
            for c, ps in mp["penalties"].items()
        ],
        "achievement": {
            "prisoners": [names.sidekick(p) for p in mp["taken_prisoners"]],
            "mailbags": loot_summary(mp["taken_mailbags"]) if mp["taken_mailbags"] else "",
        },
        "goals": {
            "upcoming": plural(mp["goals_upcoming"], "goal") + " face down, still to come",
            "current": plural(mp["goals_current"], "current goal")
            + (" (yours, secret to the bandits)" if you else " (kept secret by the Marshal)"),
            "revealed": [_goal_entry(g) for g in mp["goals_revealed"]],
        },
    }
    if "my_goals" in mp:
        out["goals"]["mine"] = [_goal_entry(g, d) for g, d in zip(mp["my_goals"],
                                                                  goals_done(mp), strict=True)]
    result = view.get("result")
    if result and "goals" in result:
        out["goals"]["final"] = [_goal_entry(g["goal"], bool(g["done"])) for g in result["goals"]]
    return out


def browser_end_lines(view: dict[str, Any]) -> list[str]:
    """The end of a game of Marshal & Prisoners in the browser's words: the winners first,
    the Marshal's goals done or not, each bandit's money (loot, Gunslinger, Wanted Poster,
    prisoner, Brawler cards) and who could not win."""
    result = view["result"]
    m = result["marshal"]
    marshal_you = _you(view, m)

    def who(seat: int) -> str:
        return "You" if _you(view, seat) else cap(names.player(view["players"][seat]["bandits"]))

    seats = [p["seat"] for p in view["players"] if p["seat"] != m]
    winners = result["winners"]
    out = []
    goals = result["goals"]
    done = result["goals_done"]
    if result["marshal_wins"]:
        verb = "win" if marshal_you else "wins"
        text = f"{who(m)} {verb}: {done} of {len(goals)} goals done!"
        partners = [s for s in winners if s != m]
        if partners:
            text += f" {and_list([who(s) for s in partners])}, the poorest bandit, wins too."
        out.append(text)
    elif not winners:
        out.append("Nobody wins.")
    else:
        best = result["totals"][winners[0]]
        if len(winners) == 1:
            verb = "win" if _you(view, winners[0]) else "wins"
            out.append(f"{who(winners[0])} {verb} with ${best:,}!")
        else:
            out.append(and_list([who(s) for s in winners]) + f" share the victory: ${best:,}.")
        out.append(f"{who(m)} did {done} of {len(goals)} goals: not enough to win.")
    whose = "Your" if marshal_you else "The Marshal's"
    for g in goals:
        state = "Done" if g["done"] else "Not done"
        goal = sentence(names.goal(g["goal"]))
        out.append(f"{state}: {whose[:1].lower() + whose[1:]} goal {goal}")
    guns = [s for s in seats if s in result["gunslingers"]]
    fired = ", ".join(f"{'you' if _you(view, s) else who(s)} {result['shots'][s]}"
                      for s in seats)
    if guns and len(guns) < len(seats):
        out.append(
            "Gunslinger ($1,000): "
            + and_list([who(s) for s in guns])
            + f", most bullets fired ({fired})."
        )
    elif guns:
        out.append(f"Gunslinger: every bandit fired as much ({fired}), so each gets $1,000.")
    for s in seats:
        parts = [f"loot ${result['loot'][s]:,}"]
        if s in result["gunslingers"]:
            parts.append("Gunslinger $1,000")
        if result["posters"][s]:
            parts.append(f"Wanted Poster ${result['posters'][s]:,}")
        if result["prisoners"][s]:
            parts.append(f"prisoner ${result['prisoners'][s]:,}")
        if result["brawlers"][s]:
            parts.append(f"Brawler cards ${result['brawlers'][s]:,}")
        text = f"{who(s)}: {' + '.join(parts)} = ${result['totals'][s]:,}"
        why = result["cannot_win"].get(str(s))
        if why:
            text += f"; {_CANNOT_WIN.get(why, 'cannot win')}"
        out.append(text + ".")
    for b in view["bandits"]:
        if b["seat"] != m:
            out.append(f"{base.ends_with(view, b)} {loot_summary(b['loot'])}.")
    return out


def browser(view: dict[str, Any], out: dict[str, Any]) -> None:
    """The browser's captions: the prison car and its cell in the train's words, mailbags
    in the loot, the expansion's panel (``mp``) and its end of the game."""
    out["train"] = browser_train_sentences(view)
    for entry, bandit in zip(out["bandits"], view["bandits"], strict=True):
        entry["where"] = browser_where(bandit, view)
        entry["loot"] = loot_summary(bandit["loot"])
    out["mp"] = panel(view)
    if "result" in view:
        out["end"] = browser_end_lines(view)


EXPANSION = register(Expansion(
    key="mp",
    option="marshal_prisoners",
    title="Marshal & Prisoners",
    order=1,
    prison_car=True,
    events=EVENTS,
    doing={
        "capture": "choosing whom to capture",
        "escape": "leaving the cell",
        "free": "choosing whom to free",
        "give": "choosing the loot to give",
        "extra": "choosing an extra card",
        "rainy-day": "choosing a card to keep for a rainy day",
        "rob-again": "robbing a second time",
        "event-shoot": "deciding whether to shoot",
        "event-move": "deciding whether to move",
        "reflex": "choosing a card to play by reflex",
    },
    pass_labels={
        "extra": "Play no extra card",
        "rainy-day": "Keep no card",
        "rob-again": "Take no second loot",
        "event-shoot": "Do not shoot",
        "event-move": "Do not move",
        "reflex": "Play no card",
    },
    pass_hints={
        "extra": "Your turn ends with the card you played.",
        "rainy-day": "Your unplayed cards all go back on your deck.",
        "rob-again": "You leave the rest of the loot here.",
        "event-shoot": "The Marshal holds fire.",
        "event-move": "The Marshal stays in the same space.",
        "reflex": "Your cards go back on top of your deck.",
    },
    actions=(MarshalShot, DrawIdea, Capture, Escape, Free, Give, Punch, Play),
    label=label,
    hint=hint,
    where=where,
    nowhere=lambda view: list(view["mp"]["in_cell"]),
    train_key=lambda view: view["mp"]["in_cell"],
    figure_lines=figure_lines,
    train_lines=train_lines,
    end_lines=end_lines,
    loot_moves=loot_moves,
    moves=moves,
    game_over=game_over,
    browser=browser,
    help_sections=("penalties", "goals", "marshal_prisoners"),
    help_only=_ONLY,
    help_not=_NOT,
    help_entry=help_entry,
))

__all__ += ["EVENTS", "EXPANSION"]
