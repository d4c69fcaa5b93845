"""What a player reads: the narration and the words for choices, over fuzzed games of every
option set. No internal name (slug, token number, notation word, seat number), no pronoun
that guesses a bandit's sex, and exactly one sentence for each bullet card taken."""

from __future__ import annotations

import re

import pytest

from coltexpress import Game, Options
from coltexpress.describe import captions, choices, end_lines, label
from coltexpress.engine import names
from coltexpress.engine.content import content
from tests.test_fuzz import CONFIG_IDS, CONFIGS, pick

SLUGS = sorted(
    {c.name for c in content().round_cards + content().stations}
    | {c.event for c in content().round_cards + content().stations if c.event}
    | set(names.names()["powers"])
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
                "belle moves"):
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
    from coltexpress.describe import _DOING
    from coltexpress.engine.game import Decision

    missing = [d.value for d in Decision if d.value != "over" and d.value not in _DOING]
    assert not missing, missing


def test_help_follows_the_game_it_is_for() -> None:
    """A base game's help leaves the expansion out; Marshal & Prisoners' help explains its
    own topics (prisoners, Brawler cards, posters, goals) and its versions of the events,
    and drops the Marshal card the expansion does not use."""
    from coltexpress.describe import help_text, help_topics, lookup

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
    from coltexpress.describe import round_summary
    from coltexpress.engine.event import Event

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
