"""Marshal & Prisoners (rules 004; the summary sheet 003's column where it adds or differs).

Each test names the rule ids of ``rules-index/marshal-prisoners.yaml`` it proves. Scenarios
are rigged as in the base game's tests (``support``): seat 0 plays the Marshal, whose
figure is ``marshal``; with 5 players the bandits are Belle, Cheyenne, Django and Doc.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from coltexpress import Game, Options
from coltexpress.engine import flow
from coltexpress.engine.content import BULLET, CAPTURE, IDEA, MAILBAG, content
from coltexpress.engine.errors import OptionsError
from coltexpress.engine.mp.content import SPECIAL_TARGETS, WARRANT, mp_content
from coltexpress.engine.mp.scoring import goal_done
from coltexpress.engine.mp.setup import PRISON_CAR
from support import (
    KIND,
    add_loot,
    bandit,
    clear_loot,
    give_loot,
    legal,
    loot_kinds,
    play_out,
    put,
    set_hand,
    set_round,
    stealin,
    where,
)

BANDITS = ("belle", "cheyenne", "django", "doc", "ghost", "tuco", "mei")


def mp_game(players: int = 5, *, seed: int = 0, **options: object) -> Game:
    """A game of the expansion with the first ``players - 1`` bandits in seat order."""
    options.setdefault("characters", BANDITS[: players - 1])
    return Game.new(Options(marshal_prisoners=True, players=players, **options), seed=seed)


def at_round(g: Game, card: str = "no-event-jarring") -> Game:
    """The first Schemin' turn, with this round card."""
    set_round(g, card)
    return g


def mp(g: Game):
    assert g.mp is not None
    return g.mp


def seat(g: Game, name: str) -> int:
    return g.seat_of[bandit(g, name)]


def marshal_card(g: Game, number: int, gun: int = 0) -> int:
    """The Marshal's Bullet card with this number in this pile."""
    return g.bullet_base[mp(g).marshal] + 6 * gun + number - 1


def fire(g: Game, gun: int, target: str) -> None:
    """Take the top card of one of the Marshal's piles into a bandit's deck (a past shot)."""
    state = mp(g)
    card = marshal_card(g, state.guns[gun], gun)
    state.guns[gun] -= 1
    g.cylinder[state.marshal] -= 1
    g.deck[seat(g, target)].append(card)
    g.received[bandit(g, target)] += 1


def finish(g: Game) -> dict:
    """Jump to the end of the game as it stands (the Marshal's end-of-game steps, then the
    score), without playing the remaining rounds."""
    from coltexpress.engine.mp.rules import end_game
    from coltexpress.engine.scoring import score

    end_game(g)
    return score(g)


def goals(g: Game, *names: str) -> None:
    """Give the Marshal exactly these goals (Special Target names or ``warrant@bandit``)."""
    codes = []
    for name in names:
        if name.startswith("warrant@"):
            codes.append(WARRANT + (["belle", "cheyenne", "django", "doc", "ghost", "tuco", "mei"]
                                    .index(name.partition("@")[2])))
        else:
            codes.append(SPECIAL_TARGETS.index(name))
    mp(g).current = codes
    mp(g).upcoming = []


def four_goals_done(g: Game) -> None:
    """Give the Marshal 5 goals and do 4 of them: Doc captured (his warrant), 2 prisoners
    taken, a Brawler card and Dodge Bullets kept; no pile empty (Golden Bullet Award)."""
    goals(g, "only-a-flesh-wound", "dodge-bullets", "throw-away-the-key", "warrant@doc",
          "golden-bullet-award")
    jail(g, "doc")
    mp(g).taken_prisoners = [mp(g).prisoners_left.pop(), mp(g).prisoners_left.pop()]


def kinds_of(g: Game, s: int) -> Counter:
    cards = g.cards_of(s)
    return Counter(g.card_kind[c] for c in cards)


# ---------------------------------------------------------------------------- setup


def test_players_count_every_seat_the_marshal_included() -> None:
    """mp.object.one-player-is-marshal, mp.setup.choose-marshal-player,
    mp.object.marshal-vs-bandit-terminology, mp.setup.marshal-in-locomotive-is-player-1,
    mp.mixing.marshal-always-starts-in-locomotive: one player (seat 0, Player 1) is the
    Marshal; his figure starts inside the locomotive; the others play bandits."""
    for players in range(3, 9):
        g = mp_game(players)
        assert g.chars[0] == "marshal" and g.n_bandits == players
        assert where(g, "marshal") == (0, False)
        assert g.view(0)["mp"]["marshal_seat"] == 0
        assert all(c in BANDITS for c in g.chars[1:])
    for bad in (2, 9):
        with pytest.raises(OptionsError, match="3 to 8 players"):
            Options(marshal_prisoners=True, players=bad)


def test_train_cars_by_band_with_the_prison_car_as_caboose() -> None:
    """mp.components.prison-car, mp.setup.train-for-2-4-bandits,
    mp.setup.train-for-5-7-bandits, mp.setup.prison-car-is-caboose: the locomotive, 4 cars
    and the prison car with 2-4 bandits; 5 cars with 5-7; the prison car always last."""
    for players, cars in ((3, 4), (4, 4), (5, 4), (6, 5), (7, 5), (8, 5)):
        g = mp_game(players)
        assert g.last == cars + 1
        assert g.train[-1] == PRISON_CAR and PRISON_CAR not in g.train[:-1]
        assert g.view(None)["mp"]["prison_car"] == g.last


def test_mailbags_replace_the_strongbox_in_the_locomotive() -> None:
    """mp.components.mailbags, mp.setup.mailbags-replace-strongbox: two mailbags ($200 and
    $1200, same back) lie in the locomotive instead of the strongbox; their values hidden."""
    g = mp_game()
    loco = g.floor_loot[0]
    assert sorted(g.loot_kind[t] for t in loco) == [MAILBAG, MAILBAG]
    assert sorted(g.loot_value[t] for t in loco) == [200, 1200]
    spaces = g.view(1)["spaces"]
    assert all("value" not in t for t in spaces[0]["loot"])


def test_seven_bandits_each_start_with_a_purse() -> None:
    """mp.components.extra-purse, mp.components.mei-cards: with 7 bandits Mei plays with
    her own cards and the box's $250 purse; every bandit starts with $250."""
    g = mp_game(8)
    assert "mei" in g.chars
    for b in range(1, 8):
        assert [g.loot_value[t] for t in g.held[b]] == [content().start_purse]
    mei = seat(g, "mei")
    assert kinds_of(g, mei)[IDEA] == 1 and g.cylinder[bandit(g, "mei")] == 6


def test_bandit_decks_swap_the_marshal_card_for_the_brilliant_idea() -> None:
    """mp.components.brilliant-idea-cards, mp.setup.add-brilliant-idea-card,
    mp.setup.remove-marshal-action-card, mp.setup.remove-ride-card-unless-horses-stagecoach:
    each bandit's deck is the base deck without its Marshal card (and without Ride, not in
    play without Horses & Stagecoach), with one Brilliant Idea."""
    g = mp_game()
    base = Counter(k for k, n in content().action_deck for _ in range(n))
    for s in range(1, 5):
        kinds = kinds_of(g, s)
        assert kinds[KIND["marshal"]] == 0 and kinds[IDEA] == 1
        assert sum(kinds.values()) == sum(base.values())  # 10: one card out, one in
        assert kinds[BULLET] == 0


def test_the_marshal_deck() -> None:
    """mp.components.marshal-cards, mp.marshal.action-deck-composition,
    mp.setup.marshal-deck-shuffled-face-down, mp.setup.two-cylinder-piles-of-six: Move x2,
    Change Floor, Shoot x3, Move +, Change Floor +, Capture x2 (22 cards with the 12
    bullets; Ride is the 23rd, only with Horses & Stagecoach); the deck is face down; the
    bullets in 2 piles of 6, the 6 on top."""
    g = mp_game()
    kinds = kinds_of(g, 0)
    expected = {"move": 2, "floor": 1, "shoot": 3, "move+": 1, "floor+": 1, "capture": 2}
    assert {k: kinds[KIND[k]] for k in expected} == expected
    assert sum(kinds.values()) == 10  # the bullets are still in the piles
    assert g.cylinder[0] == 12 and mp(g).guns == [6, 6]
    view = g.view(1)
    assert "hand" not in view or view["seat"] != 0
    assert view["players"][0]["hand_size"] == 6 and view["players"][0]["known_hand"] == []
    assert [gun["bullets"] for gun in view["mp"]["guns"]] == [6, 6]


