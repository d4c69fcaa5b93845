"""Special rules: 2 bandits per player (rules 000), and rules 002's own 2-player game."""

from __future__ import annotations

from collections import Counter

import pytest

from coltexpress import Game, Options
from coltexpress.engine.content import BULLET, MARSHAL, content
from coltexpress.engine.errors import IllegalActionError, OptionsError
from support import (
    add_loot,
    bandit,
    clear_loot,
    give_loot,
    legal,
    new_game,
    put,
    set_hand,
    set_round,
    stealin,
    to_first_turn,
    where,
)

SUGGESTED = ("tuco", "cheyenne", "django", "doc")  # rules 002's first-game teams


_ready = to_first_turn


def _at_turn(g, card: str, first: int = 0):
    """At the first Schemin' turn of a rigged round card, with ``first`` as first player."""
    _ready(g)
    g.first = first
    set_round(g, card)
    return g


def _cards(g, seat: int) -> Counter:
    return Counter(g.card_name(c) for c in g.deck[seat] + g.hand[seat])


# ---------------------------------------------------------------------------- setup


@pytest.mark.rule("base.two-bandits.for-two-or-three-players")
def test_two_bandits_for_two_or_three_players() -> None:
    for players in (2, 3):
        g = new_game("two-bandits", players=players)
        assert g.n_bandits == 2 * players
        assert all(len(team) == 2 for team in g.bandits_of)
    with pytest.raises(OptionsError):
        Options.preset("two-bandits", players=4)
    with pytest.raises(OptionsError):
        Options.preset("standard", players=2)  # 2 players need these rules


@pytest.mark.rule("base.two-bandits.setup.round-cards-for-2-4")
def test_two_bandits_use_round_cards_for_2_to_4() -> None:
    for seed in range(4):
        g = _ready(new_game("two-bandits", players=3, seed=seed))  # 6 bandits
        spec = g.round_specs[g.round_card]
        turns = spec.turns_for("2-4")
        expected = sum(2 if t.value == "Sp" else 1 for t in turns) * 3
        assert len(g.schedule) == expected
        assert g.view(0)["round_card"]["turns"] == [t.value for t in turns]
    # Six bandits in a 1-bandit game would use the 5-6 cards (angry-marshal differs).
    assert content().round_card("angry-marshal").turns_for("5-6") != (
        content().round_card("angry-marshal").turns_for("2-4")
    )
    g = _at_turn(new_game("two-bandits", players=3), "angry-marshal")
    assert len(g.schedule) == 4 * 3


@pytest.mark.rule("base.two-bandits.setup.two-players-three-cars")
def test_two_players_use_three_cars() -> None:
    g = new_game("two-player", players=2)
    assert g.last == 3 and len(g.train) == 3


@pytest.mark.rule("base.two-bandits.setup.three-players-four-cars")
def test_three_players_use_four_cars() -> None:
    g = new_game("two-bandits", players=3)
    assert g.last == 4 and len(g.train) == 4


@pytest.mark.rule("base.two-bandits.setup.random-first-character-then-choose-team")
def test_each_player_is_dealt_one_character_other_than_ghost_doc_belle() -> None:
    """D-two-bandit-characters."""
    aside = {"ghost", "doc", "belle"}
    seen = set()
    for seed in range(30):
        game = Game.new(Options.preset("two-bandits", players=3), seed=seed)
        teams = [tuple(game.chars[b] for b in team) for team in game.bandits_of]
        for team in teams:
            assert team[0] not in aside  # the randomly dealt character
            assert team[0] != team[1]
        seen.add(teams[0])
    assert len(seen) > 3  # random
    with pytest.raises(OptionsError):
        Options.preset("two-player", characters=("ghost", "doc", "tuco", "belle"))
    Options.preset("two-player", characters=("doc", "tuco", "belle", "django"))


