"""Where the words live (``coltexpress.words``): each game's and expansion's sentences in
its own module, the expansions plugged into the base game's through the registry, in a
fixed order whatever the order they are imported in."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from coltexpress import Game, Options
from coltexpress.engine.actions import Move
from coltexpress.engine.event import Event
from coltexpress.words import base, common, horses_stagecoach, marshal_prisoners

WORDS = Path(base.__file__).parent


def test_each_event_is_said_in_one_module_only() -> None:
    """An event's sentence is in the base game's table or one expansion's, never two; the
    table every event is said from is their union."""
    tables = {"base": base.EVENTS, "mp": marshal_prisoners.EVENTS,
              "hs": horses_stagecoach.EVENTS}
    seen: dict[str, str] = {}
    for where, table in tables.items():
        for kind in table:
            assert kind not in seen, f"{kind!r} is said in {seen[kind]} and {where}"
            seen[kind] = where
    assert set(common.EVENT_TEXT) == set(seen)
    assert seen["capture"] == "mp" and seen["hostage"] == "hs" and seen["rob"] == "base"


def test_the_base_game_reads_no_expansion_part_of_a_view() -> None:
    """``words/base.py`` never looks at a view's ``mp`` or ``hs`` part: what depends on an
    expansion is asked of the registered expansions."""
    tree = ast.parse((WORDS / "base.py").read_text())
    found = [
        node.lineno for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in ("mp", "hs")
    ]
    assert not found, f"base.py names an expansion's part of a view at lines {found}"


def test_expansions_come_in_their_order_whatever_the_import_order() -> None:
    """Marshal & Prisoners comes before Horses & Stagecoach (its help sections first) even
    when Horses & Stagecoach's module is imported first."""
    code = (
        "import coltexpress.words.horses_stagecoach\n"
        "from coltexpress.words import base, common\n"
        "print(','.join(common.EXPANSIONS))\n"
        "print(','.join(base.help_topics(True, True)))\n"
    )
    env = {**os.environ}
    env["PYTHONPATH"] = str(WORDS.parents[1]) + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[0] == "mp,hs"
    sections = out[1].split(",")
    assert sections.index("Marshal & Prisoners") < sections.index("Horses & Stagecoach")
    assert sections[-1] == "variants"


@pytest.fixture
def third_expansion() -> Iterator[common.Expansion]:
    """A made-up expansion, registered for one test and taken out after it."""
    expansion = common.Expansion(
        key="zz", option="zz", title="Zz", order=3,
        events={"zz-bell": lambda d, y: f"{y.subject(d['bandit'], 'rings')} the bell."},
        doing={"zz-ring": "ringing the bell"},
        actions=(Move,),
        label=lambda a, view: "Ring the bell" if str(a) == "move forward 1" else None,
        where=lambda view, b: "in the bell tower" if b["character"] == "doc" else None,
    )
    expansions, events, doing = (
        dict(common.EXPANSIONS), dict(common.EVENT_TEXT), dict(common.DOING))
    common.register(expansion)
    yield expansion
    common.EXPANSIONS.clear()
    common.register(expansions["mp"])  # the registry as it was: its tables rebuilt
    common.register(expansions["hs"])
    common.EVENT_TEXT.clear()
    common.EVENT_TEXT.update(events)
    common.DOING.clear()
    common.DOING.update(doing)


def test_an_expansion_plugs_in_through_the_registry(third_expansion: common.Expansion) -> None:
    """A third expansion is one registration: its events are said, its labels win over the
    base game's, and its places are told where a view has its part."""
    assert Event("zz-bell", {"bandit": "doc"}).text() == "Doc rings the bell."
    assert base.label("move forward 1") == "Ring the bell"
    assert base.label("move forward 2") == "Move 2 cars toward the locomotive"
    assert common.DOING["zz-ring"] == "ringing the bell"
    view = Game.new(Options(players=3, characters=("doc", "belle", "tuco")), seed=1).view(0)
    doc = next(b for b in view["bandits"] if b["character"] == "doc")
    assert base.figure_where(view, doc) != "in the bell tower"  # the view has no "zz" part
    assert base.figure_where({**view, "zz": {}}, doc) == "in the bell tower"
    assert list(common.EXPANSIONS) == ["mp", "hs", "zz"]