def test_posters_brawlers_and_prisoners_set_out() -> None:
    """mp.components.wanted-posters, mp.setup.wanted-poster-500-side-up,
    mp.components.brawler-cards, mp.setup.brawler-pile-gold-on-top,
    mp.components.prisoner-cards, mp.setup.draw-three-prisoners-behind-prison-car,
    mp.prisoners.each-is-sidekick-of-a-bandit: a Wanted Poster per bandit ($500 side up),
    the Brawler pile Gold ($800) on top to Bronze ($300), 3 of the 7 prisoners face up,
    each the sidekick of a bandit whether or not in play."""
    seen = set()
    for seed in range(30):
        g = mp_game(seed=seed)
        view = g.view(None)["mp"]
        assert view["posters"] == dict.fromkeys(BANDITS[:4], "wanted")
        assert view["brawlers_left"] == [800, 500, 300]
        assert len(view["prisoners_waiting"]) == 3
        seen.update(view["prisoners_waiting"])
    assert seen == set(mp_content().sidekicks) == set(BANDITS)  # tuco's and mei's too


def test_goals_two_warrants_three_targets_unseen() -> None:
    """mp.components.goal-cards, mp.setup.draw-two-arrest-warrants-of-played-bandits,
    mp.setup.draw-three-special-targets-shuffle-with-warrants,
    mp.setup.five-goals-face-down-unseen, mp.goal.one-arrest-warrant-per-bandit: 2 Arrest
    Warrants of bandits in play and 3 Special Targets, shuffled face down; before round 1
    the Marshal sees none (his first goal is turned over as round 1 starts)."""
    kinds = set()
    for seed in range(40):
        g = mp_game(seed=seed)
        state = mp(g)
        all_goals = state.current + state.upcoming
        warrants = [x for x in all_goals if x >= WARRANT]
        assert len(all_goals) == 5 and len(set(all_goals)) == 5 and len(warrants) == 2
        assert all(g.chars[g.char_idx.index(w - WARRANT)] in BANDITS[:4] for w in warrants)
        assert len(state.current) == 1  # the first round's goal, after the deal
        kinds.update(all_goals)
    assert {x for x in kinds if x >= WARRANT} == {WARRANT + i for i in range(4)}


def test_full_of_lead_and_arch_enemy_need_four_bandits() -> None:
    """mp.setup.remove-full-of-lead-arch-enemy-with-2-3-bandits,
    mp.goal.full-of-lead-and-arch-enemy-need-4-bandits,
    mp.setup.summary-remove-full-of-lead-arch-enemy-2-3-players,
    mp.goal.summary-full-of-lead-arch-enemy-4-plus-players: with 2 or 3 bandits the two
    goals are never drawn; with 4 bandits (5 players) they are. The summary sheet counts
    players, the rulebook bandits: the rulebook is followed (D-mp-special-targets)."""
    late = {SPECIAL_TARGETS.index("full-of-lead"), SPECIAL_TARGETS.index("arch-enemy")}
    for players in (3, 4):
        for seed in range(40):
            g = mp_game(players, seed=seed)
            assert not late & set(mp(g).current + mp(g).upcoming)
    drawn = set()
    for seed in range(40):
        g = mp_game(5, seed=seed)
        drawn |= late & set(mp(g).current + mp(g).upcoming)
    assert drawn == late


def test_bandits_start_by_player_number() -> None:
    """mp.setup.bandit-start-cars-by-player-number: even-numbered players (2, 4, ...) in
    the car next to the prison car, odd-numbered ones in the next car forward."""
    g = mp_game(7)
    for s in range(1, 7):
        car, roof = where(g, g.chars[s])
        assert not roof
        assert car == (g.last - 1 if (s + 1) % 2 == 0 else g.last - 2)


def test_the_marshal_has_no_purse_and_plays_first() -> None:
    """mp.setup.marshal-has-no-starting-purse, mp.setup.marshal-is-first-player,
    mp.setup.first-player-passes-left-each-round: the Marshal starts without loot and is
    the first First Player; each round the player on the left follows."""
    g = mp_game()
    assert g.held[0] == [] and g.first == 0
    firsts = [g.first]
    rng = random.Random(0)
    while not g.is_over:
        round_no = g.round_no
        ids = g.legal_ids()
        g.apply_id(ids[rng.randrange(len(ids))])
        if g.round_no != round_no and not g.is_over:
            firsts.append(g.first)
    assert firsts == [0, 1, 2, 3, 4]


def test_round_cards_by_band_mixed_with_the_base_game() -> None:
    """mp.components.round-cards, mp.round-cards.for-2-4-bandits,
    mp.round-cards.for-5-7-bandits, mp.round-cards.mix-with-base-and-first-expansion,
    mp.setup.summary-shuffle-in-mp-round-cards, mp.setup.summary-shuffle-in-mp-station-cards,
    mp.round-cards.summary-round-events-vs-stations: the expansion's 5 round cards (one
    side per band: 2-4 and 5-7 bandits) and 3 stations join the base game's before the
    round deck is drawn; Safekeeping, Rumors and Reflex Action are round events, Guilty
    Conscience, Deadly Fall and Crime Doesn't Pay! stations."""
    data = mp_content()
    assert len(data.round_cards) == 5 and len(data.stations) == 3
    assert {s.event for s in data.round_cards} >= {"safekeeping", "rumors", "reflex-action"}
    assert {s.event for s in data.stations} == {
        "guilty-conscience", "deadly-fall", "crime-doesnt-pay"}
    small, large = mp_game(5), mp_game(6)
    assert small.options.band == "2-4" and large.options.band == "5-6"
    spec = data.round_cards[0]
    assert spec.turns_for("2-4") != spec.turns_for("5-6")
    names = Counter()
    for seed in range(60):
        g = mp_game(seed=seed)
        names.update(g.round_specs[i].name for i in (*g.round_deck, *g.round_log))
    assert {s.name for s in data.round_cards + data.stations} <= set(names)
    assert {s.name for s in content().round_cards} <= set(names)


def test_choosing_the_round_and_station_cards() -> None:
    """mp.optional.choose-round-and-station-cards: the players may choose 7 round cards
    and 3 stations; the round deck is 4 of those 7 and 1 of those 3."""
    rounds = ("safekeeping", "rumors", "reflex-action", "braking", "swivel-arm",
              "take-it-all", "no-event-rainy")
    stations = ("guilty-conscience", "deadly-fall", "marshals-revenge")
    for seed in range(20):
        g = mp_game(seed=seed, round_pool=rounds, station_pool=stations)
        deck = [g.round_specs[i].name for i in (*g.round_log, *g.round_deck)]
        assert len(deck) == 5
        assert sum(n in stations for n in deck) == 1
        assert sum(n in rounds for n in deck) == 4
    with pytest.raises(OptionsError):
        mp_game(round_pool=rounds[:6], station_pool=stations)


# ---------------------------------------------------------------------------- the prison car


def test_free_bandits_enter_the_corridor_never_the_cell() -> None:
    """mp.prison-car.free-bandits-only-corridor-or-roof,
    mp.prison-car.cannot-enter-cell-voluntarily: a bandit moving into the prison car is in
    its corridor (or on its roof), never in the cell."""
    g = at_round(mp_game())
    put(g, belle=(g.last - 1, False), marshal=(0, False))
    stealin(g, [("belle", "move")])
    assert legal(g) == ["move back 1"] or "move back 1" in legal(g)
    events = g.apply("move back 1")
    assert where(g, "belle") == (g.last, False) and not mp(g).jailed[bandit(g, "belle")]
    assert "Belle moves into the prison car." in [e.text() for e in events]


def jail(g: Game, name: str) -> None:
    b = bandit(g, name)
    mp(g).jailed[b] = mp(g).captured[b] = True
    g.pos[b] = 2 * g.last
    g.legal = None


def test_a_bandit_in_the_cell_cannot_be_shot_or_punched() -> None:
    """mp.prison-car.bandit-in-cell-cannot-be-shot-or-punched: a bandit in the corridor
    cannot shoot or punch the bandit in the cell there."""
    g = at_round(mp_game())
    put(g, cheyenne=(g.last, False), marshal=(0, False), belle=(1, False), django=(g.last - 1,
                                                                                  False))
    jail(g, "doc")
    events = stealin(g, [("cheyenne", "punch"), ("django", "shoot")])
    assert [e.data["reason"] for e in events if e.kind == "no-effect"] == ["no-target"]
    assert [e.data["target"] for e in events if e.kind == "shoot"] == ["cheyenne"]
    assert g.received[bandit(g, "doc")] == 0


def test_no_knockback_into_the_cell() -> None:
    """mp.prison-car.no-knockback-into-cell: a bandit punched into the prison car lands in
    its corridor, free."""
    g = at_round(mp_game())
    put(g, belle=(g.last - 1, False), cheyenne=(g.last - 1, False), marshal=(0, False))
    stealin(g, [("belle", "punch")])
    g.apply(next(a for a in legal(g) if a.startswith("punch cheyenne") and "back" in a))
    assert where(g, "cheyenne") == (g.last, False)
    assert not mp(g).jailed[bandit(g, "cheyenne")]


