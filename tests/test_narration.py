"""What a player reads: the narration and the words for choices, over fuzzed games of every
option set. No internal name (slug, token number, notation word, seat number), no pronoun
that guesses a bandit's sex, and exactly one sentence for each bullet card taken."""

from __future__ import annotations

import re

import pytest

from coltexpress import Game, Options
from coltexpress.engine import names
from coltexpress.engine.content import content
from coltexpress.engine.hs.content import hs_content
from coltexpress.words.base import captions, choices, end_lines, label
from tests.test_fuzz import CONFIG_IDS, CONFIGS, pick

_HS_CARDS = hs_content().round_cards + hs_content().stations
SLUGS = sorted(
    {c.name for c in content().round_cards + content().stations}
    | {c.event for c in content().round_cards + content().stations if c.event}
    | set(names.names()["powers"])
    # Horses & Stagecoach: its round cards, stations and hostages ("escape" is a word too)
    | ({c.name for c in _HS_CARDS} - {"escape"})
    | {h.name for h in hs_content().hostages}
)
FORBIDDEN = [
    (re.compile(r"\b(" + "|".join(map(re.escape, SLUGS)) + r")\b"), "a slug"),
    (re.compile(r"\btoken \d|#\d"), "a token number"),
    (re.compile(r"\b[Ss]eat \d"), "a seat number"),
    (re.compile(r"@|\bfloor card\b|\(down\)"), "notation"),
    (re.compile(r"\b(he|him|his|she|her)\b", re.IGNORECASE), "a pronoun"),
    (re.compile(r"\b(belle|cheyenne|django|doc|ghost|tuco|mei)\b"), "a lowercase name"),
]
# A bandit (by name) taking one bullet card: a shot, a neutral bullet, the Marshal's.
BULLET_SENTENCE = re.compile(
    r"\b[A-Z][a-z]+ (meets the Marshal, )?takes a neutral bullet"
    r"|who takes ([A-Z][a-z]+|the Marshal)'s bullet card \d"
)


def _problems(text: str) -> list[str]:
    return [f"{why} in {text!r}" for pattern, why in FORBIDDEN if pattern.search(text)]


@pytest.mark.parametrize(("label_", "options"), CONFIGS[::2], ids=CONFIG_IDS[::2])
def test_narration_and_choices_speak_a_players_language(label_: str, options: Options) -> None:
    import random

    for seed in (1, 2):
        g = Game.new(options, seed=seed)
        rng = random.Random(seed)
        texts = [e.text() for e in g.events]
        while not g.is_over:
            seat = g.pending.seat
            view = g.view(seat)
            for c in choices(view):
                texts += [c["label"], c["hint"]]
            received = sum(g.received)
            events = g.apply_id(pick(rng, g.legal_ids()))
            said = [e.text() for e in events]
            texts += said
            taken = sum(g.received) - received
            assert sum(len(BULLET_SENTENCE.findall(t)) for t in said) == taken, said
        texts += end_lines(g.view(0))
        for seat in (None, 0):
            words = captions(g.view(seat))
            texts += [words["situation"], *words["train"], *words.get("end", [])]
        problems = [p for t in texts for p in _problems(t)]
        assert not problems, problems[:5]


def test_the_patterns_catch_what_they_look_for() -> None:
    for bad in ("Event: passengers-rebellion.", "The token 11 is worth $250.", "Seat 3 draws",
                "play shoot@tuco", "he drops a purse", "a floor card", "Move (down)",
                "belle moves", "Doc takes ladys-poodle", "Round card: no-event-turmoil"):
        assert _problems(bad), bad
    assert not _problems("Belle's card: Change Floor. Belle climbs onto the roof of car 2.")


def test_the_marshal_bullet_is_told_once() -> None:
    """One sentence per bullet: meeting the Marshal is one sentence that says the bullet."""
    from support import new_game, put, set_round, stealin

    g = new_game("first-game", players=3, seed=1)
    g.first = 0
    set_round(g, "braking")
    put(g, belle=(3, False), cheyenne=(1, False), django=(2, True))
    events = stealin(g, [("belle", "marshal")])
    bullets = [e.text() for e in events if "bullet" in e.text()]
    assert bullets == ["Cheyenne meets the Marshal, takes a neutral bullet and escapes to the "
                       "roof of car 1."]