@pytest.mark.rule("base.two-bandits.setup.one-of-each-card-minus-one-marshal")
def test_one_copy_of_each_card_per_bandit_and_one_marshal() -> None:
    g = new_game("two-player", players=2)
    assert g.pending.decision == "place"
    for seat in range(2):
        cards = _cards(g, seat)
        for b in g.bandits_of[seat]:
            name = g.chars[b]
            for kind in ("move", "floor", "shoot", "rob", "punch"):
                assert cards[f"{kind}@{name}"] == 1
        assert sum(n for card, n in cards.items() if card.startswith("marshal")) == 1
        assert not any(g.card_kind[c] == BULLET for c in g.deck[seat])


@pytest.mark.rule("base.two-bandits.setup.eleven-card-mixed-deck")
def test_each_deck_is_eleven_mixed_cards() -> None:
    orders = set()
    for seed in range(6):
        g = new_game("two-bandits", players=3, seed=seed)
        for seat in range(3):
            deck = g.deck[seat]
            assert len(deck) == 11
            assert {g.card_bandit[c] for c in deck} == set(g.bandits_of[seat])
        orders.add(tuple(g.card_name(c) for c in g.deck[0]))
    assert len(orders) > 1  # shuffled


@pytest.mark.rule("base.two-bandits.setup.secret-simultaneous-placement")
def test_placement_is_secret_until_everyone_has_chosen() -> None:
    """D-placement: one decision per player in seat order from the first player; hidden
    until all are made."""
    g = new_game("two-bandits", players=3, seed=1)
    first = g.first
    assert g.pending.decision == "place" and g.pending.seat == first
    events = g.apply(legal(g)[1])
    assert all(e.seat == first for e in events)  # only the chooser hears of it
    assert g.pos == [-1] * 6  # nothing placed yet
    other = (first + 1) % 3
    assert g.pending.seat == other
    assert "my_placement" not in g.view(other)
    assert g.view(first)["my_placement"] == g.chars[g.bandits_of[first][1]]
    g.apply(legal(g)[0])
    assert g.pending.seat == (first + 2) % 3 and g.pos == [-1] * 6
    events = g.apply(legal(g)[0])
    reveals = [e for e in events if e.kind == "reveal-placement"]
    assert len(reveals) == 3 and all(e.seat is None for e in reveals)
    assert -1 not in g.pos


@pytest.mark.rule("base.two-bandits.setup.left-hand-caboose-other-next-car")
def test_chosen_bandit_in_caboose_other_in_next_car() -> None:
    g = new_game("two-player", players=2)
    g.first = 0
    g.actor = 0
    g.apply("place belle")
    g.apply("place cheyenne")
    assert where(g, "belle") == (3, False) and where(g, "tuco") == (2, False)
    assert where(g, "cheyenne") == (3, False) and where(g, "doc") == (2, False)


@pytest.mark.rule(
    "base.two-bandits.round-start.choose-one-card-before-shuffle",
    "base.two-bandits.round-start.draw-six-total-seven",
)
def test_pick_one_card_then_draw_six() -> None:
    """D-pick: the pick comes at the start of the round, before the round card is revealed
    (D-reveal-order); any card of the deck may be chosen, bullets included; the hand is then
    filled to 7."""
    g = new_game("two-player", players=2)
    while g.pending.decision == "place":
        g.apply(legal(g)[0])
    seat = g.first
    assert g.pending.decision == "pick" and g.pending.seat == seat
    assert g.round_card == -1 and g.view(seat)["round_card"] is None  # not revealed yet
    # A neutral bullet in the deck may be picked.
    g.neutral -= 1
    g.deck[seat].append(g.neutral_base + g.neutral)
    g.received[g.bandits_of[seat][0]] += 1
    g.legal = None
    names = {g.card_name(c) for c in g.deck[seat]}
    assert sorted(legal(g)) == sorted(f"pick {n}" for n in names)
    assert len(legal(g)) == 12  # 11 different action cards and the bullet
    marshal = next(n for n in names if n.startswith("marshal"))
    g.apply(f"pick {marshal}")
    assert g.pending.decision == "pick" and g.pending.seat == 1 - seat
    g.apply(legal(g)[0])
    assert g.pending.decision == "play" and g.round_card >= 0  # dealt, then revealed
    assert marshal in [g.card_name(c) for c in g.hand[seat]]
    assert [len(h) for h in g.hand] == [7, 8]  # seat 1 has Doc