@pytest.mark.rule(
    "mp.setup.mailbags-replace-strongbox", "base.punch.victim-drops-chosen-loot-in-space"
)
def test_a_punched_mailbag_is_either_bag_at_random() -> None:
    """D-mp-punch-mailbag: the two mailbags have the same back, so a puncher who chooses a
    mailbag cannot choose which: the victim drops either one, whatever order he got them in,
    and the choice is offered by kind only."""
    dropped: Counter[tuple[int, int]] = Counter()
    for s in range(24):
        g = at_round(mp_game(seed=s))
        put(g, marshal=(0, False), belle=(2, False), cheyenne=(2, False), doc=(3, False))
        bags = [t for t in g.floor_loot[0] if g.loot_kind[t] == MAILBAG]
        for t in bags:
            g.floor_loot[0].remove(t)
            g.held[bandit(g, "cheyenne")].append(t)
        first = g.loot_value[bags[0]]
        stealin(g, [("belle", "punch")])
        assert "punch cheyenne mailbag back" in legal(g)
        assert all("#" not in a and "take" not in a for a in legal(g))
        g.apply("punch cheyenne mailbag back")
        (token,) = [t for t in g.floor_loot[2 * 2] if g.loot_kind[t] == MAILBAG]
        dropped[first, g.loot_value[token]] += 1
        assert [g.loot_kind[t] for t in g.held[bandit(g, "cheyenne")]].count(MAILBAG) == 1
    # Whichever bag came first, both were dropped in some game.
    assert {drop for _first, drop in dropped} == {200, 1200}
    assert any(first == drop for first, drop in dropped)
    assert any(first != drop for first, drop in dropped)


def test_only_the_brilliant_idea_works_in_the_cell() -> None:
    """mp.prison-car.cell-actions-have-no-effect-except-brilliant-idea,
    mp.brilliant-idea.in-cell-escapes-to-corridor-or-roof: the cards of a bandit in the
    cell have no effect, except his Brilliant Idea, which takes him out of the cell to the
    corridor or the roof of the prison car."""
    g = at_round(mp_game())
    put(g, marshal=(0, False))
    jail(g, "belle")
    events = stealin(g, [("belle", "move"), ("belle", "idea")])
    assert any(e.kind == "no-effect" and e.data["reason"] == "in-the-cell" for e in events)
    assert g.pending.decision == "escape"
    assert legal(g) == ["escape corridor", "escape roof"]
    g.apply("escape roof")
    assert where(g, "belle") == (g.last, True) and not mp(g).jailed[bandit(g, "belle")]


# ---------------------------------------------------------------------------- the draw


def test_draw_three_or_search_for_the_brilliant_idea() -> None:
    """mp.draw.choose-draw-three, mp.draw.or-search-deck-for-brilliant-idea,
    mp.draw.declare-option-before-drawing: a bandit chooses, before drawing, to draw 3
    cards or to search the deck for the Brilliant Idea (then shuffle the deck); the choice
    is public. The Marshal has no Brilliant Idea."""
    g = at_round(mp_game())
    s = 1
    set_hand(g, s, ["move", "rob"])
    g.first = 0
    g.actor = g.schedule[g.step][1]
    assert "draw idea" not in legal(g)  # the Marshal's turn
    g.apply("draw")
    assert g.actor == s
    assert "draw" in legal(g) and "draw idea" in legal(g)
    events = g.apply("draw idea")
    assert [e.kind for e in events][:1] == ["draw-idea"]
    assert IDEA in [g.card_kind[c] for c in g.hand[s]] and len(g.hand[s]) == 3
    assert g.deck_known[s] == []  # the deck was shuffled
    assert g.view(2)["players"][s]["known_hand"] == ["idea"]  # taken in view of all
    # with the card in hand there is nothing to search for
    g.actor = s
    g.phase = flow.PLAY
    g.legal = None
    assert "draw idea" not in legal(g)


def test_expert_searches_the_discard_pile_too() -> None:
    """mp.draw.or-search-deck-for-brilliant-idea: with the Expert Variant the search
    covers the discard pile."""
    g = at_round(mp_game(expert=True))
    s = 1
    card = next(c for c in g.cards_of(s) if g.card_kind[c] == IDEA)
    for zone in (g.deck[s], g.hand[s]):
        if card in zone:
            zone.remove(card)
    g.discard[s].append(card)
    g.first, g.step = 1, 0
    set_round(g, "no-event-jarring")
    assert g.actor == 1 and "draw idea" in legal(g)
    g.apply("draw idea")
    assert card in g.hand[s] and card not in g.discard[s]


# ---------------------------------------------------------------------------- Brilliant Idea


def test_brilliant_idea_copies_the_last_bandit_card() -> None:
    """mp.brilliant-idea.away-from-prison-car-copies-last-bandit-action,
    mp.brilliant-idea.copy-skips-marshal-and-brilliant-idea-cards,
    mp.brilliant-idea.example-must-copy-last-bandit-card,
    mp.brilliant-idea.last-played-means-resolution-order: the rulebook's example - Tuco
    plays his Brilliant Idea just after the Marshal's card; the last bandit's card before
    it, in the order the pile resolves, is Ghost's Punch: Tuco punches. Another Brilliant
    Idea in between is skipped too (D-mp-copy)."""
    g = at_round(mp_game(characters=("ghost", "tuco", "belle", "doc")))
    put(g, marshal=(0, False), ghost=(2, False), tuco=(3, False), belle=(3, False),
        doc=(4, False))
    events = stealin(g, [("ghost", "punch"), ("doc", "idea"), ("marshal", "move"),
                         ("tuco", "idea")])
    copies = [e.data for e in events if e.kind == "copy"]
    assert copies[0]["card"] == "punch" and copies[0]["whose"] == "ghost"  # Doc's copy
    while g.pending.bandit != "tuco":
        g.apply(legal(g)[0])
    assert g.pending.decision == "punch" and all(a.startswith("punch belle") for a in legal(g))


def test_brilliant_idea_with_nothing_to_copy() -> None:
    """mp.brilliant-idea.nothing-to-copy-no-effect: with no bandit's card before it (only
    the Marshal's), the Brilliant Idea has no effect."""
    g = at_round(mp_game())
    put(g, marshal=(0, False), belle=(2, False))
    events = stealin(g, [("marshal", "floor"), ("belle", "idea")])
    assert [e.data["reason"] for e in events if e.kind == "no-effect"] == ["nothing-to-copy"]


def test_brilliant_idea_frees_a_prisoner_one_at_a_time() -> None:
    """mp.brilliant-idea.on-prison-car-free-a-prisoner,
    mp.brilliant-idea.free-prisoner-not-if-already-holding-one,
    mp.prisoners.max-one-per-bandit: on the prison car (corridor or roof) a bandit takes a
    prisoner from behind it, but never a second one."""
    g = at_round(mp_game())
    put(g, marshal=(0, False), belle=(g.last, True))
    mp(g).prisoners_left = [1, 3, 6]  # cheyenne's, doc's and tuco's sidekicks
    stealin(g, [("belle", "idea")])
    assert legal(g) == ["free prisoner cheyenne", "free prisoner doc", "free prisoner tuco"]
    events = g.apply("free prisoner tuco")
    b = bandit(g, "belle")
    assert mp(g).prisoner[b] == 6 and mp(g).prisoners_left == [1, 3]
    assert "Belle frees Tuco's trusty sidekick (Tuco's power while the prisoner stays)." in [
        e.text() for e in events]
    assert g.view(None)["mp"]["prisoners"] == {"belle": "tuco"}
    # A second Brilliant Idea there: nobody in the cell and a prisoner already held.
    g2 = at_round(mp_game())
    put(g2, marshal=(0, False), belle=(g2.last, False))
    mp(g2).prisoner[bandit(g2, "belle")] = 0
    events = stealin(g2, [("belle", "idea")])
    assert [e.data["reason"] for e in events if e.kind == "no-effect"] == ["nothing-to-free"]