def test_labels_name_cards_and_bandits_as_printed() -> None:
    assert label("play floor") == "Play Change Floor"
    assert label("keep bullet") == "Keep a bullet card"
    assert "Cheyenne drops a purse" in label("punch cheyenne purse back")
    assert names.card("bullet@doc:3") == "Bullet 3 (Doc)"


def test_every_decision_says_what_the_player_is_doing() -> None:
    """The situation line names what the acting player is doing for every decision the
    engine can ask (the expansion's too), never a generic 'to decide'."""
    from coltexpress.engine.game import Decision
    from coltexpress.words.common import DOING

    missing = [d.value for d in Decision if d.value != "over" and d.value not in DOING]
    assert not missing, missing


def test_help_follows_the_game_it_is_for() -> None:
    """A base game's help leaves the expansion out; Marshal & Prisoners' help explains its
    own topics (prisoners, Brawler cards, posters, goals) and its versions of the events,
    and drops the Marshal card the expansion does not use."""
    from coltexpress.words.base import help_text, help_topics, lookup

    base, mp = help_topics(False), help_topics(True)
    assert "idea" not in base["cards"] and "marshal" in base["cards"] and "goals" not in base
    assert "marshal" not in mp["cards"] and "idea" in mp["cards"]
    assert mp["events"]["angry-marshal"].startswith("Angry Marshal: the Marshal may shoot")
    for topic in ("prisoners", "Brawler cards", "Wanted Posters", "goals", "Arrest Warrant",
                  "Throw Away the Key!", "Marshal"):
        assert lookup(topic, True)
    assert "Bullet cards of any one bandit" in help_text(True)
    with pytest.raises(KeyError):
        lookup("Brawler cards", False)


def test_round_summary_tells_what_the_marshal_did() -> None:
    """Marshal & Prisoners: a round summary says who was captured, freed or knocked off,
    who lost a prisoner or a mailbag to the Marshal, who won a Brawler card."""
    from coltexpress.engine.event import Event
    from coltexpress.words.base import round_summary

    g = Game.new(Options(marshal_prisoners=True, players=4,
                         characters=("belle", "doc", "tuco")), seed=1)
    view = g.view(None)
    events = [
        Event("capture", {"bandit": "doc", "first": True}, None),
        Event("mailbag-taken", {"bandit": "belle"}, None),
        Event("prisoner-taken", {"bandit": "belle", "sidekick": "tuco"}, None),
        Event("brawler", {"bandit": "tuco", "value": 800}, None),
        Event("free-prisoner", {"bandit": "tuco", "sidekick": "mei"}, None),
    ]
    lines = round_summary(view, view, events)
    assert "Doc: captured by the Marshal" in lines
    assert "Belle: lost 1 mailbag, lost a prisoner to the Marshal" in lines
    assert "Tuco: won the Gold Punch, freed Mei's trusty sidekick" in lines


def test_round_summary_names_the_marshals_own_deeds() -> None:
    """The Marshal's line of a round summary names the bandits captured, the Wanted Posters
    taken (a first capture), the sidekicks and mailbags taken (before: "nothing changed");
    a bandit's line names the prisoner freed."""
    from coltexpress.engine.event import Event
    from coltexpress.words.base import round_summary

    g = Game.new(Options.preset("marshal-prisoners", players=4,
                                characters=("cheyenne", "django", "tuco")), seed=1)
    view = g.view(0)
    events = [
        Event("capture", {"bandit": "cheyenne", "first": True}, None),
        Event("capture", {"bandit": "django", "first": False}, None),
        Event("prisoner-taken", {"bandit": "tuco", "sidekick": "mei"}, None),
        Event("mailbag-taken", {"bandit": "tuco"}, None),
        Event("free-prisoner", {"bandit": "cheyenne", "sidekick": "django"}, None),
    ]
    lines = round_summary(view, view, events)
    marshal = next(line for line in lines if line.startswith("The Marshal"))
    assert marshal == (
        "The Marshal (you): captured Cheyenne (and Cheyenne's Wanted Poster), captured "
        "Django, took Mei's trusty sidekick from Tuco, took a mailbag from Tuco"
    ), lines
    assert any(line.startswith("Cheyenne: captured by the Marshal, freed Django's trusty "
                               "sidekick") for line in lines), lines