@pytest.mark.rule("base.two-bandits.round-start.draw-six-total-seven")
def test_hand_of_seven_every_round() -> None:
    g = new_game("two-player", players=2, characters=("tuco", "belle", "django", "ghost"))
    _ready(g)
    assert [len(h) for h in g.hand] == [7, 7]
    stealin(g, [])  # end of round 1: round 2 starts with a pick again
    assert g.round_no == 1 and g.pending.decision == "pick"
    _ready(g)
    assert [len(h) for h in g.hand] == [7, 7]


def test_pick_and_refill_with_the_expert_variant() -> None:
    """D-pick: with the Expert Variant the refill target is the same (7; Doc's team 8)."""
    g = new_game("two-player", players=2, expert=True)
    _ready(g)
    assert [len(h) for h in g.hand] == [7, 8]
    # Keep nothing; next round: pick 1 then refill to 7 (8).
    stealin(g, [])
    while g.pending.decision == "keep":
        g.apply("pass")
    assert g.pending.decision == "pick"
    _ready(g)
    assert [len(h) for h in g.hand] == [7, 8]


@pytest.mark.rule("base.two-bandits.doc-team-draws-eight")
def test_doc_team_draws_seven_plus_pick() -> None:
    g = _ready(new_game("two-player", players=2))  # seat 1: cheyenne + doc
    assert len(g.hand[1]) == 8 and len(g.hand[0]) == 7


# ---------------------------------------------------------------------------- Cover rule


@pytest.mark.rule("base.two-bandits.cover.shoot-lets-other-bandit-play")
def test_cover_after_a_shoot_plays_a_card_of_the_other_bandit() -> None:
    """D-cover: after a face-up Shoot in a standard turn, one face-up card of the other
    bandit; then the turn ends."""
    g = _at_turn(new_game("two-player", players=2), "no-event-speed")
    set_hand(g, 0, ["shoot@tuco", "move@tuco", "move@belle", "rob@belle"])
    g.apply("play shoot@tuco")
    assert g.pending.decision == "cover" and g.pending.seat == 0
    assert sorted(legal(g)) == ["pass", "play move@belle", "play rob@belle"]  # not Tuco's
    g.apply("play move@belle")
    assert [g.card_name(c) for c in g.pile] == ["shoot@tuco", "move@belle"]
    assert g.pile_down == [False, False]
    assert g.pending.decision == "play" and g.pending.seat == 1


def test_cover_may_be_declined() -> None:
    """D-cover."""
    g = _at_turn(new_game("two-player", players=2), "no-event-speed")
    set_hand(g, 0, ["shoot@tuco", "move@belle"])
    g.apply("play shoot@tuco")
    g.apply("pass")
    assert len(g.pile) == 1
    assert g.pending.decision == "play" and g.pending.seat == 1


def test_no_cover_in_tunnel_or_speeding_turns() -> None:
    """D-cover: standard turns only (not tunnel, speeding-up or switching turns)."""
    g = _at_turn(new_game("two-player", players=2), "no-event-tunnels")  # S T S T S
    g.apply("draw")
    g.apply("draw")
    set_hand(g, 0, ["shoot@tuco", "move@belle"])
    g.apply("play shoot@tuco")  # tunnel: face down
    assert g.pending.decision == "play" and g.pending.seat == 1
    g = _at_turn(new_game("two-player", players=2), "no-event-speed")  # S Sp S
    g.apply("draw")
    g.apply("draw")
    set_hand(g, 0, ["shoot@tuco", "move@belle"])
    g.apply("play shoot@tuco")  # speeding-up: his second play follows, no cover
    assert g.pending.decision == "play" and g.pending.seat == 0
    g = _at_turn(new_game("two-player", players=2), "angry-marshal")  # S S T Sw
    g.step = 6  # straight to the switching turn, which seat 0 opens
    g.actor = g.schedule[6][1]
    set_hand(g, 0, ["shoot@tuco", "move@belle"])
    g.apply("play shoot@tuco")  # switching turn
    assert g.pending.decision == "play" and g.pending.seat == 1