def test_brilliant_idea_frees_a_bandit_who_gives_loot() -> None:
    """mp.brilliant-idea.on-prison-car-free-a-bandit,
    mp.brilliant-idea.freed-bandit-gives-one-loot: the freed bandit comes to the rescuer's
    space and gives one loot token of his own choice (his decision)."""
    g = at_round(mp_game())
    put(g, marshal=(0, False), belle=(g.last, True))
    jail(g, "doc")
    clear_loot(g)
    purse = give_loot(g, "doc", "purse", 500)
    jewel = give_loot(g, "doc", "jewel", 500)
    stealin(g, [("belle", "idea")])
    assert "free doc" in legal(g)
    g.apply("free doc")
    assert where(g, "doc") == (g.last, True) and not mp(g).jailed[bandit(g, "doc")]
    assert g.pending.decision == "give" and g.pending.seat == seat(g, "doc")
    assert sorted(legal(g)) == sorted([f"give #{purse}", f"give #{jewel}"])
    g.apply(f"give #{jewel}")
    assert loot_kinds(g, "belle") == ["jewel"] and loot_kinds(g, "doc") == ["purse"]


# ---------------------------------------------------------------------------- prisoners


def test_another_bandits_sidekick_grants_that_power_while_held() -> None:
    """mp.prisoners.other-bandits-sidekick-grants-that-power,
    mp.prisoners.granted-power-lasts-while-held: freeing Tuco's sidekick gives Tuco's
    power at once; when the Marshal takes the prisoner back (Got 'Im!) it is gone."""
    g = at_round(mp_game())
    put(g, marshal=(g.last - 1, True), belle=(g.last, True))
    mp(g).prisoners_left = [6, 0, 1]
    stealin(g, [("belle", "idea")])
    g.apply("free prisoner tuco")
    b = bandit(g, "belle")
    assert "through-floor" in g.powers[b] and "shield" in g.powers[b]
    # The Marshal's "Got 'Im!" bullet (left pile, number 5) takes the prisoner back.
    fire(g, 0, "cheyenne")
    from coltexpress.engine.mp.rules import _marshal_hits

    _marshal_hits(g, 0, b, 0)
    assert mp(g).prisoner[b] == -1 and 6 in mp(g).taken_prisoners
    assert g.powers[b] == frozenset({"shield"})


def test_belle_before_her_sidekick() -> None:
    """mp.prisoners.belle-takes-precedence-over-belles-sidekick: Belle and a bandit with
    Belle's sidekick both in reach: Belle's own power wins, the other can be targeted."""
    g = at_round(mp_game())
    put(g, marshal=(0, False), doc=(2, False), belle=(2, False), cheyenne=(2, False))
    mp(g).prisoner[bandit(g, "cheyenne")] = 0  # Belle's sidekick
    from coltexpress.engine.mp.rules import update_powers

    update_powers(g, bandit(g, "cheyenne"))
    stealin(g, [("doc", "punch")])
    targets = {a.split()[1] for a in legal(g)}
    assert targets == {"cheyenne"}
    # a third bandit in reach: the holder of Belle's sidekick is spared too
    # (D-mp-prisoner-power)
    g = at_round(mp_game())
    put(g, marshal=(0, False), doc=(2, False), belle=(2, False), cheyenne=(2, False),
        django=(2, False))
    mp(g).prisoner[bandit(g, "cheyenne")] = 0
    update_powers(g, bandit(g, "cheyenne"))
    stealin(g, [("doc", "punch")])
    assert {a.split()[1] for a in legal(g)} == {"django"}


def test_own_sidekick_robs_twice() -> None:
    """mp.prisoners.own-sidekick-rob-takes-two-loot: with one's own sidekick a Rob takes
    two loot tokens, if two are there."""
    g = at_round(mp_game())
    put(g, marshal=(0, False), doc=(2, False))
    mp(g).prisoner[bandit(g, "doc")] = 3  # Doc's own sidekick
    clear_loot(g)
    add_loot(g, 2, False, "jewel")
    add_loot(g, 2, False, "purse", 300)
    stealin(g, [("doc", "rob")])
    g.apply("rob jewel")
    assert g.pending.decision == "rob-again" and legal(g) == ["pass", "rob purse"]
    g.apply("rob purse")
    assert loot_kinds(g, "doc") == ["jewel", "purse"]
    # with one token there is no second one to take
    g2 = at_round(mp_game())
    put(g2, marshal=(0, False), doc=(2, False))
    mp(g2).prisoner[bandit(g2, "doc")] = 3
    clear_loot(g2)
    add_loot(g2, 2, False, "jewel")
    stealin(g2, [("doc", "rob")])
    assert g2.pending.decision != "rob-again"


# ---------------------------------------------------------------------------- the Marshal


def test_meeting_the_marshal_costs_nothing() -> None:
    """mp.marshal.encounter-gives-no-neutral-bullet: a bandit entering the Marshal's space
    takes no neutral bullet and stays inside."""
    g = at_round(mp_game())
    put(g, marshal=(2, False), belle=(3, False))
    stealin(g, [("belle", "move")])
    g.apply("move forward 1")
    assert where(g, "belle") == (2, False) and g.received[bandit(g, "belle")] == 0


def test_bandits_shoot_join_and_punch_the_marshal() -> None:
    """mp.marshal.bandits-may-shoot-join-and-punch-marshal,
    mp.marshal.punching-marshal-takes-top-brawler-card,
    mp.marshal.punched-marshal-moves-to-adjacent-car,
    mp.marshal.cannot-drop-mailbag-when-punched: a bandit's bullet goes to the Marshal's
    deck; punching the Marshal takes the top Brawler card (Gold first) and pushes him to an
    adjacent car of the puncher's choice; he drops nothing."""
    g = at_round(mp_game())
    put(g, marshal=(2, False), belle=(3, False), cheyenne=(2, False))
    stealin(g, [("belle", "shoot"), ("cheyenne", "punch"), ("belle", "punch")])
    assert "shoot marshal" in legal(g)
    g.apply("shoot marshal")
    assert g.received[0] == 1
    assert any(g.card_bandit[c] == bandit(g, "belle") for c in g.deck[0])
    assert sorted(legal(g)) == ["punch marshal nothing back", "punch marshal nothing forward"]
    g.apply("punch marshal nothing back")
    assert where(g, "marshal") == (3, False)
    assert mp(g).brawler_won[bandit(g, "cheyenne")] == [800] and mp(g).brawlers == [500, 300]


def test_character_powers_affect_the_marshal() -> None:
    """mp.marshal.character-powers-affect-marshal: Django's shot knocks the Marshal back a
    car; Belle cannot be targeted while the Marshal can be."""
    g = at_round(mp_game())
    put(g, marshal=(2, False), django=(1, False), belle=(2, False))
    events = stealin(g, [("django", "shoot")])
    assert [e.data["target"] for e in events if e.kind == "shoot"] == ["marshal"]
    assert where(g, "marshal") == (3, False)  # knocked back
    assert g.received[bandit(g, "belle")] == 0


def test_plus_cards_give_an_extra_card_on_a_standard_turn() -> None:
    """mp.marshal.plus-card-allows-extra-card-on-standard-turn,
    mp.marshal.plus-card-cannot-draw-instead-of-extra-card,
    mp.marshal.plus-cards-chain-up-to-three-cards,
    mp.marshal.plus-card-extra-card-resolves-in-order: after Move + on a standard turn
    the Marshal may play another card at once (no draw instead); after a second "+" card a
    third; they resolve in the order played."""
    g = at_round(mp_game(), "no-event-jarring")  # S on the second turn
    set_hand(g, 0, ["move+", "floor+", "capture", "shoot"])
    g.step = 4 * 5 // 4 - 0  # the second turn (standard) is after 5 seats of the first
    g.step = next(i for i, (t, s) in enumerate(g.schedule) if t == 1 and s == 0)
    g.actor, g.phase, g.legal = 0, flow.PLAY, None
    assert flow.current_turn_type(g).value == "S"
    g.apply("play move+")
    assert g.pending.decision == "extra" and g.actor == 0
    assert "draw" not in legal(g) and "pass" in legal(g)
    g.apply("play floor+")
    assert g.pending.decision == "extra"
    g.apply("play capture")
    assert g.pending.decision == "play" and g.actor != 0
    assert [g.card_kind[c] for c in g.pile[-3:]] == [KIND["move+"], KIND["floor+"], CAPTURE]


def test_plus_cards_on_special_turns_give_nothing_more() -> None:
    """mp.marshal.plus-card-no-extra-card-on-special-turn,
    mp.marshal.plus-card-resolves-as-move-or-change-floor: on a jarring (or any special)
    turn a "+" card is one card; at Stealin' it resolves as Move / Change Floor."""
    g = at_round(mp_game(), "no-event-jarring")  # the first turn is jarring
    set_hand(g, 0, ["move+", "floor+", "shoot"])
    assert flow.current_turn_type(g).value == "J"
    g.apply("play move+")
    assert g.pending.decision == "play" and g.actor == 1
    g = at_round(mp_game())
    put(g, marshal=(0, False))
    events = stealin(g, [("marshal", "move+"), ("marshal", "floor+")])
    assert [e.kind for e in events if e.kind in ("move", "floor")] == ["move", "floor"]
    assert where(g, "marshal") == (1, True)  # one car back, then up to the roof


