"""Horses & Stagecoach (the summary sheet, rules 003, is its only rules text) and its mixing
with Marshal & Prisoners (rules 004, "Mixing the expansions").

Each test names the rule ids of ``rules-index/horses-stagecoach.yaml`` (and of the Marshal &
Prisoners index, for the mixing) it proves, and the decisions of docs/rules-decisions.md it
holds. Scenarios are rigged as in the base game's tests (``support``): bandits in seat order
Belle, Cheyenne, Django, Doc, ...; with Marshal & Prisoners seat 0 is the Marshal.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from coltexpress import Game, Options
from coltexpress.engine.content import (
    BULLET,
    JEWEL,
    PURSE,
    RIDE,
    STRONGBOX,
    WHISKEY,
    content,
)
from coltexpress.engine.errors import IllegalActionError, OptionsError
from coltexpress.engine.hs.content import hs_content
from coltexpress.engine.invariants import check_invariants
from support import (
    add_loot,
    bandit,
    clear_loot,
    give_loot,
    legal,
    put,
    set_hand,
    set_round,
    stealin,
    where,
)

BANDITS = ("belle", "cheyenne", "django", "doc", "ghost", "tuco", "mei")
HOSTAGES = [h.name for h in hs_content().hostages]


def hs_game(players: int = 4, *, seed: int = 0, marshal: bool = False, **options: object) -> Game:
    """A game of the expansion (with Marshal & Prisoners too if ``marshal``), at the Horse
    Attack."""
    options.setdefault("characters", BANDITS[: players - marshal])
    return Game.new(
        Options(horses_stagecoach=True, marshal_prisoners=marshal, players=players, **options),
        seed=seed,
    )


def boarded(g: Game, card: str | None = "braking") -> Game:
    """Everyone boards the first car the Horse Attack reaches; then the first Schemin' turn,
    with this round card."""
    while g.pending.decision == "horse-attack":
        g.apply("board")
    if card is not None:
        set_round(g, card)
    return g


def ready(players: int = 4, card: str | None = "no-event-tunnels", **options: object) -> Game:
    g = boarded(hs_game(players, **options), card)
    clear_loot(g)
    return g


def hs(g: Game):
    assert g.hs is not None
    return g.hs


def coach_space(g: Game, roof: bool) -> int:
    return 2 * (g.last + 1) + int(roof)


def to_coach(g: Game, name: str, roof: bool) -> None:
    g.pos[bandit(g, name)] = coach_space(g, roof)
    g.legal = None


def in_coach(g: Game, name: str) -> bool | None:
    """True inside the stagecoach, False on its roof, None elsewhere."""
    p = g.pos[bandit(g, name)]
    return None if p < coach_space(g, False) else not p & 1


def seat(g: Game, name: str) -> int:
    return g.seat_of[bandit(g, name)]


def hostage_next(g: Game, name: str) -> None:
    """The hostage card on top of the face-down cards beside the locomotive."""
    state = hs(g)
    h = HOSTAGES.index(name)
    for pile in (state.hostages, state.hostages_out):
        if h in pile:
            pile.remove(h)
    state.hostages.append(h)


def hold_hostage(g: Game, who: str, name: str) -> None:
    hostage_next(g, name)
    from coltexpress.engine.hs.rules import entered

    entered(g, bandit(g, who), coach_space(g, False))


def flask(g: Game, *, old: bool, car: int | None = None, holder: str | None = None) -> int:
    """A whiskey flask of that kind in a car (inside) or held by a bandit."""
    state = hs(g)
    t = next(t for t, k in enumerate(g.loot_kind) if k == WHISKEY and (t in state.old) == old
             and t not in state.empty and t not in _placed(g))
    for tokens in [*g.floor_loot, *g.held, g.box]:
        if t in tokens:
            tokens.remove(t)
    if holder is not None:
        g.held[bandit(g, holder)].append(t)
        g.loot_seen[t] |= 1 << seat(g, holder)
    else:
        g.floor_loot[2 * (car or 0)].append(t)
    g.legal = None
    return t


_PLACED: dict[int, set[int]] = {}


def _placed(g: Game) -> set[int]:
    return _PLACED.setdefault(id(g), set())


def flask_placed(g: Game, **kwargs: object) -> int:
    t = flask(g, **kwargs)  # type: ignore[arg-type]
    _placed(g).add(t)
    return t


def sound(g: Game) -> None:
    assert check_invariants(g) == []


# ============================================================================ setup


def test_horses_ride_cards_bullets_and_the_stagecoach_at_setup() -> None:
    """hs.setup.each-player-takes-horse, hs.setup.add-ride-card-to-deck,
    hs.setup.three-extra-neutral-bullets, hs.setup.stagecoach-beside-locomotive,
    hs.setup.strongbox-and-shotgun-on-stagecoach-roof: a horse per bandit (riding with him
    in the Horse Attack), one Ride card in every deck, 16 neutral bullets, the stagecoach
    beside the locomotive with a strongbox on its roof guarded by the Shotgun."""
    for players in range(3, 8):
        g = hs_game(players)
        state = hs(g)
        assert sum(state.riding) == players and state.horses == []
        for s in range(players):
            assert sum(1 for c in g.deck[s] if g.card_kind[c] == RIDE) == 1
            assert len(g.deck[s]) == 11
        assert g.neutral == content().neutral_bullets + 3 == 16
        assert state.coach == 0 and state.shotgun == -1
        roof = g.floor_loot[coach_space(g, True)]
        assert [g.loot_kind[t] for t in roof] == [STRONGBOX]
        assert g.loot_value[roof[0]] == 1000
        assert g.view(None)["hs"]["coach"] == 0 and g.view(None)["hs"]["shotgun"] is None
        boarded(g, None)
        assert len(hs(g).horses) == players  # each beside the car its bandit boarded
        assert Counter(hs(g).horses) == Counter(g.pos[b] >> 1 for b in range(players))


def test_hostages_are_players_minus_one_face_down() -> None:
    """hs.setup.hostages-players-minus-one: hostage cards (players minus one) are drawn and
    placed beside the locomotive (face down: D-hs-hostage-draw); the rest stay in the box."""
    for players in range(3, 8):
        g = hs_game(players)
        assert len(hs(g).hostages) == players - 1
        assert sorted(hs(g).hostages + hs(g).hostages_out) == list(range(8))
        view = g.view(1)["hs"]
        assert view["hostages_left"] == players - 1 and view["hostages"] == {}
        assert "ladys-poodle" not in str(view) or players - 1 == 8


def test_whiskey_in_every_car_but_the_locomotive() -> None:
    """hs.setup.whiskey-in-each-car-except-locomotive: one face-down flask in each car; 5
    normal and 1 old in all, the kind hidden from every seat."""
    olds = 0
    for seed in range(30):
        g = hs_game(4, seed=seed)
        for car in range(g.last + 1):
            flasks = [t for t in g.floor_loot[2 * car] if g.loot_kind[t] == WHISKEY]
            assert len(flasks) == (0 if car == 0 else 1)
        every = [t for t, k in enumerate(g.loot_kind) if k == WHISKEY]
        assert len(every) == 6 and len(hs(g).old) == 1
        olds += any(t in hs(g).old for c in range(1, g.last + 1) for t in g.floor_loot[2 * c])
        for s in (None, 0, 1):
            for space in g.view(s)["spaces"]:
                for token in space["loot"]:
                    if token["kind"] == "whiskey":
                        assert "old" not in token
    assert 0 < olds < 30  # the old flask is in a car in some games, in the box in others


def test_hs_round_cards_and_stations_join_the_decks() -> None:
    """hs.setup.shuffle-in-hs-round-cards, hs.setup.shuffle-in-hs-station-cards: the
    expansion's round cards and stations are shuffled in with the base game's."""
    rounds, stations = Counter(), Counter()
    for seed in range(120):
        g = hs_game(4, seed=seed)
        for i in g.round_deck:
            spec = g.round_specs[i]
            (stations if spec.station else rounds)[spec.name] += 1
    for name in ("shotguns-rage", "shot-of-whiskey", "panting-horses", "higher-speed",
                 "no-event-turmoil", "braking"):
        assert rounds[name] > 0
    for name in ("sharing-the-loot", "mortal-bullet", "escape", "pickpocketing"):
        assert stations[name] > 0


def test_the_horse_attack_boards_car_by_car_from_the_rear() -> None:
    """hs.setup.horse-attack-replaces-start-placement,
    hs.setup.horse-attack-bandit-revealed-enters-car,
    hs.setup.horse-attack-horse-revealed-continues-to-next-car: instead of the usual
    placement, every bandit rides; at each car from the rear the riders choose in secret;
    those showing their bandit go into the car with their horse beside it, the others ride
    on to the next car."""
    g = hs_game(4)
    state = hs(g)
    assert g.pending.decision == "horse-attack" and state.attack_car == g.last
    assert all(p == -1 for p in g.pos)
    first = g.first
    order = [(first + i) % 4 for i in range(4)]
    choices = {order[0]: "board", order[1]: "ride on", order[2]: "ride on", order[3]: "board"}
    for s in order:
        assert g.pending.seat == s
        view = g.view(s)
        assert legal(g) == ["board", "ride on"]
        g.apply(choices[s])
        # Nobody else sees the choice before all have chosen (D-hs-attack-secret).
        other = (s + 1) % 4
        if g.pending.decision == "horse-attack" and state.attack_car == g.last:
            assert "my_attack" not in g.view(other)["hs"] or other == s
            assert g.view(s)["hs"]["my_attack"] == choices[s]
        del view
    boarders = [g.bandits_of[s][0] for s in order if choices[s] == "board"]
    for b in boarders:
        assert g.pos[b] == 2 * g.last
    assert state.horses.count(g.last) == 2
    assert state.attack_car == g.last - 1
    riders = [g.bandits_of[s][0] for s in order if choices[s] == "ride on"]
    assert all(state.riding[b] for b in riders)
    for _ in riders:
        g.apply("board")
    for b in riders:
        assert g.pos[b] == 2 * (g.last - 1)
    assert g.pending.decision == "play"
    sound(g)


def test_nobody_starts_in_the_locomotive() -> None:
    """hs.setup.bandits-cannot-start-in-locomotive: riders left when the attack reaches the
    car next to the locomotive board that car without a choice."""
    g = hs_game(4)
    while g.pending.decision == "horse-attack":
        g.apply("ride on")
    assert all(g.pos[b] == 2 for b in range(4))
    assert hs(g).horses == [1, 1, 1, 1]
    assert g.pending.decision == "play"


def test_with_marshal_prisoners_the_marshal_stays_in_the_locomotive() -> None:
    """mp.mixing.marshal-always-starts-in-locomotive with the Horse Attack: the Marshal does
    not ride; the attack starts at the car in front of the prison car (D-hs-mp-attack); the
    7th bandit's horse is Marshal & Prisoners' horse figure
    (mp.components.horse-figure-seventh-bandit)."""
    g = hs_game(8, marshal=True)
    m = g.mp.marshal
    assert g.pos[m] == 0 and not hs(g).riding[m]
    assert hs(g).attack_car == g.last - 1
    assert sum(hs(g).riding) == 7  # seven bandits, seven horses
    boarded(g, None)
    assert len(hs(g).horses) == 7
    assert all(g.pos[b] >> 1 == g.last - 1 for b in range(8) if b != m)


def test_options_and_player_counts() -> None:
    """D-hs-options: Horses & Stagecoach is for 3 to 7 players (8 seats with the Marshal),
    one bandit each, the 2016 rules."""
    for players in range(3, 8):
        Options(horses_stagecoach=True, players=players)
    for players in range(3, 9):
        Options(horses_stagecoach=True, marshal_prisoners=True, players=players)
    with pytest.raises(OptionsError):
        Options(horses_stagecoach=True, players=8)
    with pytest.raises(OptionsError, match="one bandit per player"):
        Options(horses_stagecoach=True, players=3, two_bandits=True)
    with pytest.raises(OptionsError, match="one bandit per player"):
        Options(horses_stagecoach=True, edition="accessible")
    assert Options.preset("horses-stagecoach").horses_stagecoach
    both = Options.preset("both-expansions")
    assert both.horses_stagecoach and both.marshal_prisoners


# ============================================================================ turns


def test_turmoil_choices_are_secret_then_revealed_together() -> None:
    """hs.turn.turmoil, D-hs-turmoil: on a Turmoil turn each player chooses in secret (the
    card stays in his hand, nothing shows); when all have chosen the choices are revealed
    and carried out in turn order, cards face up."""
    g = ready(4, "no-event-turmoil")
    order = [(g.first + i) % 4 for i in range(4)]
    hands = {s: len(g.hand[s]) for s in order}
    chosen = {}
    for i, s in enumerate(order):
        action = "draw" if i == 1 else next(a for a in legal(g) if a.startswith("play"))
        chosen[s] = action
        events = g.apply(action)
        assert all(e.kind != "play" for e in events) or i == 3
        if i < 3:
            for j, other in enumerate(order):
                view = g.view(other)
                assert view["pile"] == []
                assert view["players"][s]["hand_size"] == hands[s]
                assert ("my_turmoil" in view["hs"]) == (j <= i)
            assert g.view(s)["hs"]["my_turmoil"] == action
            assert s in g.view(None)["hs"]["turmoil_chosen"]
    assert len(g.pile) == 3 and not any(g.pile_down)
    played = [g.seat_of[g.card_bandit[c]] for c in g.pile]
    assert played == [s for s in order if chosen[s] != "draw"]
    assert len(g.hand[order[1]]) == hands[order[1]] + 3
    assert g.view(None)["hs"]["turmoil_chosen"] == []


def test_drinking_whiskey_on_normal_turns_only() -> None:
    """hs.schemin.drink-whiskey-on-normal-turns, D-hs-whiskey-turns: a bandit holding a
    flask may drink half of it instead of playing or drawing, on Normal turns only (not in a
    tunnel, a speeding-up, switching or Turmoil turn)."""
    g = ready(4, "no-event-tunnels")  # S T S T S
    s = g.actor
    name = g.chars[g.bandits_of[s][0]]
    flask(g, old=False, holder=name)
    assert "drink normal" in legal(g) and "drink old" not in legal(g)
    g.apply("draw")
    while g.pending.seat != s:
        g.apply("draw")
    assert g.turn_type().value == "T"
    assert not any(a.startswith("drink") for a in legal(g))
    g2 = ready(4, "no-event-turmoil")
    holder = g2.chars[g2.bandits_of[g2.actor][0]]
    flask(g2, old=True, holder=holder)
    assert not any(a.startswith("drink") for a in legal(g2))


def test_a_normal_flask_draws_three_then_plays_one() -> None:
    """hs.whiskey.normal-flask-draw-three-then-play-one: half the flask is drunk, its kind
    shown to all; three cards drawn, then one card played face up; the turn passes."""
    g = ready(4)
    s = g.actor
    name = g.chars[g.bandits_of[s][0]]
    t = flask(g, old=False, holder=name)
    hand = len(g.hand[s])
    events = g.apply("drink normal")
    assert any(e.kind == "drink" for e in events)
    assert len(g.hand[s]) == hand + 3
    assert g.pending.decision == "whiskey" and g.pending.seat == s
    assert "draw" not in legal(g) and all(a.startswith("play") for a in legal(g))
    assert all(g.view(o)["spaces"] is not None for o in range(4))
    for viewer in (None, 2 if s != 2 else 1):  # everyone, spectators too
        token = next(x for b in g.view(viewer)["bandits"] for x in b["loot"] if x["id"] == t)
        assert token["old"] is False and token["half"] is True
    g.apply(legal(g)[0])
    assert len(g.pile) == 1 and not g.pile_down[0]
    assert g.pending.decision == "play" and g.pending.seat != s
    # The second half empties the flask.
    assert t in g.held[bandit(g, name)] and t in hs(g).half


def test_an_old_flask_plays_two_cards_in_a_row() -> None:
    """hs.whiskey.old-flask-play-two-cards: an old flask lets the player play 2 action cards
    in a row (no draw)."""
    g = ready(4)
    s = g.actor
    name = g.chars[g.bandits_of[s][0]]
    t = flask(g, old=True, holder=name)
    hs(g).half.append(t)  # its second half: then the flask is gone
    hand = len(g.hand[s])
    g.apply("drink old")
    assert len(g.hand[s]) == hand
    assert t in hs(g).empty and t not in g.held[bandit(g, name)]
    for _ in range(2):
        assert g.pending.decision == "whiskey" and g.pending.seat == s
        g.apply(legal(g)[0])
    assert len(g.pile) == 2 and g.pending.seat != s
    sound(g)


def test_the_marshal_with_an_old_flask_plays_at_most_two_cards() -> None:
    """mp.event.shot-of-whiskey-marshal-drinks-like-bandit,
    mp.event.shot-of-whiskey-marshal-old-flask-max-two-cards: the Marshal drinks a flask as
    a bandit would; an old one gives two cards, no more even with Move + or Change Floor +."""
    g = boarded(hs_game(5, marshal=True))
    m = g.mp.marshal
    assert g.actor == g.seat_of[m]
    flask(g, old=True, holder="marshal")
    set_hand(g, g.seat_of[m], ["move+", "floor+", "shoot", "move"])
    g.apply("drink old")
    g.apply("play move+")
    assert g.pending.decision == "whiskey"
    g.apply("play floor+")
    assert g.pending.decision == "play" and g.pending.seat != g.seat_of[m]
    assert len(g.pile) == 2


# ============================================================================ clean-up


def test_the_stagecoach_moves_back_each_round_with_the_shotgun_beside_it() -> None:
    """hs.cleanup.stagecoach-moves-one-car-back, hs.cleanup.shotgun-stays-adjacent-to-stagecoach,
    D-hs-coach-caboose: at each clean-up the stagecoach (and whoever is in or on it) moves
    one car toward the caboose, and stops beside it; the Shotgun, once on the train, stays
    on the roof of the car beside it."""
    from coltexpress.engine.hs.rules import clean_up

    g = ready(4)
    to_coach(g, "belle", True)
    clean_up(g)
    assert hs(g).coach == 1 and in_coach(g, "belle") is False
    hs(g).shotgun = 1
    clean_up(g)
    assert hs(g).coach == 2 and hs(g).shotgun == 2
    for _ in range(5):
        clean_up(g)
    assert hs(g).coach == g.last and hs(g).shotgun == g.last
    # Played out: after each round's clean-up the stagecoach stands one car further back.
    g = boarded(hs_game(4, seed=3), None)
    rng = random.Random(3)
    seen = []
    while not g.is_over:
        if g.pending.decision == "play" and g.step == 0:
            seen.append(hs(g).coach)
        g.apply_id(rng.choice(g.legal_ids()))
    assert seen[0] == 0 and all(b in (a, a + 1, a + 2) for a, b in itertools.pairwise(seen))


# ============================================================================ actions


def test_roof_moves_between_the_train_and_the_stagecoach() -> None:
    """hs.move.roof-step-between-train-and-stagecoach, D-hs-coach-inside: on the roofs a
    Move may step between the train and the stagecoach as one of its 1-3 steps; inside,
    the stagecoach is not reached by a Move."""
    g = ready(4)
    hs(g).coach = 2
    put(g, belle=(0, True), cheyenne=(2, False), django=(4, True), doc=(3, False))
    stealin(g, [("belle", "move"), ("cheyenne", "move"), ("django", "move")])
    assert "move coach" in legal(g)  # 2 cars + 1 step
    g.apply("move coach")
    assert in_coach(g, "belle") is False
    assert "move coach" not in legal(g)  # inside car 2: one car along the train only
    g.apply("move forward 1")
    assert where(g, "cheyenne") == (1, False)
    assert "move coach" in legal(g)  # from car 4: 2 cars and the step across, 3 in all
    g.apply("move coach")
    assert in_coach(g, "django") is False
    g = ready(4)
    hs(g).coach = 2
    to_coach(g, "belle", True)
    stealin(g, [("belle", "move")])
    assert sorted(legal(g)) == sorted(["move train", "move train forward 1",
                                       "move train forward 2", "move train back 1",
                                       "move train back 2"])
    g.apply("move train back 2")
    assert where(g, "belle") == (4, True)
    g = ready(4)
    hs(g).coach = 1
    to_coach(g, "belle", False)
    stealin(g, [("belle", "move")])
    assert g.pending.decision != "move"  # no Move from inside the stagecoach


def test_change_floor_in_the_stagecoach_and_not_diagonally_for_mei() -> None:
    """hs.change-floor.stagecoach, base.mei.no-diagonal-with-stagecoach: Change Floor goes
    between the stagecoach's inside and roof; Mei cannot jump diagonally to or from it."""
    g = ready(4, characters=("mei", "belle", "cheyenne", "django"))
    hs(g).coach = 2
    to_coach(g, "mei", True)
    put(g, belle=(2, True))
    stealin(g, [("mei", "floor")])
    assert in_coach(g, "mei") is True  # a single choice: straight down
    g = ready(4, characters=("mei", "belle", "cheyenne", "django"))
    hs(g).coach = 2
    put(g, mei=(2, True))
    stealin(g, [("mei", "floor"), ("mei", "floor")])
    assert sorted(legal(g)) == ["floor", "floor back", "floor forward"]  # cars only
    g.apply("floor back")
    assert where(g, "mei") == (3, False)