# ---------------------------------------------------------------------------- Horses & Stagecoach


def _says(kind: str, data: dict[str, object], seat: int | None = None) -> str:
    from coltexpress.engine.event import Event
    from coltexpress.words.common import EVENT_TEXT

    assert kind in EVENT_TEXT, kind
    text = Event(kind, data, seat).text()
    assert not _problems(text), _problems(text)
    return text


CAR2 = {"car": 2, "roof": False, "cars": 4, "prison": False}
ROOF3 = {"car": 3, "roof": True, "cars": 4, "prison": False}
COACH = {"coach": True, "beside": 2, "roof": False, "cars": 4, "prison": False}
COACH_ROOF = {**COACH, "roof": True}


def test_every_horses_and_stagecoach_event_has_a_plain_sentence() -> None:
    """Each event kind of the expansion, in a player's words, with what matters in it."""
    said = {
        "horse-attack": _says("horse-attack", {"car": 4, "cars": 4, "prison": False}),
        "attack-chosen": _says("attack-chosen", {"seat": 1, "bandit": "doc"}),
        "attack-private": _says("attack-private", {"bandit": "doc", "board": True}, 1),
        "board": _says("board", {"car": 3, "cars": 4, "prison": False, "boarded": ["doc"],
                                 "rode_on": ["belle", "tuco"]}),
        "hostage": _says("hostage", {"bandit": "tuco", "hostage": "ladys-poodle"}),
        "ride": _says("ride", {"bandit": "doc", "frm": ROOF3, "to": COACH}),
        "ride-away": _says("ride-away", {"bandit": "ghost"}),
        "shotgun-punched": _says("shotgun-punched", {"bandit": "belle", "car": 2, "cars": 4}),
        "flee": _says("flee", {"bandit": "belle", "to": ROOF3}),
        "drink": _says("drink", {"seat": 0, "bandit": "doc", "old": True, "token": 30,
                                 "empty": False}),
        "whiskey-seen": _says("whiskey-seen", {"bandit": "doc", "old": False}, 0),
        "turmoil-chosen": _says("turmoil-chosen", {"seat": 2, "who": ["mei"]}),
        "turmoil-private": _says("turmoil-private", {"action": "play shoot"}, 2),
        "turmoil-reveal": _says("turmoil-reveal", {}),
        "coach-moves": _says("coach-moves", {"car": 4, "cars": 4, "prison": False}),
        "shotgun-moves": _says("shotgun-moves", {"car": 3, "cars": 4, "prison": False}),
        "horses-gone": _says("horses-gone", {"cars": 4, "at": [4, 3], "prison": False}),
        "whiskey-for-the-marshal": _says(
            "whiskey-for-the-marshal", {"old": True, "frm": 1, "to": 4, "cars": 4}),
        "marshal-whiskey": _says("marshal-whiskey", {"token": 31}),
        "higher-speed": _says("higher-speed", {"coach": 3, "cars": 4, "prison": False}),
        "shared": _says("shared", {"bandit": "doc", "share": 500, "others": ["belle"]}),
        "mortal-bullet": _says("mortal-bullet", {"bandit": "mei", "bullets": 2, "loss": 300}),
        "caught": _says("caught", {"bandit": "django"}),
    }
    assert said["horse-attack"].startswith("The Horse Attack!") and "the caboose" in said[
        "horse-attack"]
    assert said["attack-chosen"] == "Doc makes a secret choice."
    assert said["attack-private"] == "Your secret choice: Doc boards this car."
    assert said["board"] == ("At car 3: Doc boards the train, inside car 3, leaving the horse "
                             "beside it; Belle and Tuco ride on.")
    assert "The Lady's Poodle" in said["hostage"] and "$1,000" in said["hostage"]
    assert "Tuco takes a neutral bullet at the beginning of each round" in said["hostage"]
    assert said["ride"] == ("Doc rides a horse from the roof of car 3 and gets off inside "
                            "the stagecoach (beside car 2).")
    assert "rides away from the train" in said["ride-away"]
    assert "the Shotgun" in said["shotgun-punched"] and "roof of car 2" in said[
        "shotgun-punched"]
    assert said["flee"] == "Belle runs from the Shotgun to the roof of car 3."
    assert said["drink"] == "Doc drinks half a flask of old whiskey (play 2 cards in a row)."
    assert said["whiskey-seen"] == (
        "You look at the flask: normal whiskey (draw 3 cards, then play 1 card).")
    assert said["turmoil-chosen"] == "Mei makes a secret choice."
    assert said["turmoil-private"] == "Your secret choice: to play a Shoot card."
    assert "revealed" in said["turmoil-reveal"]
    assert said["coach-moves"] == "The stagecoach drops back: it now stands beside the caboose."
    assert "The Shotgun" in said["shotgun-moves"] and "car 3" in said["shotgun-moves"]
    assert said["horses-gone"] == (
        "The horses beside the caboose and car 3 are out of breath and leave the game.")
    assert "old whiskey" in said["whiskey-for-the-marshal"]
    assert "caboose" in said["whiskey-for-the-marshal"]
    assert "whiskey flask" in said["marshal-whiskey"]
    assert "beside car 3" in said["higher-speed"]
    assert said["shared"] == "Doc shares a strongbox with Belle: $500 each."
    assert said["mortal-bullet"] == "Mei received 2 bullet cards this round and loses $300."
    assert said["caught"] == "Django is still on the train and is caught: Django cannot win."
    assert len(set(said.values())) == len(said)