@pytest.mark.rule("base.two-bandits.cover.second-card-not-marshal")
def test_cover_card_cannot_be_a_marshal() -> None:
    g = _at_turn(new_game("two-player", players=2), "no-event-speed")
    set_hand(g, 0, ["shoot@belle", "marshal@tuco", "rob@tuco"])
    g.apply("play shoot@belle")
    assert g.pending.decision == "cover"
    assert sorted(legal(g)) == ["pass", "play rob@tuco"]
    with pytest.raises(IllegalActionError):
        g.apply("play marshal@tuco")
    # With only a Marshal card of the other bandit left there is no cover card: the
    # question is still asked, with "pass" only, so it says nothing about the hand (D-cover).
    g = _at_turn(new_game("two-player", players=2), "no-event-speed")
    set_hand(g, 0, ["shoot@belle", "marshal@tuco"])
    g.apply("play shoot@belle")
    assert g.pending.decision == "cover" and legal(g) == ["pass"]
    g.apply("pass")
    assert g.pending.decision == "play" and g.pending.seat == 1


@pytest.mark.rule("base.two-bandits.cover.no-chain-after-second-shoot")
def test_no_further_card_after_a_cover_shoot() -> None:
    g = _at_turn(new_game("two-player", players=2), "no-event-speed")
    set_hand(g, 0, ["shoot@tuco", "shoot@belle", "move@tuco", "move@belle"])
    g.apply("play shoot@tuco")
    g.apply("play shoot@belle")
    assert len(g.pile) == 2
    assert g.pending.decision == "play" and g.pending.seat == 1


# ---------------------------------------------------------------------------- loot and scores


@pytest.mark.rule("base.two-bandits.loot-kept-per-bandit")
def test_each_bandit_keeps_his_own_loot() -> None:
    g = _ready(new_game("two-player", players=2))
    clear_loot(g)
    put(g, tuco=(1, False), belle=(2, False), cheyenne=(3, True), doc=(3, True))
    g.marshal = 0
    jewel = add_loot(g, 2, False, "jewel")
    stealin(g, [("belle", "rob")])
    assert g.held[bandit(g, "belle")] == [jewel]
    assert g.held[bandit(g, "tuco")] == []


@pytest.mark.rule("base.two-bandits.end.sum-both-bandits-loot")
def test_player_scores_both_bandits_loot() -> None:
    g = _ready(new_game("two-player", players=2))
    clear_loot(g)
    give_loot(g, "tuco", "purse", 450)
    give_loot(g, "belle", "jewel")
    give_loot(g, "belle", "purse", 300)
    give_loot(g, "doc", "strongbox")
    result = g.result()
    assert result["loot"] == [450 + 500 + 300, 1000]


@pytest.mark.rule("base.two-bandits.end.gunslinger-team-total")
def test_gunslinger_goes_to_the_team_with_most_bullets_shot() -> None:
    g = _ready(new_game("two-player", players=2))
    full = content().cylinder
    # Tuco and Belle shot 2 each (4 in all); Cheyenne alone shot 3, the most of any bandit.
    g.cylinder = [full - 2, full - 2, full - 3, full]
    result = g.result()
    assert result["shots"] == [4, 3]
    assert result["gunslingers"] == [0]
    assert result["totals"][0] == result["loot"][0] + content().gunslinger_bonus


@pytest.mark.rule("base.two-bandits.end.gunslinger-excludes-teammate-hits")
def test_bullets_shot_at_a_team_mate_do_not_count() -> None:
    """D-team-gunslinger: shooting a team-mate is legal; those bullets do not count."""
    g = _ready(new_game("two-bandits", players=3))
    put(
        g,
        tuco=(0, False),
        cheyenne=(1, False),
        doc=(2, False),
        belle=(3, False),
        django=(4, True),
        ghost=(4, True),
    )
    g.marshal = 4
    stealin(g, [("cheyenne", "shoot"), ("belle", "shoot")])
    assert sorted(legal(g)) == ["shoot doc", "shoot tuco"]  # the team-mate is a target
    g.apply("shoot doc")
    assert g.received[bandit(g, "doc")] == 2  # then Belle's forced shot at Doc
    result = g.result()
    assert result["shots"] == [1, 0, 0]
    assert result["gunslingers"] == [0]
    assert result["received"][1] == 2  # the bullet cards still count against him