def test_the_old_homes_of_the_words_are_gone() -> None:
    """No module is left where the words used to be, and no shim."""
    src = WORDS.parent
    for old in ("describe.py", "engine/narrate.py", "server/mp_words.py", "server/hs_words.py",
                "superexpress/describe.py", "superexpress/narrate.py"):
        assert not (src / old).exists(), old


def test_the_marshals_goals_are_marked_done_or_not_yet() -> None:
    """As the Marshal, each current goal is marked done (as the game stands) or not yet: in
    the board's short line, the players' screen and the browser's panel (before: the names
    only); the short line says which gun holds how many Bullet cards (before: "Guns 6/6")."""
    g = Game.new(Options.preset("marshal-prisoners"), seed=2)
    view = g.view(0)
    assert view["mp"]["my_goals"] == ["warrant@cheyenne"]
    short = marshal_prisoners.brief(view)
    assert "Goals: Arrest Warrant: Cheyenne (not yet)" in short, short
    assert "Guns: left 6, right 6" in short and "6/6" not in short
    said = "\n".join(marshal_prisoners.lines(view))
    assert "Your current goals:\n  Arrest Warrant: Cheyenne (not yet): " in said, said
    panel = marshal_prisoners.panel(view)
    assert panel is not None and panel["goals"]["mine"][0]["done"] is False
    done = Game.new(Options.preset("marshal-prisoners"), seed=1).view(0)
    assert "Goals: Dodge Bullets! (done so far)" in marshal_prisoners.brief(done)
    assert "my_goals" not in g.view(1)["mp"] and "my_goals_done" not in g.view(1)["mp"]


def test_the_prompt_says_what_kind_of_turn_it_is() -> None:
    """Playing a card, the prompt (the status line, the plain mode, the browser's caption)
    says a tunnel puts the card face down, which of a speeding-up turn's two plays this is,
    that Shoot and Punch cannot be played on a jarring turn; the choices' title says it in
    brief; the turn's printed name (before: "speeding-up", a slug)."""
    from coltexpress.tui.games import front_for_view

    seen: set[str] = set()
    for preset in ("standard", "marshal-prisoners"):
        for seed in range(6):
            g = Game.new(Options.preset(preset), seed=seed)
            last = None  # the last play decision: its round, turn and seat
            while not g.is_over and len(seen) < 5:
                seat = g.current_seat
                view = g.view(seat)
                if view["decision"] == "play" and view["turn"] is not None:
                    code = view["round_card"]["turns"][view["turn"]]
                    said = base.situation(view)
                    title = front_for_view(view).choice_title(view)
                    assert "(speeding-up)" not in said and "(jarring)" not in said, said
                    if code == "T":
                        assert "Tunnel turn: your card goes face down" in said, said
                        assert "Tunnel: face down" in title
                        seen.add("T")
                    elif code == "J":
                        assert "Jarring turn: Shoot and Punch cards cannot be played" in said
                        assert "Jarring: no Shoot, no Punch" in title
                        assert "(Jarring)" in said, said
                        seen.add("J")
                    elif code == "Sp":
                        which = "second" if last == (view["round"], view["turn"], seat) else "first"
                        assert (f"Speeding-up turn: you play twice in a row; this is your "
                                f"{which} play.") in said, said
                        assert f"Speeding-up: {which} of 2 plays" in title
                        seen.add(f"Sp-{which}")
                    elif code == "S":
                        assert "turn:" not in said.lower(), said
                    last = (view["round"], view["turn"], seat)
                g.apply(g.legal_actions()[0])
    assert {"T", "J", "Sp-first", "Sp-second"} <= seen, seen


def _finished(preset: str, seed: int) -> Game:
    g = Game.new(Options.preset(preset), seed=seed)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    return g