def test_the_expansions_reasons_are_said_and_each_bullet_once() -> None:
    bullets = {
        reason: _says("neutral-bullet", {"bandit": "doc", "reason": reason})
        for reason in ("shotgun", "shotgun-passed", "ladys-poodle", "shotguns-rage")
    }
    assert len(set(bullets.values())) == 4
    for text in bullets.values():
        assert len(BULLET_SENTENCE.findall(text)) == 1, text
    assert "Shotgun" in bullets["shotgun-passed"] and "rage" in bullets["shotguns-rage"]
    assert "The Lady's Poodle" in bullets["ladys-poodle"]
    no = {
        reason: _says("no-effect", {"bandit": "doc", "card": card, "reason": reason})
        for reason, card in (("rode-away", "move"), ("teacher", "punch"), ("zealot", "ride"))
    }
    assert "rode away" in no["rode-away"]
    assert "The Teacher" in no["teacher"] and "Punch" in no["teacher"]
    assert "The Zealot" in no["zealot"] and "Ride" in no["zealot"]
    # a Ride with no horse nearby, a Move from inside the stagecoach
    assert "no horse" in _says("no-effect", {"bandit": "doc", "card": "ride",
                                             "reason": "no-target"})
    assert "cannot go anywhere" in _says("no-effect", {"bandit": "doc", "card": "move",
                                                       "reason": "no-target"})
    # the stagecoach's spaces, wherever a figure goes
    assert _says("move", {"bandit": "doc", "frm": ROOF3, "to": COACH_ROOF}) == (
        "Doc moves to the roof of the stagecoach (beside car 2).")
    assert _says("no-effect", {"bandit": "doc", "card": "idea", "reason": "no-target"}) == (
        "The copied card has no effect for Doc.")
    assert _says("pushed", {"bandit": "doc", "to": COACH}) == "Doc is pushed into the stagecoach."
    assert _says("floor", {"bandit": "doc", "frm": COACH_ROOF, "to": COACH}) == (
        "Doc climbs down into the stagecoach.")
    assert "worth nothing" in _says("rob-value", {"bandit": "doc", "token": 30, "value": 0,
                                                   "loot": "whiskey"}, 0)