def test_capture_puts_a_bandit_in_the_cell_and_keeps_the_poster() -> None:
    """mp.marshal.capture-puts-bandit-in-cell, mp.marshal.capture-takes-wanted-poster,
    mp.marshal.capture-repeatable-poster-kept: the Marshal chooses a bandit in his space;
    the bandit goes to the cell, his poster to the Marshal, for good even after an
    escape; a second capture changes nothing more."""
    g = at_round(mp_game())
    put(g, marshal=(2, True), belle=(2, True), doc=(2, True), django=(2, False))
    stealin(g, [("marshal", "capture")])
    assert legal(g) == ["capture belle", "capture doc"]
    g.apply("capture doc")
    d = bandit(g, "doc")
    assert mp(g).jailed[d] and mp(g).captured[d] and where(g, "doc") == (g.last, False)
    assert g.view(1)["mp"]["in_cell"] == ["doc"]
    assert g.view(1)["mp"]["posters"]["doc"] == "captured"
    mp(g).jailed[d] = False
    assert g.view(1)["mp"]["posters"]["doc"] == "captured"


def test_the_marshal_shoots_with_two_guns() -> None:
    """mp.marshal.shoot-two-bandits, mp.marshal.shoot-one-bullet-from-each-cylinder,
    mp.marshal.shoot-single-target-choose-cylinder, mp.marshal-bullets.join-bandit-deck,
    mp.marshal-bullets.each-has-penalty: with 2 bandits in his line of fire the Marshal
    may shoot both, one bullet from each pile; one bandit takes one bullet, from the pile
    the Marshal chooses; each bullet has a penalty."""
    g = at_round(mp_game())
    put(g, marshal=(2, False), cheyenne=(1, False), django=(3, False), doc=(4, False))
    stealin(g, [("marshal", "shoot"), ("doc", "move")])
    options = legal(g)
    assert "shoot cheyenne left" in options and "shoot django right" in options
    assert "shoot cheyenne left django right" in options
    assert not any(a.startswith("shoot doc") for a in options)
    assert "shoot cheyenne right django left" not in options  # the same shot, listed once
    g.apply("shoot django left cheyenne right")
    assert mp(g).guns == [5, 5] and g.cylinder[0] == 10
    penalties = {e.data["target"]: e.data["penalty"] for e in g.events
                 if e.kind == "marshal-shoot"}
    assert penalties == {"cheyenne": "wounded-knee", "django": "disarmed"}
    # extended penalties wait in front of the bandit until the end of the round
    assert mp(g).front[bandit(g, "cheyenne")] == [marshal_card(g, 6, 1)]


def test_belle_escapes_the_marshal_only_within_limits() -> None:
    """mp.marshal.shoot-belle-protection-limits: Belle escapes the Marshal's shot only with
    3 or more bandits in his line of fire, or 2 bandits and a single bullet."""
    g = at_round(mp_game())
    put(g, marshal=(2, False), belle=(1, False), django=(3, False), doc=(4, False),
        cheyenne=(4, False))
    stealin(g, [("marshal", "shoot")])
    two = legal(g)
    assert "shoot belle left django right" in two  # 2 bandits, 2 bullets: Belle too
    assert not any(a.split()[1] == "belle" and len(a.split()) == 3 for a in two)
    g3 = at_round(mp_game())
    put(g3, marshal=(2, False), belle=(1, False), django=(3, False), doc=(3, False),
        cheyenne=(4, False))
    stealin(g3, [("marshal", "shoot")])
    assert not any("belle" in a for a in legal(g3))  # 3 in his line of fire


def test_extended_penalties_block_until_the_round_ends() -> None:
    """mp.marshal-bullets.extended-penalty-card-placed-in-front,
    mp.marshal-bullets.extended-penalty-card-shuffled-in-at-round-end, mp.bullet.disarmed,
    mp.bullet.wounded-knee, mp.bullet.shoulder-injury: Disarmed stops the bandit's Shoot
    cards, Wounded Knee his Change Floor cards, Shoulder Injury his Punch cards, until the
    end of the round; then the card is shuffled into his deck."""
    data = mp_content()
    for penalty, kind in (("disarmed", "shoot"), ("wounded-knee", "floor"),
                          ("shoulder-injury", "punch")):
        g = at_round(mp_game())
        put(g, marshal=(0, False), belle=(2, False), cheyenne=(2, False), doc=(2, True))
        gun, number = next((gun, 6 - i) for gun, pile in enumerate(data.piles)
                           for i, p in enumerate(pile) if p == penalty)
        card = marshal_card(g, number, gun)
        mp(g).front[bandit(g, "belle")].append(card)
        while mp(g).guns[gun] >= number:
            fire(g, gun, "django") if mp(g).guns[gun] > number else None
            if mp(g).guns[gun] == number:
                mp(g).guns[gun] -= 1
                g.cylinder[0] -= 1
                g.received[bandit(g, "belle")] += 1
        events = stealin(g, [("belle", kind), ("doc", "move")])
        assert [e.data["reason"] for e in events if e.kind == "no-effect"] == [penalty]
        assert g.view(None)["mp"]["penalties"] == {"belle": [penalty]}
        while g.round_no == 0:
            g.apply(legal(g)[0])
        assert mp(g).front[bandit(g, "belle")] == [] and card in g.cards_of(seat(g, "belle"))


def test_a_penalised_bandit_may_copy_with_the_brilliant_idea() -> None:
    """mp.bullet.penalised-bandit-brilliant-idea-may-copy-blocked-action: a Disarmed bandit
    copying another bandit's Shoot with the Brilliant Idea does shoot."""
    g = at_round(mp_game())
    put(g, marshal=(0, False), cheyenne=(2, False), belle=(3, False), doc=(4, False),
        django=(0, True))
    mp(g).front[bandit(g, "belle")].append(marshal_card(g, 6, 0))  # Disarmed
    mp(g).guns[0] = 5
    g.cylinder[0] = 11
    g.received[bandit(g, "belle")] = 1
    stealin(g, [("cheyenne", "shoot"), ("belle", "idea")])
    while g.pending.bandit == "cheyenne":
        g.apply(legal(g)[0])
    assert g.pending.decision == "shoot" and g.pending.bandit == "belle"
    assert legal(g) == ["shoot cheyenne", "shoot doc"]


def test_instant_penalties() -> None:
    """mp.bullet.got-im, mp.bullet.drop-that-bag, mp.bullet.golden-bullet-award-no-effect:
    Got 'Im! takes the bandit's prisoner, Drop That Bag! a mailbag he holds, to the
    Marshal's Achievement zone; Golden Bullet Award does nothing more."""
    from coltexpress.engine.mp.rules import _marshal_hits

    g = at_round(mp_game())
    b = bandit(g, "belle")
    mp(g).prisoner[b] = 2
    bag = next(t for t in g.floor_loot[0] if g.loot_kind[t] == MAILBAG)
    g.floor_loot[0].remove(bag)
    g.held[b].append(bag)
    fire(g, 0, "doc")  # the left pile: Disarmed (6) gone, Got 'Im! (5) on top
    _marshal_hits(g, 0, b, 0)
    assert mp(g).prisoner[b] == -1 and mp(g).taken_prisoners == [2]
    fire(g, 0, "doc")  # Wounded Knee (4) gone, Drop That Bag! (3) on top
    _marshal_hits(g, 0, b, 0)
    assert mp(g).taken_mailbags == [bag] and bag not in g.held[b]
    fire(g, 0, "doc")  # Shoulder Injury (2) gone, Golden Bullet Award (1) on top
    before = (list(g.held[b]), mp(g).prisoner[b], list(mp(g).front[b]))
    _marshal_hits(g, 0, b, 0)
    assert (list(g.held[b]), mp(g).prisoner[b], list(mp(g).front[b])) == before
    assert mp(g).guns[0] == 0


# ---------------------------------------------------------------------------- goals


def test_one_goal_each_round_seen_by_the_marshal_alone() -> None:
    """mp.goals.one-goal-revealed-each-round, mp.goals.marshal-sees-only-current-goals,
    mp.goals.summary-revealed-after-hands-before-round-card: at the start of each round,
    after the hands are dealt and before the round card, the Marshal turns his next goal
    over; he sees his current goals, nobody sees the upcoming ones (not even he)."""
    g = mp_game(seed=3)
    kinds = [e.kind for e in g.events]
    assert kinds.index("hand") < kinds.index("goal") < kinds.index("round")
    state = mp(g)
    for round_no in range(5):
        assert len(state.current) == round_no + 1 and len(state.upcoming) == 4 - round_no
        mine, theirs = g.view(0)["mp"], g.view(1)["mp"]
        assert mine["my_goals"] == [_goal_slug(g, x) for x in state.current]
        assert "my_goals" not in theirs and "goals_unseen" not in mine
        assert theirs["goals_current"] == len(state.current)
        while g.round_no == round_no and not g.is_over:
            g.apply(legal(g)[0])
    assert "goals_unseen" in g.view(1)["mp"]