# ---------------------------------------------------------------------------- characters


@pytest.mark.rule("base.two-bandits.ghost-team-first-card-face-down")
def test_ghost_team_plays_any_first_card_face_down() -> None:
    g = new_game("two-player", players=2, characters=("django", "ghost", "tuco", "belle"))
    _at_turn(g, "no-event-speed")
    set_hand(g, 0, ["shoot@django", "move@ghost", "rob@django"])
    assert "play shoot@django down" in legal(g)
    assert "play move@ghost down" in legal(g)
    g.apply("play rob@django down")
    assert g.pile_down == [True]
    g.apply("draw")  # seat 1
    # Second turn (speeding-up): no face-down plays any more.
    assert not any(a.endswith("down") for a in legal(g))
    # The team without Ghost never has the option.
    g.apply("draw")
    g.apply("draw")
    assert not any(a.endswith("down") for a in legal(g))


@pytest.mark.rule("base.two-bandits.ghost-face-down-optional-for-cover")
def test_ghost_team_face_up_shoot_keeps_the_cover() -> None:
    """D-cover: a Ghost team may play its first card face down instead (then no cover)."""
    chars = ("django", "ghost", "tuco", "belle")
    g = _at_turn(new_game("two-player", players=2, characters=chars), "no-event-speed")
    set_hand(g, 0, ["shoot@django", "move@ghost"])
    g.apply("play shoot@django")
    assert g.pending.decision == "cover"
    assert "play move@ghost" in legal(g)
    g = _at_turn(new_game("two-player", players=2, characters=chars), "no-event-speed")
    set_hand(g, 0, ["shoot@django", "move@ghost"])
    g.apply("play shoot@django down")
    assert g.pending.decision == "play" and g.pending.seat == 1


# ---------------------------------------------------------------------------- rules 002


def _acc(seed: int = 0, characters: tuple[str, ...] = SUGGESTED, **kw):
    return new_game("accessible-two-player", players=2, seed=seed, characters=characters, **kw)


@pytest.mark.rule("base.two-bandits.accessible-four-cars-for-two-players")
def test_accessible_two_players_use_four_cars() -> None:
    """D-accessible-two-player: 4 cars (and the players may name them)."""
    g = _acc()
    assert g.last == 4 and len(g.train) == 4
    g = _acc(cars=(5, 0, 2, 1))
    assert g.train == (5, 0, 2, 1)
    # With 3 players the 2-bandit rules of rules 000 apply in both editions: 4 cars.
    g = new_game("two-bandits", players=3, edition="accessible")
    assert g.last == 4


@pytest.mark.rule("base.two-bandits.accessible-choose-team-of-two")
def test_accessible_players_choose_any_team() -> None:
    g = _acc(characters=("ghost", "doc", "belle", "tuco"))  # refused by rules 000
    assert g.chars == ("ghost", "doc", "belle", "tuco")
    teams = [{g.chars[b] for b in t} for t in g.bandits_of]
    assert teams == [{"ghost", "doc"}, {"belle", "tuco"}]
    with pytest.raises(OptionsError):
        new_game("two-player", players=2, characters=("ghost", "doc", "belle", "tuco"))


@pytest.mark.rule("base.two-bandits.accessible-suggested-first-game-teams")
def test_accessible_suggested_teams_play() -> None:
    g = _acc()
    for seat, team in enumerate((("tuco", "cheyenne"), ("django", "doc"))):
        owners = {g.chars[g.card_bandit[c]] for c in g.deck[seat]}
        assert owners == set(team)
        assert len(g.deck[seat]) == 11
        assert sum(g.card_kind[c] == MARSHAL for c in g.deck[seat]) == 1