def test_round_cards_and_stations_are_named_as_printed() -> None:
    printed = {
        "shotguns-rage": "Shotgun's Rage", "shot-of-whiskey": "A Shot of Whiskey for the Marshal",
        "panting-horses": "Panting Horses", "higher-speed": "Higher Speed",
        "sharing-the-loot": "Sharing the Loot", "mortal-bullet": "Mortal Bullet",
        "escape": "Escape",
    }
    for slug, name in printed.items():
        assert names.round_card(slug) == name and names.event(slug) == name
        assert names.event_help(slug).startswith(name)
    assert "no event" in names.round_card("no-event-turmoil")
    assert names.turn("Tu") == "Turmoil" and "secret" in names.turn_help("Tu")
    assert [names.hostage(h.name) for h in hs_content().hostages] == [
        "The Lady's Poodle", "The Banker", "The Minister", "The Teacher", "The Zealot",
        "The Old Lady", "The Poker Player", "The Photographer"]
    header = _says("round", {"round": 5, "card": "escape", "event": "escape", "rainy": False,
                             "turns": ["S", "S", "T", "S", "S"], "first": 0, "who": ["doc"],
                             "station": True})
    assert "Train station: Escape" in header and "caught" in header  # its rule said at once
    header = _says("round", {"round": 1, "card": "no-event-turmoil", "event": None,
                             "rainy": False, "turns": ["Tu", "T", "S"], "first": 0,
                             "who": ["doc"], "station": False})
    # The name says "no event" once, one pair of brackets, the turns by their printed names.
    assert header.startswith("Round 1 of 5. Round card: Turmoil (no event); turns: Turmoil, "
                             "Tunnel, Standard."), header
    assert header.lower().count("no event") == 1


def test_the_expansions_labels_and_hints() -> None:
    from coltexpress.words.base import hint

    assert label("board") == "Board the train here" and label("ride on").startswith("Ride on")
    assert label("drink old") == "Drink half of the old whiskey: play 2 cards in a row"
    assert "draw 3 cards, then play 1" in label("drink normal")
    assert label("ride 2") == "Ride to car 2 and get off inside it"
    assert label("ride coach").startswith("Ride to the stagecoach")
    assert label("ride away") == "Ride away from the train and escape"
    assert label("move coach") == "Move onto the roof of the stagecoach"
    assert label("move train back 2").startswith("Move onto the train and 2 cars toward the cab")
    assert label("punch shotgun") == "Punch the Shotgun off the stagecoach's roof"
    assert label("flee forward") == "Run toward the locomotive"
    assert label("punch doc purse coach") == (
        "Punch Doc: Doc drops a purse; push Doc into the stagecoach")
    assert label("punch doc whiskey train") == (
        "Punch Doc: Doc drops a whiskey flask; push Doc out of the stagecoach")
    assert "out of the stagecoach" in label("punch marshal nothing train")
    assert label("rob whiskey").startswith("Rob a whiskey flask")
    assert label("play ride") == "Play Ride"
    for action in ("board", "ride on", "drink old", "drink normal", "ride 2", "ride coach",
                   "ride away", "move coach", "move train", "punch shotgun", "flee back",
                   "punch doc purse coach", "punch doc purse train", "play ride"):
        assert hint(action), action
        assert not _problems(label(action) + " " + hint(action))
    # with a view: the car the riders reached, the stagecoach's car, the Shotgun's
    g = Game.new(Options.preset("horses-stagecoach", players=4), seed=3)
    view = g.view(g.pending.seat)
    car = names.car(view["hs"]["attack_car"], view["cars"])
    assert label("board", view) == f"Board the train here, inside {car}"
    assert label("move coach", view) == "Move onto the roof of the stagecoach (beside the " \
        "locomotive)"