def _goal_slug(g: Game, goal: int) -> str:
    from coltexpress.engine.mp.rules import goal_text

    return goal_text(g, goal)


def test_special_targets() -> None:
    """mp.goal.only-a-flesh-wound, mp.goal.dodge-bullets, mp.goal.golden-bullet-award,
    mp.goal.the-mail-must-go-through, mp.goal.throw-away-the-key, mp.goal.full-of-lead,
    mp.goal.arch-enemy: each Special Target, done and not done."""
    g = mp_game()
    code = SPECIAL_TARGETS.index
    state = mp(g)
    assert goal_done(g, code("only-a-flesh-wound"))
    state.brawlers = []
    assert not goal_done(g, code("only-a-flesh-wound"))
    belle = g.bullet_base[bandit(g, "belle")]
    g.deck[0] += [belle, belle + 1]
    assert goal_done(g, code("dodge-bullets"))
    g.deck[0].append(belle + 2)
    assert not goal_done(g, code("dodge-bullets"))
    assert not goal_done(g, code("golden-bullet-award"))
    for _ in range(6):
        fire(g, 1, "doc")
    assert goal_done(g, code("golden-bullet-award"))
    assert not goal_done(g, code("the-mail-must-go-through"))
    state.taken_mailbags.append(g.floor_loot[0].pop())
    assert goal_done(g, code("the-mail-must-go-through"))
    state.taken_prisoners = [state.prisoners_left.pop()]
    assert not goal_done(g, code("throw-away-the-key"))
    state.taken_prisoners.append(state.prisoners_left.pop())
    assert goal_done(g, code("throw-away-the-key"))
    # six of the Marshal's bullets in Doc's deck: Arch Enemy, not yet Full of Lead
    assert goal_done(g, code("arch-enemy")) and not goal_done(g, code("full-of-lead"))
    for name in ("belle", "cheyenne", "django"):
        fire(g, 0, name)
    assert goal_done(g, code("full-of-lead"))


def test_arrest_warrants() -> None:
    """mp.goal.arrest-warrant-captured, mp.goal.arrest-warrant-one-capture-is-enough: a
    warrant is done if that bandit's poster is the Marshal's, even after an escape."""
    g = mp_game()
    warrant = WARRANT + g.char_idx[bandit(g, "doc")]
    assert not goal_done(g, warrant)
    jail(g, "doc")
    mp(g).jailed[bandit(g, "doc")] = False
    assert goal_done(g, warrant)


def test_four_goals_of_five_win() -> None:
    """mp.object.marshal-wins-with-four-of-five-goals, mp.goals.four-completed-at-end-of-game,
    mp.end.marshal-wins-with-four-goals, mp.object.richest-bandit-wins-only-if-marshal-fails,
    mp.end.otherwise-richest-bandit-wins: 4 goals of 5 done at the end, the Marshal wins
    whatever the bandits hold; with 3 the richest bandit wins."""
    g = mp_game()
    four_goals_done(g)
    clear_loot(g)
    give_loot(g, "belle", "strongbox", 1000)
    result = finish(g.clone())
    assert result["goals_done"] == 4 and result["marshal_wins"] and result["winners"] == [0]
    mp(g).brawlers = []  # only 3 goals now
    result = finish(g)
    assert result["goals_done"] == 3 and not result["marshal_wins"]
    assert result["winners"] == [seat(g, "belle")]


def test_end_of_game_prisoners_and_mailbags_go_to_the_marshal() -> None:
    """mp.end.unfreed-prisoners-go-to-marshal, mp.end.mailbags-left-on-train-go-to-marshal:
    at the end the prisoners still behind the prison car and the mailbags on the train
    (not held) go to the Marshal's Achievement zone."""
    g = mp_game()
    bag = g.floor_loot[0].pop()
    g.held[bandit(g, "belle")].append(bag)
    waiting = list(mp(g).prisoners_left)
    finish(g)
    assert mp(g).taken_prisoners == waiting and mp(g).prisoners_left == []
    assert len(mp(g).taken_mailbags) == 1 and bag in g.held[bandit(g, "belle")]
    assert not any(g.loot_kind[t] == MAILBAG for ts in g.floor_loot for t in ts)


def test_seven_ways_to_wealth() -> None:
    """mp.scoring.loot-includes-mailbags, mp.scoring.gunslinger-prize,
    mp.scoring.wanted-poster-500-if-never-captured, mp.scoring.prisoner-200,
    mp.scoring.brawler-prizes, mp.prisoners.end-game-200-for-prisoner: loot (a mailbag
    too), the Gunslinger's $1000 among bandits, $500 for a poster never taken, $200 for a
    prisoner held, the Brawler prizes. The Marshal's shots win no Gunslinger prize
    (D-mp-gunslinger)."""
    g = mp_game()
    clear_loot(g)
    bag = g.floor_loot[0][0] if g.floor_loot[0] else None
    assert bag is None
    token = give_loot(g, "belle", "mailbag", 1200)
    b, c, d = bandit(g, "belle"), bandit(g, "cheyenne"), bandit(g, "doc")
    g.cylinder[c] -= 1  # Cheyenne shot once: the Gunslinger
    for _ in range(3):
        fire(g, 0, "django")  # the Marshal shot more, but is no bandit
    g.received[d] += 1
    g.deck[seat(g, "doc")].append(g.bullet_base[c] + 5)
    jail(g, "doc")
    mp(g).prisoner[b] = 0
    mp(g).brawler_won[b] = [800]
    mp(g).brawlers = [500, 300]
    result = finish(g)
    sb, sc, sd = seat(g, "belle"), seat(g, "cheyenne"), seat(g, "doc")
    assert g.loot_kind[token] == MAILBAG and result["loot"][sb] == 1200
    assert result["gunslingers"] == [sc]
    assert result["posters"][sb] == 500 and result["posters"][sd] == 0
    assert result["prisoners"][sb] == 200 and result["brawlers"][sb] == 800
    assert result["totals"][sb] == 1200 + 500 + 200 + 800
    assert result["totals"][sc] == 1000 + 500 and result["totals"][0] == 0
    assert result["shots"][0] == 0


def test_station_money_counts() -> None:
    """mp.scoring.train-station-effects: a station's money (Hostage Conductor's ransom)
    counts toward a bandit's wealth; the Marshal in the locomotive takes none."""
    g = at_round(mp_game(), "hostage-conductor")
    clear_loot(g)
    put(g, marshal=(0, False), belle=(0, True))
    stealin(g, [("doc", "move")])
    while g.round_no == 0:
        g.apply(legal(g)[0])
    assert g.held[0] == [] and [g.loot_value[t] for t in g.held[bandit(g, "belle")]] == [250]
    assert finish(g)["loot"][seat(g, "belle")] == 250


# ---------------------------------------------------------------------------- rounds


def test_round_effects_for_bandits_skip_the_marshal() -> None:
    """mp.round-cards.bandit-only-effects-skip-marshal: Swivel Arm sweeps the bandits on
    the roofs, not the Marshal; Braking too."""
    g = at_round(mp_game(), "swivel-arm")
    put(g, marshal=(1, True), belle=(2, True))
    stealin(g, [("doc", "move")])
    while g.round_no == 0:
        g.apply(legal(g)[0])
    assert where(g, "marshal") == (1, True) and where(g, "belle") == (g.last, True)


def test_neutral_bullets_still_serve_events() -> None:
    """mp.marshal.neutral-bullets-still-used-by-events: Passengers' Rebellion still hands
    out neutral bullets, to the bandits inside (not to the Marshal)."""
    g = at_round(mp_game(), "passengers-rebellion")
    put(g, marshal=(1, False), belle=(2, False), cheyenne=(2, True), django=(3, False),
        doc=(4, False))
    stealin(g, [("cheyenne", "floor")])
    while g.round_no == 0:
        g.apply(legal(g)[0])
    neutral = [bandit(g, n) for n in ("belle", "django", "doc")]
    assert all(g.received[b] == 1 for b in neutral)
    assert g.received[0] == 0 and g.received[bandit(g, "cheyenne")] == 1  # down inside