@pytest.mark.rule("base.two-bandits.accessible-one-bandit-per-team-in-each-rear-car")
def test_accessible_placement_one_per_team_in_each_rear_car() -> None:
    """D-accessible-two-player: the placement is a secret choice as in rules 000."""
    g = _acc()
    assert g.pending.decision == "place"
    g.apply(legal(g)[0])
    g.apply(legal(g)[1])
    for team in g.bandits_of:
        cars = sorted(g.pos[b] for b in team)
        assert cars == [2 * 3, 2 * 4]  # inside car 3 and inside the caboose (car 4)


@pytest.mark.rule("base.two-bandits.accessible-expert-variant-always")
def test_accessible_two_player_game_uses_the_expert_variant() -> None:
    """D-accessible-two-player: Expert Variant always; no pick and no Cover rule."""
    g = _acc()
    assert g.options.expert is False and g.expert
    g.apply(legal(g)[0])
    g.apply(legal(g)[0])
    assert g.pending.decision == "play"  # no pick
    assert [len(h) for h in g.hand] == [6, 7]  # refill to 6 (Doc 7); no pick card
    g.first = 0
    set_round(g, "no-event-speed")
    set_hand(g, 0, ["shoot@tuco", "move@cheyenne"])
    g.apply("play shoot@tuco")
    assert g.pending.decision == "play" and g.pending.seat == 1  # no cover
    g.step = len(g.schedule) - 1
    g.actor = g.schedule[-1][1]
    g.legal = None
    g.apply("draw")
    assert g.pending.decision == "keep"


@pytest.mark.rule("base.two-bandits.accessible-no-gunslinger")
def test_accessible_two_player_game_has_no_gunslinger() -> None:
    g = _ready(_acc())
    full = content().cylinder
    g.cylinder = [full - 3, full, full - 1, full]
    result = g.result()
    assert result["shots"] == [3, 1]
    assert result["gunslingers"] == []
    assert result["totals"] == result["loot"]


@pytest.mark.rule("base.two-bandits.accessible-teammate-can-be-shot")
def test_accessible_bandit_may_shoot_his_team_mate() -> None:
    g = _ready(_acc())
    put(g, django=(0, False), tuco=(1, False), cheyenne=(2, False), doc=(4, True))
    g.marshal = 4
    g.first = 0
    set_round(g, "no-event-speed")
    stealin(g, [("tuco", "shoot"), ("doc", "move")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot django"]
    g.apply("shoot cheyenne")
    assert g.pending.bandit == "doc"  # still in Stealin'
    assert g.received[bandit(g, "cheyenne")] == 1
    top = g.deck[0][-1]  # the bullet goes on top of the player's draw deck
    assert g.card_kind[top] == BULLET and g.card_bandit[top] == bandit(g, "tuco")


@pytest.mark.rule("base.two-bandits.accessible-django-alone-or-with-teammate")
def test_accessible_django_with_only_his_team_mate_counts_as_alone() -> None:
    """D-lone-gunman: a team-mate does not break "alone" in the 2-player game."""
    g = _ready(_acc())
    put(g, django=(1, False), doc=(1, False), cheyenne=(3, False), tuco=(4, False))
    g.marshal = 0
    stealin(g, [("django", "shoot")])
    assert sorted(legal(g)) == ["shoot cheyenne", "shoot tuco"]  # far away, same floor


@pytest.mark.rule("base.two-bandits.accessible-django-alone-or-with-teammate")
def test_accessible_django_with_an_opponent_is_not_alone() -> None:
    g = _ready(_acc())
    put(g, django=(1, False), doc=(2, True), cheyenne=(1, False), tuco=(4, False))
    g.marshal = 0
    events = stealin(g, [("django", "shoot")])
    # Not alone: only the adjacent cars inside (cars 0 and 2), where nobody is.
    assert any(e.kind == "no-effect" for e in events)
    assert g.received[bandit(g, "tuco")] == 0