def test_help_follows_horses_and_stagecoach() -> None:
    from coltexpress.words.base import help_text, help_topics, lookup

    base, hs, both = help_topics(False), help_topics(False, True), help_topics(True, True)
    assert "ride" not in base["cards"] and "Tu" not in base["turns"]
    assert "Horses & Stagecoach" not in base and "hostages" not in base
    assert "ride" in hs["cards"] and "Tu" in hs["turns"] and "escape" in hs["events"]
    assert "goals" not in hs and "Marshal & Prisoners" not in hs
    assert "Horses & Stagecoach" in both and "Marshal & Prisoners" in both
    assert both["events"]["shot-of-whiskey"].endswith("and keeps it.")  # the Marshal player's
    assert "prison car" in both["Horses & Stagecoach"]["horse-attack"]
    for topic in ("Stagecoach", "Shotgun", "Horses", "Horse Attack", "Whiskey", "Hostages",
                  "Turmoil", "Ride", "The Banker", "banker", "Lady's Poodle", "Escape",
                  "Shotgun's Rage", "A Shot of Whiskey for the Marshal", "Panting Horses",
                  "Higher Speed", "Sharing the Loot", "Mortal Bullet", "Ransoms and stations"):
        assert lookup(topic, False, True), topic
    with pytest.raises(KeyError):
        lookup("Shotgun", False, False)
    text = help_text(False, True)
    assert "Horses & Stagecoach:" in text and "The Photographer" in text
    assert not [p for line in text.splitlines() for p in _problems(line)]


def test_the_end_explains_ransoms_stations_and_who_was_caught() -> None:
    import copy

    g = Game.new(Options.preset("horses-stagecoach", players=3), seed=4)
    rng = __import__("random").Random(4)
    while not g.is_over:
        g.apply_id(pick(rng, g.legal_ids()))
    view = copy.deepcopy(g.view(0))
    result = view["result"]
    result["hostages"] = [["old-lady"], [], ["banker"]]
    result["ransoms"] = [1000, 0, 0]
    result["stations"] = [-450, 0, 0]
    result["totals"] = [3000, 800, 2500]
    result["cannot_win"] = {"2": "caught"}
    result["winners"] = [0]
    lines = end_lines(view)
    assert lines[0] == "You win with $3,000!"
    mine = next(line for line in lines if line.startswith("You:"))
    assert "ransom for The Old Lady ($500 per jewel) $1,000" in mine
    assert "stations -$450" in mine
    other = names.player(view["players"][2]["bandits"])
    theirs = next(line for line in lines if line.startswith(f"{other}:"))
    assert "The Banker" in theirs and "caught at the Escape station and cannot win" in theirs
    result["winners"], result["cannot_win"] = [], {"0": "caught", "1": "caught", "2": "caught"}
    assert end_lines(view)[0] == "Every bandit was caught at the Escape station: nobody wins."
    for line in lines:
        assert not _problems(line), line


@pytest.mark.parametrize(("label_", "options"), CONFIGS, ids=CONFIG_IDS)
def test_a_train_described_again_is_described_as_the_first_time(
    label_: str, options: Options
) -> None:
    """train_sentences keeps the sentences of trains it described (a server describes each
    moment to every viewer): over a whole game, every seat's and the spectator's view at
    every decision, what it gives equals a description made afresh (nothing kept for one
    train is given for another), and a caller's change to the list it got changes nothing
    kept."""
    import random

    from coltexpress.words import base

    base._TRAIN_MEMO.clear()
    g = Game.new(options, seed=3)
    rng = random.Random(3)
    while not g.is_over:
        for seat in (None, *range(g.n_players)):
            view = g.view(seat)
            given = base.train_sentences(view)
            assert given == base._train_lines(view)
            given.append("changed by the caller")
            assert base.train_sentences(view) == base._train_lines(view)
        g.apply_id(pick(rng, g.legal_ids()))
    assert len(base._TRAIN_MEMO) > 1  # the memo was used, and for more than one train


# ---------------------------------------------------------------------------- "you" is you