def test_jarring_turns_forbid_shoot_and_punch() -> None:
    """mp.turn.jarring-no-shoot-or-punch, mp.turn.summary-jarring-this-round: on a
    jarring turn no Shoot or Punch card may be played (the rulebook's special turn; the
    summary's "this round" is read as the jarring turns: D-mp-jarring)."""
    g = at_round(mp_game(), "no-event-jarring")
    set_hand(g, 0, ["shoot", "move", "capture"])
    assert flow.current_turn_type(g).value == "J"
    assert "play shoot" not in legal(g) and "play move" in legal(g)
    g.apply("play move")
    set_hand(g, 1, ["shoot", "punch", "rob", "idea"])
    assert sorted(legal(g)) == ["draw", "play idea", "play rob"]
    g.apply("play rob")
    g.step = next(i for i, (t, s) in enumerate(g.schedule) if t == 1 and s == 1)
    g.actor, g.legal = 1, None
    assert flow.current_turn_type(g).value == "S" and "play punch" in legal(g)


def test_jarring_brilliant_idea_may_copy_shoot() -> None:
    """mp.turn.jarring-brilliant-idea-may-copy-shoot-or-punch: a Brilliant Idea played on
    a jarring turn still copies a Shoot or Punch played before."""
    g = at_round(mp_game())
    put(g, marshal=(0, False), cheyenne=(2, False), belle=(2, False), doc=(3, False))
    stealin(g, [("cheyenne", "punch"), ("doc", "idea")])
    while g.pending.bandit == "cheyenne":
        g.apply(legal(g)[0])
    copies = [e.data["card"] for e in g.events if e.kind == "copy"]
    assert copies == ["punch"]


def test_rainy_day_keeps_one_card_for_the_next_hand() -> None:
    """mp.round-bonus.rainy-day-keep-one-card,
    mp.round-bonus.rainy-day-kept-card-counts-toward-next-hand,
    mp.round-bonus.rainy-day-example-draw-five-plus-kept: at the end of a Rainy Day
    round's Schemin' phase each player may keep one card; it does not go back to the deck,
    and the next hand is 5 drawn cards plus it."""
    g = at_round(mp_game(), "no-event-rainy")
    while g.pending.decision in ("play", "extra"):
        g.apply("draw" if "draw" in legal(g) else legal(g)[0])
    assert g.pending.decision == "rainy-day" and g.actor == g.first
    s = g.actor
    kept_action = next(a for a in legal(g) if a != "pass")
    g.apply(kept_action)
    card = g.kept[s][0]
    assert g.view(2)["players"][s]["kept_size"] == 1
    while g.pending.decision == "rainy-day":
        g.apply("pass")
    while g.round_no == 0:
        g.apply(legal(g)[0])
    assert card in g.hand[s] and len(g.hand[s]) == 6 and g.kept[s] == []


def test_rainy_day_not_with_the_expert_variant() -> None:
    """mp.round-bonus.rainy-day-not-with-expert-variant: with the Expert Variant the
    players keep cards as that variant says; no rainy-day card."""
    g = at_round(mp_game(expert=True), "no-event-rainy")
    while g.pending.decision in ("play", "extra"):
        g.apply("draw" if "draw" in legal(g) else legal(g)[0])
    assert g.pending.decision == "keep"


def _end_round(g: Game) -> list:
    events = []
    while g.round_no == 0 and not g.is_over:
        events += g.apply(legal(g)[0])
    return events


def test_safekeeping() -> None:
    """mp.event.safekeeping: all the loot inside the Marshal's car goes up to its roof,
    whether he is inside or on the roof."""
    for roof in (False, True):
        g = at_round(mp_game(), "safekeeping")
        clear_loot(g)
        put(g, marshal=(2, roof))
        add_loot(g, 2, False, "purse", 300)
        add_loot(g, 2, False, "jewel")
        stealin(g, [("doc", "floor")])
        _end_round(g)
        assert g.floor_loot[4] == [] and len(g.floor_loot[5]) == 2


def test_rumors() -> None:
    """mp.event.rumors: the Marshal reveals one of his current goals at random, to all;
    never one already revealed (D-mp-rumors)."""
    g = at_round(mp_game(), "rumors")
    events = stealin(g, [("doc", "floor")])
    events += _end_round(g)
    state = mp(g)
    assert len(state.revealed) == 1 and state.revealed[0] in state.current
    assert [e.kind for e in events].count("rumor") == 1
    assert g.view(2)["mp"]["goals_revealed"] == [_goal_slug(g, state.revealed[0])]
    from coltexpress.engine.mp.events import rumors

    rumors(g)
    assert len(state.revealed) == 2 == len(set(state.revealed))


def test_reflex_action() -> None:
    """mp.event.reflex-action-keep-unused-cards,
    mp.event.reflex-action-each-player-may-resolve-one-card,
    mp.event.reflex-action-return-unplayed-cards: the unplayed cards stay in hand through
    the Stealin' phase; then from the First Player each player may play and resolve one;
    the rest goes back on top of the deck, and the next deal draws it again (D-mp-reflex)."""
    g = at_round(mp_game(), "reflex-action")
    while g.pending.decision in ("play", "extra"):
        g.apply("draw" if "draw" in legal(g) else legal(g)[0])
    assert all(g.hand[s] for s in range(5))  # the hands stay through the Stealin' phase
    while g.pending.decision != "reflex":
        g.apply(legal(g)[0])
    assert g.actor == g.first == 0
    old = list(g.hand[0])
    g.apply("pass")
    assert g.actor == 1
    events = g.apply(next(a for a in legal(g) if a.startswith("play")))
    assert any(e.kind == "reveal" for e in events)
    while g.pending.decision != "reflex":
        g.apply(legal(g)[0])
    assert g.actor == 2
    while g.round_no == 0:
        g.apply("pass" if "pass" in legal(g) else legal(g)[0])
    # rules 000 deal without a shuffle: the Marshal's old hand was the top of his deck
    assert sorted(g.hand[0]) == sorted(old[-6:])


# ---------------------------------------------------------------------------- stations


def _with_station(g: Game, name: str) -> Game:
    index = next(i for i, s in enumerate(g.round_specs) if s.name == name)
    g.round_log = (*g.round_log, index)
    return g


def test_guilty_conscience() -> None:
    """mp.station.guilty-conscience-poorest-bandit-also-wins,
    mp.station.guilty-conscience-tie-for-poorest: if the Marshal wins, the poorest bandit
    wins too; with a tie for poorest, the Marshal alone."""
    g = _with_station(mp_game(), "guilty-conscience")
    four_goals_done(g)
    clear_loot(g)
    give_loot(g, "belle", "strongbox", 1000)
    give_loot(g, "cheyenne", "jewel", 500)
    give_loot(g, "django", "jewel", 500)
    # Doc lost the poster ($0); the others have $500 more. Doc is the poorest.
    result = finish(g.clone())
    assert result["winners"] == [0, seat(g, "doc")]
    give_loot(g, "doc", "purse", 1000)  # Doc now as poor as Cheyenne and Django
    result = finish(g.clone())
    assert result["totals"][seat(g, "doc")] == result["totals"][seat(g, "django")]
    assert result["marshal_wins"] and result["winners"] == [0]


def test_deadly_fall_punch_off_the_roof() -> None:
    """mp.station.deadly-fall-punch-off-roof, mp.station.deadly-fall-fallen-cannot-win: on
    the Deadly Fall round a punch on a roof may knock the victim off the train; his cards
    no longer resolve and he cannot win."""
    g = at_round(mp_game(), "deadly-fall")
    clear_loot(g)
    put(g, marshal=(0, False), belle=(2, True), cheyenne=(2, True))
    stealin(g, [("belle", "punch"), ("cheyenne", "move")])
    assert "punch cheyenne nothing off" in legal(g)
    g.apply("punch cheyenne nothing off")
    c = bandit(g, "cheyenne")
    assert mp(g).fallen[c] and g.pos[c] == -1
    assert [e.data["reason"] for e in g.events if e.kind == "no-effect"] == ["fallen"]
    give_loot(g, "cheyenne", "strongbox", 1000)
    result = finish(g)
    assert seat(g, "cheyenne") not in result["winners"]
    assert result["cannot_win"] == {str(seat(g, "cheyenne")): "fallen"}
    # not on other rounds
    g2 = at_round(mp_game())
    put(g2, marshal=(0, False), belle=(2, True), cheyenne=(2, True))
    stealin(g2, [("belle", "punch")])
    assert not any(a.endswith(" off") for a in legal(g2))