def test_the_sentences_a_new_player_tripped_over() -> None:
    """Words read awkwardly before: a bandit freeing its own sidekick named twice; a
    strongbox "inside car 6" (the stagecoach's index); "Take It All!." with two stops; the
    Marshal's goals "completed 3 of the goals, and needed 4" and "Only a Flesh Wound!: done";
    "You 0" mid-sentence; "Doc ends with" for the viewer's own bandit; "On the roof: The
    Marshal"."""
    own = {"bandit": "tuco", "sidekick": "tuco"}
    said = Event("free-prisoner", own, None).text()
    assert said.startswith("Tuco frees their own trusty sidekick"), said
    mine = Event("free-prisoner", own, None).text(common.Reader(1, ("tuco",)))
    assert mine.startswith("You free your own trusty sidekick"), mine
    assert marshal_prisoners.moves("free-prisoner", own) == [("tuco", "freed their own "
                                                                      "trusty sidekick")]
    coach = {"car": 6, "cars": 5, "coach": True, "beside": 4, "roof": False, "prison": True,
             "token": 3}
    assert Event("strongbox", coach, None).text() == "A strongbox appears inside the stagecoach."
    roof = {"car": 2, "cars": 5, "roof": True, "prison": True, "token": 3}
    assert Event("strongbox", roof, None).text() == (
        "A strongbox appears on the roof of car 2.")
    assert Event("strongbox", {"car": 2, "cars": 4, "token": 3}, None).text() == (
        "The second strongbox appears inside car 2.")

    g = Game.new(Options.preset("standard"), seed=1)
    view = {**g.view(0), "decision": "move", "turn": None}
    view["round_card"] = {**view["round_card"], "name": "take-it-all"}
    assert "Take It All!. " not in base.situation(view) and "Take It All! " in base.situation(
        view)

    mp = _finished("marshal-prisoners", 3)
    text = "\n".join(marshal_prisoners.end_lines(mp.view(1)))
    assert "of the goals, and needed" not in text and "!:" not in text, text
    assert re.search(r"(Done|Not done): ", text), text
    assert "You (" in text and " end with " in text and "(You " not in text, text
    base_end = "\n".join(base.end_lines(_finished("standard", 3).view(0)))
    assert re.search(r"You \(\w+\) end with", base_end) and "(You " not in base_end, base_end
    hs = Game.new(Options.preset("both-expansions"), seed=1).view(0)
    hs["bandits"] = [{**b, "coach": True, "roof": True} if b["character"] == "marshal" else b
                     for b in hs["bandits"]]
    coach = horses_stagecoach._coach(hs)
    assert any(line.startswith("On the roof: the Marshal") for line in coach), coach


def test_a_super_express_win_says_what_decided_it() -> None:
    """Colt Super Express: several bandits in the locomotive at the end; the winner's line
    says the Loot cards counted, and the best Loot card when that broke a tie (before:
    "the most Loot cards among ..., then the best of them", whichever decided)."""
    from coltexpress.games import new_game
    from coltexpress.words import super_express

    g = new_game("super-express", "standard", seed=1)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    view = g.view(0)
    n = len(view["bandits"])
    result = {**view["result"], "aboard": [True, True] + [False] * (n - 2),
              "out_round": [None, None] + [3] * (n - 2), "winners": [0],
              "loot": [3, 2] + [0] * (n - 2), "best_loot": [5, 4] + [0] * (n - 2)}
    first = super_express.result_lines({**view, "result": result})[0]
    assert first.endswith("wins: the most Loot cards among the bandits left in the "
                          "locomotive (3 Loot cards)."), first
    result = {**result, "loot": [2, 2] + [0] * (n - 2)}
    first = super_express.result_lines({**view, "result": result})[0]
    second = view["bandits"][1]["character"]
    assert "2 Loot cards among the bandits left in the locomotive, as many as " in first, first
    assert f"as many as {second.capitalize()}, and the best Loot card (worth 5)." in first


def test_a_kept_card_is_in_the_next_rounds_hand() -> None:
    """Marshal & Prisoners' card kept for a rainy day: the next round's "Your hand" names it
    with the cards drawn (before: only the cards drawn)."""
    g = Game.new(Options.preset("marshal-prisoners"), seed=4)
    kept: dict[int, list[str]] = {}
    checked = 0
    while not g.is_over and checked < 2:
        seat = g.current_seat
        view = g.view(seat)
        legal = [str(a) for a in g.legal_actions()]
        keep = [a for a in legal if a.startswith("keep ")]
        events = g.apply(keep[0] if keep else legal[-1] if view["decision"] != "play"
                         else legal[0])
        for s in range(g.n_players):
            if g.view(s).get("kept"):
                kept[s] = list(g.view(s)["kept"])
        for e in events:
            if e.kind == "hand" and kept.get(e.seat):
                assert set(kept[e.seat]) <= set(e.data["cards"]), (kept[e.seat], e.data)
                assert e.data["cards"] == g.view(e.seat)["hand"] or len(e.data["cards"]) == len(
                    g.view(e.seat)["hand"])
                checked += 1
                kept.pop(e.seat)
    assert checked, "no card was kept"