def test_whiskey_flasks_may_be_robbed() -> None:
    """hs.rob.whiskey-flask-as-loot: a Rob may take a whiskey flask; the robber alone learns
    its kind."""
    g = ready(4)
    put(g, belle=(2, False))
    t = flask(g, old=True, car=2)
    events = stealin(g, [("belle", "rob")])
    assert t in g.held[bandit(g, "belle")]
    seen = [e for e in events if e.kind == "whiskey-seen"]
    assert seen and seen[0].seat == seat(g, "belle") and seen[0].data["old"] is True
    own = next(x for x in g.view(seat(g, "belle"))["bandits"][bandit(g, "belle")]["loot"]
               if x["id"] == t)
    other = next(x for x in g.view(seat(g, "doc"))["bandits"][bandit(g, "belle")]["loot"]
                 if x["id"] == t)
    assert own["old"] is True and "old" not in other


def test_shooting_between_the_stagecoach_and_the_car_beside_it() -> None:
    """hs.shoot.inside-stagecoach-and-adjacent-car: inside, a bandit in the stagecoach may
    shoot a bandit in the car beside it, and the other way round; no further."""
    g = ready(4)
    hs(g).coach = 2
    to_coach(g, "belle", False)
    put(g, cheyenne=(2, False), django=(3, False), doc=(1, False))
    stealin(g, [("belle", "shoot"), ("django", "shoot")])
    # Belle's only target is beside the stagecoach; Django's (car 3) is in car 2, not in the
    # stagecoach.
    assert [e.data["target"] for e in g.events if e.kind == "shoot"] == ["cheyenne"] * 2
    g = ready(4)
    hs(g).coach = 2
    to_coach(g, "doc", False)
    put(g, cheyenne=(2, False), django=(3, False), belle=(4, True))
    stealin(g, [("cheyenne", "shoot")])
    assert sorted(legal(g)) == ["shoot django", "shoot doc"]