def test_deadly_fall_django_shoots_off_the_end_roofs() -> None:
    """mp.station.deadly-fall-django-shot-off-end-roofs,
    mp.station.summary-deadly-fall-django-only-from-loco-or-caboose: Django's shot may knock
    a bandit off the roof of the locomotive or the caboose (where his knock-back would
    carry him off the train), not off any other roof (D-mp-deadly-fall-django)."""
    g = at_round(mp_game(characters=("django", "belle", "cheyenne", "doc")), "deadly-fall")
    put(g, marshal=(0, False), django=(g.last - 2, True), doc=(g.last, True),
        cheyenne=(1, True), belle=(2, False))
    stealin(g, [("django", "shoot"), ("belle", "move")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot doc", "shoot doc off"]
    g.apply("shoot doc off")
    assert mp(g).fallen[bandit(g, "doc")] and g.received[bandit(g, "doc")] == 1


def test_crime_doesnt_pay() -> None:
    """mp.station.crime-doesnt-pay: a bandit in the cell at the end cannot win and does
    not count as the richest."""
    g = _with_station(mp_game(), "crime-doesnt-pay")
    clear_loot(g)
    give_loot(g, "doc", "strongbox", 1000)
    give_loot(g, "belle", "jewel", 500)
    jail(g, "doc")
    result = finish(g)
    assert not result["marshal_wins"] and result["winners"] == [seat(g, "belle")]


def test_angry_marshal_shoots_then_moves() -> None:
    """mp.event.angry-marshal-replaced: the Marshal may resolve one Shoot and then one Move
    without playing cards (his choices, or none)."""
    g = at_round(mp_game(), "angry-marshal")
    put(g, marshal=(2, False), belle=(3, False), cheyenne=(2, True))
    stealin(g, [("doc", "floor")])
    while g.pending.decision not in ("event-shoot", "event-move") and g.round_no == 0:
        g.apply(legal(g)[0])
    assert g.pending.decision == "event-shoot" and g.actor == 0
    assert "pass" in legal(g) and "shoot belle left" in legal(g)
    g.apply("shoot belle left")
    assert g.pending.decision == "event-move" and "move back 1" in legal(g)
    g.apply("move back 1")
    assert where(g, "marshal") == (3, False) and g.round_no == 1
    assert g.received[bandit(g, "cheyenne")] == 0  # no neutral bullets any more


def test_marshals_revenge_inside_or_on_the_roof() -> None:
    """mp.station.marshals-revenge-inside-or-on-roof: the bandits inside or on the roof of
    the Marshal's car drop their least valuable purse."""
    g = at_round(mp_game(), "marshals-revenge")
    clear_loot(g)
    put(g, marshal=(2, False), belle=(2, False), cheyenne=(2, True), django=(3, True))
    for name in ("belle", "cheyenne", "django"):
        give_loot(g, name, "purse", 300)
        give_loot(g, name, "purse", 500)
    stealin(g, [("doc", "floor")])
    _end_round(g)
    values = {n: sorted(g.loot_value[t] for t in g.held[bandit(g, n)])
              for n in ("belle", "cheyenne", "django")}
    assert values == {"belle": [500], "cheyenne": [500], "django": [300, 500]}


def test_a_whole_game_at_every_size() -> None:
    """Random games for 3 to 8 players end with invariants holding all the way."""
    for players in range(3, 9):
        g = play_out(mp_game(players, seed=players), seed=players)
        assert g.is_over and "goals" in g.result()


def test_the_marshal_off_the_train_cannot_win() -> None:
    """D-mp-winners, mp.station.deadly-fall-fallen-cannot-win: the Marshal knocked off the
    train does not win, whatever his goals; the richest bandit does."""
    g = _with_station(mp_game(), "deadly-fall")
    four_goals_done(g)
    from coltexpress.engine.mp.rules import knock_off

    knock_off(g, 0)
    clear_loot(g)
    give_loot(g, "belle", "strongbox", 1000)
    result = finish(g)
    assert result["goals_done"] == 4 and not result["marshal_wins"]
    assert result["winners"] == [seat(g, "belle")]
    assert "fell off the train" in [_game_over_text(g, result)][0]


def _game_over_text(g: Game, result: dict) -> str:
    from coltexpress.engine.event import Event

    players = [[g.chars[b] for b in g.bandits_of[s]] for s in range(g.n_players)]
    return Event("game-over", {**result, "players": players}).text()


def test_the_cell_is_no_space_of_the_train() -> None:
    """D-mp-cell: a bandit in the cell neither takes a purse (Pickpocketing) nor keeps a
    corridor bandit from being alone; Passengers' Rebellion reaches him inside the car."""
    g = at_round(mp_game(), "pickpocketing")
    clear_loot(g)
    put(g, marshal=(0, False), belle=(g.last, False), cheyenne=(1, True), django=(1, True),
        doc=(2, True))
    jail(g, "doc")
    add_loot(g, g.last, False, "purse", 300)
    stealin(g, [("cheyenne", "floor")])
    while g.pending.decision not in ("pickpocket",) and g.round_no == 0:
        g.apply(legal(g)[0])
    assert g.pending.decision == "pickpocket" and g.pending.bandit == "belle"
    g2 = at_round(mp_game(), "passengers-rebellion")
    put(g2, marshal=(0, True), belle=(1, True), cheyenne=(1, True), django=(1, True))
    jail(g2, "doc")
    stealin(g2, [("cheyenne", "move")])
    _end_round(g2)
    assert g2.received[bandit(g2, "doc")] == 1


def test_take_it_all_in_the_marshals_space() -> None:
    """D-mp-marshal-space: Take It All!'s strongbox goes where the Marshal's figure
    stands, on the roof too."""
    g = at_round(mp_game(), "take-it-all")
    clear_loot(g)
    put(g, marshal=(3, True))
    stealin(g, [("doc", "floor")])
    _end_round(g)
    assert [g.loot_kind[t] for t in g.floor_loot[7]] == [KIND_STRONGBOX]


KIND_STRONGBOX = 2


def test_a_card_kept_for_a_rainy_day_is_secret() -> None:
    """D-mp-rainy-day: once a player keeps a card for a rainy day, a card the others knew
    was in that hand (the Brilliant Idea searched for in public) is no longer known."""
    g = at_round(mp_game(), "no-event-rainy")
    g.apply("draw")
    set_hand(g, 1, ["move", "move", "floor", "floor", "shoot", "rob"])
    g.apply("draw idea")
    assert g.view(2)["players"][1]["known_hand"] == ["idea"]
    while g.pending.decision in ("play", "extra"):
        g.apply("draw" if "draw" in legal(g) else legal(g)[0])
    while g.actor != 1:
        g.apply("pass")
    g.apply("keep idea")
    assert g.view(2)["players"][1]["known_hand"] == []
    assert g.view(2)["players"][1]["kept_size"] == 1


def test_prisoners_grant_powers_only_with_powers() -> None:
    """D-mp-prisoner-power: in a game without powers a prisoner grants none; Doc's
    sidekick makes a hand of 7 at the next deal while held."""
    g = at_round(mp_game(powers=False))
    put(g, marshal=(0, False), belle=(g.last, False))
    mp(g).prisoners_left = [3, 0, 1]
    stealin(g, [("belle", "idea")])
    g.apply("free prisoner doc")
    assert g.powers[bandit(g, "belle")] == frozenset()
    g2 = at_round(mp_game())
    put(g2, marshal=(0, False), belle=(g2.last, False))
    mp(g2).prisoners_left = [3, 0, 1]
    stealin(g2, [("belle", "idea")])
    g2.apply("free prisoner doc")
    while g2.round_no == 0:
        g2.apply(legal(g2)[0])
    assert len(g2.hand[seat(g2, "belle")]) == 7


def test_reflex_action_with_the_expert_variant() -> None:
    """D-mp-reflex-expert: with the Expert Variant the cards kept stay in hand after Reflex
    Action, for the next round."""
    g = at_round(mp_game(expert=True), "reflex-action")
    while g.pending.decision in ("play", "extra"):
        g.apply("draw" if "draw" in legal(g) else legal(g)[0])
    while g.pending.decision == "keep":
        g.apply(next(a for a in legal(g) if a != "pass"))  # keep everything
    kept = [list(h) for h in g.hand]
    while g.pending.decision != "reflex":
        g.apply(legal(g)[0])
    while g.pending.decision == "reflex":
        g.apply("pass")
    assert all(set(kept[s]) <= set(g.hand[s]) for s in range(5))


def test_unverified_card_faces_are_flagged() -> None:
    """D-mp-card-faces: the faces no public source prints are data marked unverified, in
    one table; the printed contents are marked verified."""
    import json
    from importlib import resources

    raw = json.loads(resources.files("coltexpress").joinpath(
        "data/marshal_prisoners.json").read_text(encoding="utf-8"))
    unverified = {k for k, v in raw.items() if isinstance(v, dict) and v.get("verified") is False}
    assert unverified == {"marshal_bullets", "prison_car", "round_cards", "stations"}
    assert mp_content().confidence["marshal_deck"] == ("high", True)