# "You" followed by a verb that agrees with it: not "you robs", "you is", "you has".
_YOU_VERB = re.compile(r"(?<!\bof )(?<!\bto )(?<!\bfor )(?<!\bwith )\b[Yy]ou (\w+)")
_THIRD_PERSON = re.compile(r"^(is|has|does|was|goes|\w*[^s]s)$")


def _readers(g: object) -> list[object]:
    from coltexpress.words.common import Reader

    return [
        Reader(seat, tuple(g.view(seat)["players"][seat].get("bandits")  # type: ignore[attr-defined]
                           or [g.view(seat)["players"][seat]["bandit"]]))  # type: ignore[attr-defined]
        for seat in range(g.options.players)  # type: ignore[attr-defined]
    ]


def _check_said_to(event: object, readers: list[object], figure_names: list[str]) -> int:
    """Each reader's sentence for a public event: the spectator's where it is not about the
    reader's figures; otherwise in the second person, its own name gone (one figure), the
    verbs agreeing. Returns how many sentences were said to "you"."""
    spectator = event.text()  # type: ignore[attr-defined]
    told = 0
    for reader in readers:
        said = event.text(reader)  # type: ignore[attr-defined]
        assert not _problems(said), (said, _problems(said))
        if said == spectator:
            continue
        assert reader.concerns(event.data), (spectator, said)  # type: ignore[attr-defined]
        told += 1
        assert re.search(r"\b[Yy]ou(r)?\b", said), (spectator, said)
        for m in _YOU_VERB.finditer(said):
            assert not _THIRD_PERSON.match(m.group(1)), (spectator, said)
        if len(reader.figures) == 1:  # type: ignore[attr-defined]
            own = names.bandit(reader.figures[0])  # type: ignore[attr-defined]
            # Its own name is gone, unless the Marshal is named as a figure in a rule text.
            # (A power keeps its printed name: "Ghost's power".)
            rest = said.replace(f"{own}'s power", "")
            if own != "the Marshal":
                assert not re.search(rf"\b{own}\b", rest), (spectator, said)
    return told


@pytest.mark.parametrize(("label_", "options"), CONFIGS[::3], ids=CONFIG_IDS[::3])
def test_a_players_own_bandit_is_you(label_: str, options: Options) -> None:
    """docs/terminal.md: "you" is you. Every public event of random games, said to each
    seat: about its own bandit in the second person ("You rob a purse", "Belle shoots you,
    you take Belle's bullet card 3"), otherwise word for word the spectator's sentence."""
    import random

    told = 0
    g = Game.new(options, seed=5)
    readers = _readers(g)
    figures = [names.bandit(c) for c in g.chars]
    rng = random.Random(5)
    while not g.is_over:
        for e in g.apply_id(pick(rng, g.legal_ids())):
            if e.seat is None:
                told += _check_said_to(e, readers, figures)
    assert told > 20  # a whole game tells each player many things about his own bandit


def test_you_in_colt_super_express() -> None:
    import random

    from coltexpress.superexpress.game import SuperGame
    from coltexpress.superexpress.options import SuperOptions

    for preset in ("standard", "reflex-horse"):
        g = SuperGame.new(SuperOptions.preset(preset, players=4), seed=3)
        readers = _readers(g)
        rng = random.Random(3)
        told = 0
        while not g.is_over:
            for e in g.apply_id(pick(rng, g.legal_ids())):
                if e.seat is None:
                    told += _check_said_to(e, readers, [])
        assert told > 10