def test_shooting_between_the_stagecoach_roof_and_any_train_roof() -> None:
    """hs.shoot.stagecoach-roof-and-any-train-roof: from the stagecoach's roof any bandit on
    the train's roof may be shot (not only the closest), and the other way round."""
    g = ready(4)
    hs(g).coach = 0
    to_coach(g, "doc", True)
    put(g, cheyenne=(1, True), django=(3, True), belle=(2, False))
    stealin(g, [("doc", "shoot"), ("django", "shoot")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot django"]
    g.apply("shoot django")
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot doc"]


def test_the_shotgun_blocks_the_line_of_sight_on_the_roofs() -> None:
    """hs.shoot.shotgun-blocks-line-of-sight, hs.shotgun.blocks-line-of-sight-on-train-roof,
    hs.shotgun.cannot-be-shot, D-hs-shotgun-sight: on the roofs nobody is seen past the
    Shotgun (a bandit in his space is); he is never a target; inside he blocks nothing."""
    g = ready(4)
    hs(g).coach = 2
    hs(g).shotgun = 2
    put(g, belle=(1, True), cheyenne=(3, True), django=(0, True), doc=(3, False))
    stealin(g, [("belle", "shoot")])
    assert [e.data["target"] for e in g.events if e.kind == "shoot"] == ["django"]
    g = ready(4)
    hs(g).coach = 2
    hs(g).shotgun = 2
    put(g, belle=(1, True), cheyenne=(2, True), django=(4, True), doc=(1, False))
    stealin(g, [("belle", "shoot")])
    assert [e.data["target"] for e in g.events if e.kind == "shoot"] == ["cheyenne"]
    # Between the stagecoach's roof and the train's he blocks nothing: "any bandit".
    g = ready(4)
    hs(g).coach = 2
    hs(g).shotgun = 2
    to_coach(g, "belle", True)
    put(g, cheyenne=(0, True), django=(4, True), doc=(2, False))
    stealin(g, [("belle", "shoot")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot django"]
    # While he guards the strongbox he blocks nothing.
    g = ready(4)
    hs(g).coach = 2
    to_coach(g, "belle", True)
    put(g, cheyenne=(0, True), django=(4, True), doc=(2, False))
    stealin(g, [("belle", "shoot")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot django"]
    # Inside, the Shotgun on the roof is no obstacle.
    g = ready(4)
    hs(g).shotgun = hs(g).coach = 2
    put(g, belle=(2, False), cheyenne=(3, False), django=(0, True), doc=(4, True))
    stealin(g, [("belle", "shoot")])
    assert [e.data["target"] for e in g.events if e.kind == "shoot"] == ["cheyenne"]


def test_the_marshal_is_blocked_by_the_shotgun_but_never_hurt_by_him() -> None:
    """mp.mixing.marshal-immune-to-shotgun-but-line-of-sight-blocked,
    mp.mixing.marshal-may-share-shotgun-space-cannot-capture-him: the Shotgun blocks the
    Marshal's line of sight; the Marshal may end his action in the Shotgun's space without
    a bullet or running, and cannot capture him."""
    g = boarded(hs_game(5, marshal=True))
    clear_loot(g)
    hs(g).coach = hs(g).shotgun = 2
    put(g, marshal=(1, True), belle=(3, True), cheyenne=(4, True), django=(0, False),
        doc=(4, False))
    stealin(g, [("marshal", "shoot")])
    assert not any(e.kind == "marshal-shoot" for e in g.events)  # nobody in sight
    g = boarded(hs_game(5, marshal=True))
    hs(g).coach = hs(g).shotgun = 2
    put(g, marshal=(1, True), belle=(0, False), cheyenne=(4, False), django=(0, False),
        doc=(4, False))
    before = g.received[bandit(g, "marshal")]
    stealin(g, [("marshal", "move"), ("marshal", "capture")])
    if g.pending.decision == "move":
        g.apply("move back 1")
    assert where(g, "marshal") == (2, True)
    assert g.received[bandit(g, "marshal")] == before
    assert g.pending.decision != "capture"  # nobody to capture: the Shotgun is no bandit


def test_punches_push_between_the_stagecoach_and_the_car_beside_it() -> None:
    """hs.punch.knockback-between-stagecoach-and-adjacent-car: a punch may push between the
    stagecoach and the car beside it, on the same level (into it inside, onto its roof on
    the roof); from the stagecoach only onto that car."""
    g = ready(4)
    hs(g).coach = 2
    hostage_next(g, "banker")
    put(g, belle=(2, False), cheyenne=(2, False), django=(0, False), doc=(4, False))
    stealin(g, [("belle", "punch")])
    assert "punch cheyenne nothing coach" in legal(g)
    g.apply("punch cheyenne nothing coach")
    assert in_coach(g, "cheyenne") is True
    assert hs(g).hostage[bandit(g, "cheyenne")] == HOSTAGES.index("banker")
    g = ready(4)
    hs(g).coach = 2
    to_coach(g, "belle", True)
    to_coach(g, "cheyenne", True)
    put(g, django=(0, False), doc=(4, False))
    stealin(g, [("belle", "punch")])
    assert legal(g) == ["punch cheyenne nothing train", "punch shotgun"]
    g.apply("punch cheyenne nothing train")  # the only way out of the stagecoach
    assert where(g, "cheyenne") == (2, True)


def test_the_punched_marshal_never_goes_into_the_stagecoach() -> None:
    """mp.marshal.summary-punched-marshal-not-into-stagecoach: a punch pushes the Marshal to
    an adjacent car, never into the stagecoach."""
    g = boarded(hs_game(5, marshal=True))
    clear_loot(g)
    hs(g).coach = 2
    put(g, marshal=(2, False), belle=(2, False), cheyenne=(0, True), django=(0, True),
        doc=(4, True))
    stealin(g, [("belle", "punch")])
    assert sorted(legal(g)) == ["punch marshal nothing back", "punch marshal nothing forward"]


def test_the_shotgun_must_be_punched_to_free_the_strongbox() -> None:
    """hs.punch.shotgun-must-be-punched-to-release-strongbox,
    hs.shotgun.inactive-until-punched-for-strongbox: while the Shotgun guards it, the
    strongbox on the stagecoach's roof cannot be robbed and he does nothing; a punch knocks
    him to the roof of the car beside the stagecoach, and the strongbox can be taken."""
    g = boarded(hs_game(4))
    hs(g).coach = 1
    to_coach(g, "belle", True)
    put(g, cheyenne=(3, False), django=(3, False), doc=(4, False))
    box = g.floor_loot[coach_space(g, True)][0]
    events = stealin(g, [("belle", "rob"), ("belle", "punch"), ("belle", "rob")])
    first = next(e for e in events if e.kind in ("rob", "no-effect"))
    assert first.kind == "no-effect"  # the first Rob could not take the strongbox
    assert g.received[bandit(g, "belle")] == 0  # guarding, he does nothing
    assert box in g.held[bandit(g, "belle")]
    punched = [e for e in events if e.kind == "shotgun-punched"]
    assert punched and punched[0].data["car"] == 1  # onto the roof beside the stagecoach


def test_ending_an_action_in_the_shotguns_space() -> None:
    """hs.shotgun.ending-turn-with-shotgun-bullet-and-flee, D-hs-flee: a bandit ending his
    action where the Shotgun stands takes a neutral bullet and runs to the roof of an
    adjacent car (his choice when there are two)."""
    g = ready(4)
    hs(g).coach = hs(g).shotgun = 2
    put(g, belle=(3, False), cheyenne=(1, False), django=(1, False), doc=(4, False))
    bullets = g.neutral
    stealin(g, [("belle", "move"), ("belle", "floor")])
    g.apply("move forward 1")  # inside car 2: the Shotgun is on the roof; then up to him
    assert where(g, "belle") == (2, True)
    assert g.pending.decision == "flee"
    assert g.neutral == bullets - 1
    assert sorted(legal(g)) == ["flee back", "flee forward"]
    g.apply("flee back")
    assert where(g, "belle") == (3, True)
    sound(g)


def test_passing_the_shotgun() -> None:
    """hs.shotgun.passing-shotgun-bullet: a bandit moving past the Shotgun on the roofs takes
    a neutral bullet."""
    g = ready(4)
    hs(g).coach = hs(g).shotgun = 2
    put(g, belle=(4, True), cheyenne=(0, False), django=(0, False), doc=(0, False))
    stealin(g, [("belle", "move")])
    g.apply("move forward 3")
    assert where(g, "belle") == (1, True)
    assert g.received[bandit(g, "belle")] == 1


def test_ride_a_horse_zero_to_three_cars() -> None:
    """hs.ride.ride-adjacent-horse-0-3-cars, D-hs-ride-from-coach: with a horse beside his
    car (or beside the stagecoach's car when in or on the stagecoach) the bandit rides 0-3
    cars forward or back and gets off inside a car or the stagecoach; the horse stays
    beside where he got off. No horse, no ride."""
    g = ready(4)
    hs(g).horses = [3, 4, 4, 4]
    hs(g).coach = 1
    put(g, belle=(3, True), cheyenne=(2, False), django=(4, False), doc=(4, False))
    stealin(g, [("belle", "ride"), ("cheyenne", "ride")])
    assert sorted(legal(g)) == sorted(["ride 0", "ride 1", "ride 2", "ride 3", "ride 4",
                                       "ride coach"])
    hostage_next(g, "minister")
    g.apply("ride coach")
    assert in_coach(g, "belle") is True and hs(g).horses == [1, 4, 4, 4]
    assert hs(g).hostage[bandit(g, "belle")] == HOSTAGES.index("minister")
    assert where(g, "cheyenne") == (2, False)  # no horse beside car 2: nothing
    g = ready(4)
    hs(g).horses = [1, 4, 4, 4]
    hs(g).coach = 1
    to_coach(g, "belle", True)
    put(g, cheyenne=(4, False), django=(4, False), doc=(4, False))
    stealin(g, [("belle", "ride")])
    assert "ride 4" in legal(g) and "ride 0" in legal(g)
    g.apply("ride 4")
    assert where(g, "belle") == (4, False) and hs(g).horses == [4, 4, 4, 4]


def test_the_marshal_may_ride_and_enter_the_stagecoach_without_a_hostage() -> None:
    """mp.mixing.marshal-may-ride-horses, mp.mixing.marshal-may-enter-stagecoach,
    mp.mixing.marshal-takes-no-hostage: the Marshal's deck has a Ride card; he rides horses,
    moves in and on the stagecoach, and takes no hostage."""
    g = boarded(hs_game(5, marshal=True))
    m = g.mp.marshal
    s = g.seat_of[m]
    assert sum(1 for c in g.cards_of(s) if g.card_kind[c] == RIDE) == 1
    hs(g).horses = [0, 3, 3, 3]
    put(g, belle=(3, False), cheyenne=(3, False), django=(3, False), doc=(3, False))
    stealin(g, [("marshal", "ride"), ("marshal", "floor")])
    assert "ride coach" in legal(g)
    events = g.apply("ride coach")
    assert not any(e.kind == "hostage" for e in events) and hs(g).hostage[m] == -1
    assert in_coach(g, "marshal") is False  # then up onto its roof
    assert len(hs(g).hostages) == 3  # bandits minus one: none taken


def test_a_bandit_entering_the_stagecoach_must_take_a_hostage() -> None:
    """hs.hostage.must-take-on-entering-stagecoach, D-hs-hostage-draw, D-hs-hostage-inside:
    a bandit entering the stagecoach's inside for any reason takes the top hostage card if
    he has none (a second entry takes none; its roof is not inside)."""
    g = ready(4)
    hs(g).coach = 1
    hostage_next(g, "zealot")
    to_coach(g, "belle", True)
    put(g, cheyenne=(4, False), django=(4, False), doc=(4, False))
    stealin(g, [("belle", "floor"), ("belle", "floor")])
    assert hs(g).hostage[bandit(g, "belle")] == HOSTAGES.index("zealot")
    assert len(hs(g).hostages) == 2
    from coltexpress.engine.hs.rules import entered

    entered(g, bandit(g, "belle"), coach_space(g, False))  # in again: no second hostage
    assert len(hs(g).hostages) == 2
    assert g.view(None)["hs"]["hostages"] == {"belle": "zealot"}
    sound(g)


# ============================================================================ hostages


def _ransom(g: Game, name: str) -> int:
    from coltexpress.engine.hs.scoring import ransom

    return ransom(g, bandit(g, name))


def test_hostage_ransoms() -> None:
    """hs.scoring.hostage-ransom, mp.scoring.hostage-ransom-with-horses-stagecoach,
    hs.hostage.ladys-poodle-ransom, hs.hostage.banker-ransom-needs-strongbox,
    hs.hostage.minister-ransom, hs.hostage.teacher-ransom, hs.hostage.zealot-ransom,
    hs.hostage.old-lady-ransom-per-jewel, hs.hostage.poker-player-ransom-per-purse,
    hs.hostage.photographer-ransom-per-bandit-bullet, D-hs-bandit-bullets: each hostage's
    ransom (some conditional) is added to the holder's total."""
    g = ready(7, characters=BANDITS)
    flat = {"ladys-poodle": 1000, "minister": 900, "teacher": 800, "zealot": 700}
    for who, name in zip(BANDITS, flat, strict=False):
        hs(g).hostage[bandit(g, who)] = HOSTAGES.index(name)
        assert _ransom(g, who) == flat[name]
    hs(g).hostage[bandit(g, "ghost")] = HOSTAGES.index("banker")
    assert _ransom(g, "ghost") == 0
    give_loot(g, "ghost", "strongbox", 1000)
    assert _ransom(g, "ghost") == 1000
    hs(g).hostage[bandit(g, "tuco")] = HOSTAGES.index("old-lady")
    give_loot(g, "tuco", "jewel", 500)
    give_loot(g, "tuco", "jewel", 500)
    assert _ransom(g, "tuco") == 1000
    hs(g).hostage[bandit(g, "mei")] = HOSTAGES.index("poker-player")
    for _ in range(3):
        give_loot(g, "mei", "purse", 250)
    assert _ransom(g, "mei") == 750
    hs(g).hostage[bandit(g, "belle")] = HOSTAGES.index("photographer")
    s = seat(g, "belle")
    g.deck[s].append(g.bullet_base[bandit(g, "doc")] + 5)  # a bandit's bullet
    g.deck[s].append(g.neutral_base + g.neutral - 1)  # a neutral one: not counted
    assert _ransom(g, "belle") == 200
    # In the score, with Marshal & Prisoners too.
    for marshal in (False, True):
        g = ready(5, marshal=marshal)
        who = g.chars[1]
        hs(g).hostage[bandit(g, who)] = HOSTAGES.index("minister")
        from coltexpress.engine.scoring import score

        result = score(g)
        assert result["ransoms"][seat(g, who)] == 900
        base = g.clone()
        hs(base).hostage[bandit(base, who)] = -1
        assert result["totals"][seat(g, who)] - score(base)["totals"][seat(g, who)] == 900


def test_the_ladys_poodle_brings_a_bullet_each_round() -> None:
    """hs.hostage.ladys-poodle-neutral-bullet-each-round, D-hs-poodle: at the beginning of
    each round, before the hands, the holder takes a neutral bullet, shuffled into his deck
    as the round's shuffle would (not always drawn)."""
    from coltexpress.engine import flow

    drawn = 0
    for seed in range(40):
        g = ready(4, seed=seed)
        s = seat(g, "doc")
        g.deck[s].extend(g.hand[s])
        g.hand[s] = []
        g.deck_known[s] = []
        g.hand_known[s] = []
        hold_hostage(g, "doc", "ladys-poodle")
        before = g.received[bandit(g, "doc")]
        g.events = []
        flow.begin_round(g)
        assert g.received[bandit(g, "doc")] == before + 1
        assert any(e.kind == "neutral-bullet" and e.data["reason"] == "ladys-poodle"
                   for e in g.events)
        drawn += any(g.card_kind[c] == BULLET for c in g.hand[s])
        sound(g)
    assert 0 < drawn < 40


def test_the_minister_deals_one_card_fewer() -> None:
    """hs.hostage.minister-draw-one-fewer: the holder draws one card fewer than usual at the
    beginning of each round."""
    from coltexpress.engine import flow

    g = ready(4, characters=("doc", "belle", "cheyenne", "django"))
    s = seat(g, "doc")
    assert flow.hand_size(g, s) == 7
    hs(g).hostage[bandit(g, "doc")] = HOSTAGES.index("minister")
    assert flow.hand_size(g, s) == 6
    assert flow.hand_size(g, seat(g, "belle")) == 6


def test_the_teacher_forbids_punches_and_the_zealot_rides() -> None:
    """hs.hostage.teacher-no-punch, hs.hostage.zealot-no-ride, D-hs-cannot-use: the holder
    cannot play those cards, and one already on the pile does nothing."""
    g = ready(4)
    s = g.actor
    who = g.chars[g.bandits_of[s][0]]
    set_hand(g, s, ["punch", "ride", "move"])
    assert {"play punch", "play ride"} <= set(legal(g))
    hs(g).hostage[bandit(g, who)] = HOSTAGES.index("teacher")
    g.legal = None
    assert "play punch" not in legal(g) and "play ride" in legal(g)
    hs(g).hostage[bandit(g, who)] = HOSTAGES.index("zealot")
    g.legal = None
    assert "play punch" in legal(g) and "play ride" not in legal(g)
    g = ready(4)
    hs(g).horses = [2, 2, 2, 2]
    put(g, belle=(2, False), cheyenne=(2, False), django=(0, False), doc=(4, False))
    hs(g).hostage[bandit(g, "belle")] = HOSTAGES.index("teacher")
    hs(g).hostage[bandit(g, "cheyenne")] = HOSTAGES.index("zealot")
    stealin(g, [("belle", "punch"), ("cheyenne", "ride")])
    reasons = [e.data["reason"] for e in g.events if e.kind == "no-effect"]
    assert reasons == ["teacher", "zealot"]


def test_the_old_lady_limits_roof_moves_to_one_car() -> None:
    """hs.hostage.old-lady-roof-move-one-car: the holder's roof moves go one car (or the one
    step onto or off the stagecoach)."""
    g = ready(4)
    hs(g).coach = 4
    put(g, belle=(2, True), cheyenne=(0, False), django=(0, False), doc=(0, False))
    hs(g).hostage[bandit(g, "belle")] = HOSTAGES.index("old-lady")
    stealin(g, [("belle", "move"), ("cheyenne", "move")])
    assert sorted(legal(g)) == ["move back 1", "move forward 1"]


def test_the_poker_player_takes_the_bandits_power() -> None:
    """hs.hostage.poker-player-loses-special-ability: from the moment he takes the Poker
    Player, the bandit has no special ability for the rest of the game."""
    g = ready(4, characters=("tuco", "belle", "cheyenne", "django"))
    assert "through-floor" in g.powers[bandit(g, "tuco")]
    hold_hostage(g, "tuco", "poker-player")
    assert g.powers[bandit(g, "tuco")] == frozenset()
    put(g, tuco=(2, False), belle=(2, True), cheyenne=(0, False), django=(0, False))
    stealin(g, [("tuco", "shoot")])
    assert not any(e.kind == "shoot" for e in g.events)  # no more shooting through the roof


def test_the_photographer_forbids_face_down_cards() -> None:
    """hs.hostage.photographer-no-face-down-cards, D-hs-photographer: the holder cannot play
    a card face down, even Ghost; in a tunnel his cards are played face up."""
    g = ready(4, "no-event-tunnels", characters=("ghost", "belle", "cheyenne", "django"))
    while g.pending.seat != seat(g, "ghost"):
        g.apply("draw")
    set_hand(g, seat(g, "ghost"), ["move", "rob"])
    assert "play move down" in legal(g)
    hs(g).hostage[bandit(g, "ghost")] = HOSTAGES.index("photographer")
    g.legal = None
    assert "play move down" not in legal(g)
    g.apply("play move")
    while g.pending.seat != seat(g, "ghost"):
        g.apply("draw")
    assert g.turn_type().value == "T"
    g.apply("play rob")
    assert g.pile_down[-1] is False
    assert g.view(seat(g, "belle"))["pile"][-1]["card"] == "rob"


# ============================================================================ events


def _event(g: Game, name: str) -> list:
    from coltexpress.engine.round_events import run_event

    g.events = []
    run_event(g, name)
    return g.events


def test_panting_horses() -> None:
    """hs.event.panting-horses: the rearmost horse leaves the game with 2-4 players, the two
    rearmost with 5 or more."""
    g = ready(4)
    hs(g).horses = [1, 2, 3, 4]
    _event(g, "panting-horses")
    assert hs(g).horses == [1, 2, 3] and hs(g).horses_out == 1
    g = ready(5)
    hs(g).horses = [1, 2, 3, 4, 5]
    _event(g, "panting-horses")
    assert hs(g).horses == [1, 2, 3] and hs(g).horses_out == 2
    sound(g)


def test_a_shot_of_whiskey_for_the_marshal() -> None:
    """hs.event.shot-of-whiskey-for-the-marshal-normal-flask,
    hs.event.shot-of-whiskey-for-the-marshal-old-flask, D-hs-marshal-whiskey: the flask in
    the Marshal's car is taken away; normal, he moves one car back; old, to the caboose;
    none, nothing happens."""
    g = ready(4)
    g.marshal = 1
    t = flask(g, old=False, car=1)
    _event(g, "shot-of-whiskey")
    assert g.marshal == 2 and t in hs(g).empty and t not in g.floor_loot[2]
    g = ready(4)
    g.marshal = 1
    flask(g, old=True, car=1)
    _event(g, "shot-of-whiskey")
    assert g.marshal == g.last
    g = ready(4)
    g.marshal = 1
    assert _event(g, "shot-of-whiskey") == [] and g.marshal == 1


def test_the_marshal_player_takes_the_flask_and_keeps_it_when_punched() -> None:
    """mp.event.shot-of-whiskey-marshal-takes-flask,
    mp.event.shot-of-whiskey-marshal-cannot-drop-flask: with a Marshal player, a flask in
    his space goes onto his sheet; punched, he never drops it."""
    g = boarded(hs_game(5, marshal=True))
    clear_loot(g)
    put(g, marshal=(2, False), belle=(2, False), cheyenne=(0, True), django=(0, True),
        doc=(4, True))
    t = flask(g, old=False, car=2)
    _event(g, "shot-of-whiskey")
    assert t in g.held[g.mp.marshal]
    stealin(g, [("belle", "punch")])
    assert all("whiskey" not in a for a in legal(g))
    assert "punch marshal nothing back" in legal(g)


def test_higher_speed() -> None:
    """hs.event.higher-speed: bandits on the train's roof move one car back; the horses, the
    stagecoach and the Shotgun too (none past the caboose)."""
    g = ready(4)
    hs(g).coach = hs(g).shotgun = 2
    hs(g).horses = [1, 2, 4, 4]
    put(g, belle=(1, True), cheyenne=(4, True), django=(2, False), doc=(3, False))
    _event(g, "higher-speed")
    assert where(g, "belle") == (2, True) and where(g, "cheyenne") == (4, True)
    assert where(g, "django") == (2, False)
    assert hs(g).coach == 3 and hs(g).shotgun == 3 and hs(g).horses == [2, 3, 4, 4]
    sound(g)


def test_shotguns_rage() -> None:
    """hs.event.shotguns-rage: bandits in or on the stagecoach, or in or on the car beside
    it, take a neutral bullet."""
    g = ready(4)
    hs(g).coach = 2
    to_coach(g, "belle", False)
    put(g, cheyenne=(2, True), django=(3, False), doc=(2, False))
    _event(g, "shotguns-rage")
    got = {n for n in ("belle", "cheyenne", "django", "doc") if g.received[bandit(g, n)]}
    assert got == {"belle", "cheyenne", "doc"}


def test_sharing_the_loot() -> None:
    """hs.station.sharing-the-loot, D-hs-sharing: each strongbox held is shared equally by
    its owner and every bandit in his space; what does not divide is lost."""
    g = ready(4)
    put(g, belle=(2, True), cheyenne=(2, True), django=(2, True), doc=(3, True))
    give_loot(g, "belle", "strongbox", 1000)
    _event(g, "sharing-the-loot")
    bonus = hs(g).bonus
    assert bonus[bandit(g, "belle")] == -667 and bonus[bandit(g, "cheyenne")] == 333
    assert bonus[bandit(g, "django")] == 333 and bonus[bandit(g, "doc")] == 0


def test_mortal_bullet() -> None:
    """hs.station.mortal-bullet: each bandit loses $150 for each bullet card received this
    round (D-hs-mortal: the total may go below zero)."""
    g = ready(4)
    hs(g).received_start = g.received[:]
    g.received[bandit(g, "belle")] += 2
    _event(g, "mortal-bullet")
    assert hs(g).bonus[bandit(g, "belle")] == -300
    assert hs(g).bonus[bandit(g, "doc")] == 0


def test_escape() -> None:
    """hs.station.escape-bandits-on-train-caught, hs.station.escape-by-ride-or-stagecoach,
    D-hs-escape, D-hs-nobody: at the Escape station a Ride card may take its rider away from
    the train; bandits finishing on the train are caught and cannot win; those in or on the
    stagecoach, or gone, escape. When everyone is caught, nobody wins."""
    g = ready(4, "escape")
    hs(g).horses = [2, 2, 2, 2]
    put(g, belle=(2, False), cheyenne=(3, True), django=(1, True), doc=(4, False))
    to_coach(g, "django", True)
    give_loot(g, "cheyenne", "strongbox", 1000)
    stealin(g, [("belle", "ride")])
    assert "ride away" in legal(g)
    g.apply("ride away")
    assert g.pos[bandit(g, "belle")] == -1 and hs(g).away[bandit(g, "belle")]
    sound(g)
    g.events = []
    _event(g, "escape")
    assert [e.data["bandit"] for e in g.events] == ["cheyenne", "doc"]
    from coltexpress.engine.scoring import score

    result = score(g)
    assert result["cannot_win"] == {str(seat(g, "cheyenne")): "caught",
                                    str(seat(g, "doc")): "caught"}
    assert seat(g, "cheyenne") not in result["winners"] and result["winners"]
    g = ready(4, "escape")
    put(g, belle=(2, False), cheyenne=(3, True), django=(1, True), doc=(4, False))
    _event(g, "escape")
    assert score(g)["winners"] == []
    # Elsewhere a Ride never rides away.
    g = ready(4)
    hs(g).horses = [2, 2, 2, 2]
    put(g, belle=(2, False))
    stealin(g, [("belle", "ride")])
    assert "ride away" not in legal(g)


def test_events_of_the_train_leave_the_stagecoach_alone() -> None:
    """D-hs-train-events: the base game's events act on the train; bandits in or on the
    stagecoach are not on the train's roof or inside its cars."""
    g = ready(4)
    hs(g).coach = 1
    to_coach(g, "belle", True)
    to_coach(g, "cheyenne", False)
    put(g, django=(3, True), doc=(3, False))
    _event(g, "swivel-arm")
    _event(g, "passengers-rebellion")
    assert in_coach(g, "belle") is False and in_coach(g, "cheyenne") is True
    assert where(g, "django") == (g.last, True)
    assert g.received[bandit(g, "cheyenne")] == 0 and g.received[bandit(g, "doc")] == 1


def test_django_knocks_back_along_the_train_only() -> None:
    """D-hs-django: Django's shot knocks a bandit back along the train; between the
    stagecoach and the car beside it, nobody is knocked back."""
    g = ready(4, characters=("django", "belle", "cheyenne", "doc"))
    hs(g).coach = 2
    to_coach(g, "belle", False)
    put(g, django=(2, False), cheyenne=(0, True), doc=(4, True))
    stealin(g, [("django", "shoot")])
    if g.pending.decision == "shoot":
        g.apply("shoot belle")
    assert in_coach(g, "belle") is True


def test_illegal_hs_actions_are_refused_and_change_nothing() -> None:
    """Bad input: an H&S action at the wrong moment is refused with the legal list."""
    g = ready(4)
    state = g.to_json()
    for text in ("ride coach", "board", "drink old", "flee back", "punch shotgun"):
        with pytest.raises(IllegalActionError, match="not legal now"):
            g.apply(text)
    assert g.to_json() == state


def test_fuzzed_games_conserve_horses_hostages_and_whiskey() -> None:
    """Random play over both presets and every player count: the invariants (horses,
    hostages, whiskey conserved, the stagecoach never past the caboose) hold at every step."""
    for preset, counts in (("horses-stagecoach", range(3, 8)), ("both-expansions", range(3, 9))):
        for players in counts:
            for seed in range(2):
                g = Game.new(Options.preset(preset, players=players), seed=seed)
                rng = random.Random(seed)
                while not g.is_over:
                    g.apply_id(rng.choice(g.legal_ids()))
                    assert check_invariants(g) == [], (preset, players, seed)
                    assert 0 <= hs(g).coach <= g.last


# quiet the unused names kept for scenario building
_ = (add_loot, BULLET, JEWEL, PURSE)


# ============================================================================ with both expansions


def test_with_the_marshal_hostages_are_bandits_minus_one() -> None:
    """hs.setup.hostages-players-minus-one with Marshal & Prisoners, D-hs-hostages-mp: the
    Marshal player takes no hostage, so the players the sheet counts are the bandits."""
    for players in range(3, 9):
        g = hs_game(players, marshal=True)
        assert len(hs(g).hostages) == players - 2


def test_the_poker_players_loss_lasts_the_whole_game() -> None:
    """hs.hostage.poker-player-loses-special-ability with a prisoner: freeing another
    bandit's sidekick gives his power, never the bandit's own back."""
    from coltexpress.engine.mp.rules import update_powers

    g = boarded(hs_game(5, marshal=True, characters=("tuco", "belle", "cheyenne", "django")))
    t = bandit(g, "tuco")
    hold_hostage(g, "tuco", "poker-player")
    assert "through-floor" not in g.powers[t]
    belle_sidekick = next(i for i, p in enumerate(__import__(
        "coltexpress.engine.mp.content", fromlist=["mp_content"]).mp_content().sidekicks)
        if p == "belle")
    g.mp.prisoner[t] = belle_sidekick
    update_powers(g, t)
    assert g.powers[t] == frozenset({"shield"})


def test_deadly_fall_never_crosses_the_stagecoach() -> None:
    """D-hs-django with Deadly Fall: Django's shot knocks nobody off the train from or into
    the stagecoach, and a punch on the stagecoach's roof knocks nobody off the train (it is
    no roof of the train)."""
    g = boarded(hs_game(5, marshal=True, characters=("django", "belle", "cheyenne", "doc")),
                "deadly-fall")
    clear_loot(g)
    hs(g).coach = 0
    put(g, django=(1, True), marshal=(2, False), cheyenne=(3, False), doc=(3, False))
    to_coach(g, "belle", True)
    stealin(g, [("django", "shoot")])
    assert all(not a.endswith(" off") for a in legal(g))
    g = boarded(hs_game(5, marshal=True, characters=("django", "belle", "cheyenne", "doc")),
                "deadly-fall")
    clear_loot(g)
    hs(g).coach = 1
    to_coach(g, "django", True)
    to_coach(g, "belle", True)
    put(g, marshal=(2, False), cheyenne=(3, False), doc=(3, False))
    stealin(g, [("django", "punch")])
    assert all(not a.endswith(" off") for a in legal(g))


def test_django_knocks_back_away_from_the_stagecoach() -> None:
    """D-hs-django: shooting from the stagecoach's roof, Django knocks a bandit on the train
    one car further from the stagecoach's car."""
    g = ready(4, characters=("django", "belle", "cheyenne", "doc"))
    hs(g).coach = 1
    to_coach(g, "django", True)
    put(g, cheyenne=(3, True), belle=(1, False), doc=(2, False))
    stealin(g, [("django", "shoot")])
    assert where(g, "cheyenne") == (4, True)


def test_the_shotgun_after_a_second_rob() -> None:
    """hs.shotgun.ending-turn-with-shotgun-bullet-and-flee with one's own sidekick: the
    action ends after the second Rob, in the Shotgun's space: a bullet, then away."""
    from coltexpress.engine.mp.content import mp_content

    g = boarded(hs_game(5, marshal=True))
    clear_loot(g)
    hs(g).coach = hs(g).shotgun = 2
    g.mp.prisoner[bandit(g, "belle")] = list(mp_content().sidekicks).index("belle")
    put(g, belle=(2, True), marshal=(4, False), cheyenne=(4, False), django=(4, False),
        doc=(4, False))
    add_loot(g, 2, True, "jewel", 500)
    add_loot(g, 2, True, "jewel", 500)
    bullets = g.received[bandit(g, "belle")]
    stealin(g, [("belle", "rob")])
    assert g.pending.decision == "rob-again"
    g.apply("rob jewel")
    assert g.received[bandit(g, "belle")] == bullets + 1
    assert g.pending.decision == "flee"


def test_sharing_the_loot_keeps_the_cell_apart() -> None:
    """hs.station.sharing-the-loot with the prison car: the cell is a place of its own; a
    bandit in the corridor shares nothing with one in the cell."""
    g = boarded(hs_game(5, marshal=True))
    clear_loot(g)
    put(g, belle=(g.last, False), cheyenne=(g.last, False), django=(1, True), doc=(1, False))
    g.mp.jailed[bandit(g, "belle")] = True
    g.mp.captured[bandit(g, "belle")] = True
    give_loot(g, "belle", "strongbox", 1000)
    _event(g, "sharing-the-loot")
    assert hs(g).bonus == [0] * 5


def test_only_the_shotguns_strongbox_is_guarded() -> None:
    """hs.punch.shotgun-must-be-punched-to-release-strongbox: the Shotgun guards his own
    strongbox; another strongbox on the stagecoach's roof (Take It All!) may be robbed."""
    g = boarded(hs_game(5, marshal=True))
    clear_loot(g)
    hs(g).coach = 1
    to_coach(g, "marshal", True)
    to_coach(g, "belle", True)
    put(g, cheyenne=(3, False), django=(3, False), doc=(4, False))
    guarded = hs(g).guarded
    g.floor_loot[coach_space(g, True)].append(guarded)
    g.box.remove(guarded)
    _event(g, "take-it-all")
    stealin(g, [("belle", "rob")])
    kinds = [g.loot_kind[t] for t in g.held[bandit(g, "belle")]]
    assert kinds == [STRONGBOX] and guarded in g.floor_loot[coach_space(g, True)]


def test_reflex_action_respects_the_hostages() -> None:
    """hs.hostage.teacher-no-punch in Reflex Action (D-hs-cannot-use): the Teacher's holder
    is not offered his Punch card."""
    from coltexpress.engine.mp.rules import reflex_action

    g = boarded(hs_game(5, marshal=True))
    s = seat(g, "belle")
    hold_hostage(g, "belle", "teacher")
    for other in range(g.n_players):
        if other != s:
            g.deck[other].extend(g.hand[other])
            g.hand[other] = []
            g.hand_known[other] = []
    set_hand(g, s, ["punch", "move"])
    g.pile, g.pile_down = [], []
    reflex_action(g)
    assert g.pending.decision == "reflex" and g.pending.seat == s
    assert sorted(legal(g)) == ["pass", "play move"]


def test_pickpocketing_in_the_stagecoach() -> None:
    """D-hs-train-events: Pickpocketing's "lone bandit ... in his space" counts the
    stagecoach's spaces too."""
    g = ready(4, "pickpocketing")
    to_coach(g, "belle", False)
    put(g, cheyenne=(1, False), django=(1, False), doc=(1, False))
    g.floor_loot[coach_space(g, False)].append(g.box.pop(
        next(i for i, t in enumerate(g.box) if g.loot_kind[t] == PURSE)))
    g.events = []
    from coltexpress.engine.round_events import run_event

    assert run_event(g, "pickpocketing")
    assert g.pending.decision == "pickpocket" and g.pending.bandit == "belle"


def test_a_secret_turmoil_choice_does_not_steer_a_sampled_world() -> None:
    """D-hs-turmoil with determinize: another seat's secret choice is redrawn from what his
    sampled hand allows, whatever he really chose."""
    from coltexpress.engine import ids

    g = ready(4, "no-event-turmoil")
    first = g.actor
    set_hand(g, first, ["move", "rob", "shoot"])
    g.apply("draw")
    s = g.actor  # the next seat samples worlds; it cannot know the first seat drew
    played = g.clone()
    played.hs.turmoil[first] = ids.PLAY[0][0][0]  # the same state, but he chose a Move card
    seen = [g.determinize(s, random.Random(k)).hs.turmoil[first] for k in range(30)]
    other = [played.determinize(s, random.Random(k)).hs.turmoil[first] for k in range(30)]
    assert seen == other
    assert len(set(seen)) > 1


def test_a_malformed_saved_stagecoach_is_refused() -> None:
    """Bad input: a saved state with impossible Horses & Stagecoach values is refused with a
    precise message."""
    from coltexpress.engine.errors import RecordError

    g = ready(4)
    for field, value in (("turmoil", [10**6, -1, -1, -1]), ("attack", [5, -1, -1, -1]),
                         ("coach", 99), ("sips", -3), ("hostage", [42, -1, -1, -1]),
                         ("guarded", 10**6)):
        data = g.to_json()
        data["hs"][field] = value
        with pytest.raises(RecordError, match=field):
            Game.from_json(data)