def test_the_card_that_resolves_is_named_as_played() -> None:
    """A Move + card resolving is "Your Move + card resolves", a Brilliant Idea copying a
    Rob "Your Brilliant Idea resolves as Rob" (before: "Your Move card", "Your Rob card");
    a copy with nothing to do says why; the Marshal's Shoot has the Marshal's own help."""
    from coltexpress.words.common import Reader

    g = Game.new(Options.preset("marshal-prisoners"), seed=1)
    marshal = g.view(0)
    assert base.hint("play shoot", marshal).startswith("Shoot (the Marshal's): ")
    assert "give a bullet card" not in base.hint("play shoot", marshal)
    said = Event("no-effect", {"bandit": "doc", "card": "idea@doc", "reason": "no-target",
                               "copied": "shoot"}).text(Reader(0, ("doc",)))
    assert said == "You have nobody to shoot: the copied Shoot has no effect.", said
    seen = set()
    for seed in range(30):
        g = Game.new(Options.preset("marshal-prisoners"), seed=seed)
        while not g.is_over and len(seen) < 2:
            v = g.view(g.current_seat)
            i = v.get("resolving")
            if i is not None and v["decision"] in ("move", "rob") and v["pile"][i]["card"]:
                kind = str(v["pile"][i]["card"]).partition("@")[0]
                said = base.situation(v, header=False)
                if kind == "move+":
                    assert "Your Move + card resolves: " in said, said
                    seen.add(kind)
                elif kind == "idea":
                    wanted = f"Your Brilliant Idea resolves as {v['decision'].capitalize()}: "
                    assert wanted in said, said
                    seen.add(kind)
            g.apply(g.legal_actions()[-1])
        if len(seen) == 2:
            break
    assert seen == {"move+", "idea"}


def test_where_everyone_is_says_you() -> None:
    """Where everyone is (the plain mode, the players' screen) names the viewer's bandit
    "you (Tuco)", and the prompt says "You (Tuco) are inside car 3." (before: "Tuco",
    "Tuco is inside car 3.", as if another player)."""
    from coltexpress.tui.games import front_for_view

    g = Game.new(Options.preset("standard"), seed=1)
    view = g.view(0)
    lines = front_for_view(view).train_lines(view)
    assert "Inside car 3: you (Tuco), Django; 1 purse, 1 jewel." in lines, lines
    spectator = front_for_view(view).train_lines(g.view(None))
    assert "Inside car 3: Tuco, Django; 1 purse, 1 jewel." in spectator
    while g.current_seat != 0 or g.view(0)["decision"] not in ("move", "floor", "rob"):
        g.apply(g.legal_actions()[0])
    said = base.situation(g.view(0), header=False)
    assert re.search(r"You \(Tuco\) are (inside|on the roof of) ", said), said


def test_only_a_hidden_value_is_told_to_the_robber() -> None:
    """A robbed purse's value is told to its robber alone; a jewel's (worth $500, known to
    everyone) is not told again (before: "The jewel you took is worth $500.")."""
    told = {"jewel": 0, "purse": 0}
    robbed = set()
    for seed in range(6):
        g = Game.new(Options.preset("standard"), seed=seed)
        while not g.is_over:
            events = g.apply(g.legal_actions()[-1])
            for e, after in zip(events, [*events[1:], None], strict=True):
                if e.kind == "rob" and e.data["loot"] in told:
                    if after is not None and after.kind == "rob-value":
                        told[e.data["loot"]] += 1
                    robbed.add(e.data["loot"])
    assert told["jewel"] == 0 and told["purse"] and robbed == {"jewel", "purse"}, told