def test_the_sentences_said_to_you() -> None:
    """Examples of each form: the subject, the object, whose, two bandits, the Marshal."""
    from coltexpress.engine.event import Event
    from coltexpress.words.common import Reader

    doc, two, marshal = Reader(2, ("doc",)), Reader(1, ("doc", "tuco")), Reader(0, ("marshal",))
    shot = Event("shoot", {"bandit": "belle", "target": "doc", "number": 3})
    assert shot.text(doc) == "Belle shoots you, and you take Belle's bullet card 3."
    assert shot.text(two) == "Belle shoots your Doc, who takes Belle's bullet card 3."
    mine = Event("shoot", {"bandit": "doc", "target": "belle", "number": 3})
    assert mine.text(doc) == "You shoot Belle, who takes your bullet card 3."
    drop = Event("drop", {"bandit": "belle", "loot": "purse", "token": 1, "taken_by": "doc"})
    assert drop.text(doc) == "Belle drops a purse, and you take it."
    draw = Event("draw", {"seat": 2, "who": ["doc"], "count": 3})
    assert draw.text(doc) == "You draw 3 cards."
    assert draw.text(Reader(1, ("belle",))) == "Doc draws 3 cards."
    march = Event("marshal", {"to": 2, "cars": 4, "prison": False})
    assert march.text(marshal) == "You move to car 2."
    assert march.text(doc) == "The Marshal moves to car 2."
    escape = Event("escape", {"bandit": "doc", "bullet": True, "car": 1, "cars": 4})
    assert escape.text(doc) == ("You meet the Marshal, take a neutral bullet and escape to "
                                "the roof of car 1.")
    assert escape.text(marshal).startswith("Doc meets you, takes a neutral bullet")
    caught = Event("caught", {"bandit": "doc"})
    assert caught.text(doc) == "You are still on the train and are caught: you cannot win."
    over = Event("game-over", {"winners": [2], "players": [["belle"], ["tuco"], ["doc"]],
                               "totals": [100, 200, 1250]})
    assert over.text(doc) == "Game over. You win with $1,250."
    assert over.text(Reader(0, ("belle",))) == "Game over. Doc wins with $1,250."


def test_goal_names_end_with_one_stop() -> None:
    """A goal named with its own "!" is not followed by another stop."""
    from coltexpress.engine.event import Event

    assert "the-mail-must-go-through" in names.names()["goals"]
    for goal in [*names.names()["goals"], "warrant@doc"]:
        for kind in ("goal-seen", "rumor"):
            text = Event(kind, {"goal": goal}, 0).text()
            assert not re.search(r"[.!?]\.$", text), text


def test_a_round_summary_says_a_repeated_deed_once() -> None:
    """Horses & Stagecoach: two rides in a round are "rode a horse twice", not the same
    words twice."""
    from coltexpress.engine.event import Event
    from coltexpress.words.base import round_summary

    g = Game.new(Options.preset("horses-stagecoach", players=4), seed=1)
    view = g.view(None)
    ride = {"bandit": view["bandits"][0]["character"], "frm": {}, "to": {}}
    three = [Event("ride", ride, None)] * 3
    lines = round_summary(view, view, three[:2])
    assert any(line.endswith(": rode a horse twice") for line in lines), lines
    assert not any("rode a horse, rode a horse" in line for line in lines)
    assert any(line.endswith(": rode a horse 3 times") for line in round_summary(
        view, view, three))


@pytest.mark.parametrize("preset", ["horses-stagecoach", "two-bandits"])
def test_no_hand_before_the_first_deal_is_said_plainly(preset: str) -> None:
    """Before the first round's deal (the Horse Attack, the secret placement of two bandits)
    the hand is not "back on your deck": nothing has been dealt yet."""
    from coltexpress.words.base import hand_sentence

    g = Game.new(Options.preset(preset), seed=1)
    said = hand_sentence(g.view(0))
    assert said == "No cards yet: your hand is dealt when the first round begins."
    while g.view(0)["round_card"] is None:
        g.apply(g.legal_actions()[0])
    assert hand_sentence(g.view(0)).startswith("Your hand: ")


def test_the_winner_with_two_bandits_is_one_player() -> None:
    """Two bandits per player: the end names the player of both, who wins (one verb for one
    player), not "Django and Belle wins"."""
    import random

    g = Game.new(Options.preset("two-bandits", players=3), seed=4)
    rng = random.Random(4)
    while not g.is_over:
        g.apply_id(pick(rng, g.legal_ids()))
    first = end_lines(g.view(None))[0]
    assert re.match(r"The player of \w+ and \w+ wins with \$|.* share the victory", first), first
    winner = g.view(None)["result"]["winners"][0]
    assert end_lines(g.view(winner))[0].startswith("You ")
