"""Setting up a game: characters, train, loot, decks, round deck, first player, placement."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import flow
from .actions import MARSHAL_FIGURE
from .content import BULLET, JEWEL, MAILBAG, PURSE, RIDE, STRONGBOX, content, round_specs
from .hs.content import hs_content
from .hs.setup import new_state as new_hs_state
from .ids import CHAR_INDEX
from .mp.content import mp_content
from .mp.setup import PRISON_CAR, mp_deck, new_state, place_mp
from .options import TWO_BANDIT_ASIDE, Edition, Options, RoundDeck
from .rng import seed_state

if TYPE_CHECKING:
    from .game import Game


class _Rng:
    """The game's generator during setup (the state integer lives in the game)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def below(self, n: int) -> int:
        return flow.random_index(self.game, n)

    def shuffle(self, items: list[int]) -> None:
        flow.shuffle(self.game, items)

    def sample(self, items: list[Any], k: int) -> list[Any]:
        pool = list(items)
        out = []
        for _ in range(k):
            out.append(pool.pop(self.below(len(pool))))
        return out


def set_up(g: Game, options: Options, seed: int) -> None:
    data = content()
    g.options = options
    g.seed = seed
    g.rng = seed_state(seed)
    rng = _Rng(g)
    players = options.players
    per = options.bandits_per_player
    mp = options.marshal_prisoners  # Marshal & Prisoners: seat 0 plays the Marshal's figure
    hs = options.horses_stagecoach  # Horses & Stagecoach: the stagecoach, horses, hostages
    g.n_players = players
    g.n_bandits = nb = options.figure_count
    g.expert = options.expert_cards
    g.accessible = options.edition is Edition.ACCESSIBLE
    g.cover_rule = options.two_bandits and not options.accessible_two_player
    g.pick_rule = g.cover_rule

    # Characters, seat by seat (two per seat with 2 bandits per player).
    chars = list(options.characters) if options.characters else _draw_characters(options, rng)
    if mp:
        chars = [MARSHAL_FIGURE, *chars]
    g.chars = tuple(chars)
    g.char_idx = tuple(CHAR_INDEX[c] for c in chars)
    powers = data.powers[options.edition.value]
    g.power = tuple(powers.get(c) if options.powers else None for c in chars)
    g.seat_of = tuple(b // per for b in range(nb))
    g.bandits_of = tuple(tuple(range(s * per, s * per + per)) for s in range(players))
    g.who = tuple((1 + g.char_idx[b]) if options.two_bandits else 0 for b in range(nb))
    g.powers = [frozenset() if p is None else frozenset((p,)) for p in g.power]

    # The train: cars 1..last behind the locomotive (car 0); the caboose is the last.
    n_cars = options.car_count
    n_drawn = n_cars - mp  # Marshal & Prisoners: the prison car is the caboose
    if options.cars is not None:
        train = list(options.cars)
    else:
        train = [int(c) for c in rng.sample(list(range(len(data.cars))), n_drawn)]
    if mp:
        train.append(PRISON_CAR)
    g.train = tuple(train)
    g.last = n_cars
    spaces = 2 * (n_cars + 1) + 2 * hs  # the stagecoach's inside and roof after the train's

    # Loot tokens. Start purses are public $250s; floor purses are drawn at random from the
    # rest, so a token's id says nothing about its value; the rest wait in the box.
    kinds: list[int] = []
    values: list[int] = []
    public: list[bool] = []

    def token(kind: int, value: int, is_public: bool) -> int:
        kinds.append(kind)
        values.append(value)
        public.append(is_public)
        return len(kinds) - 1

    # Mei's start purse is the one Marshal & Prisoners adds for her (D-seven-bandits).
    # The Marshal player starts with no purse.
    g.held = [
        []
        if name == MARSHAL_FIGURE
        else [token(PURSE, data.mei_start_purse if name == "mei" else data.start_purse, True)]
        for name in chars
    ]
    pool = list(data.purse_values)
    for name in chars:
        if name not in ("mei", MARSHAL_FIGURE):
            pool.remove(data.start_purse)
    order = list(range(len(pool)))
    rng.shuffle(order)
    pool = [pool[i] for i in order]
    g.floor_loot = [[] for _ in range(spaces)]
    jewels_left = data.jewel_count
    for c, table_index in enumerate(train, start=1):
        if table_index == PRISON_CAR:
            continue  # nothing on the prison car's floor (D-mp-card-faces)
        spec = data.cars[table_index]
        for _ in range(spec.purses):
            g.floor_loot[2 * c].append(token(PURSE, pool.pop(), False))
        for _ in range(spec.jewels):
            g.floor_loot[2 * c].append(token(JEWEL, data.jewel_value, True))
            jewels_left -= 1
    g.box = [token(PURSE, v, False) for v in pool]
    g.box += [token(JEWEL, data.jewel_value, True) for _ in range(jewels_left)]
    if mp:
        # Two mailbags with the same back instead of the strongbox, in random order.
        bags = list(mp_content().mailbags)
        rng.shuffle(bags)
        g.floor_loot[0] += [token(MAILBAG, v, False) for v in bags]
        g.box.append(token(STRONGBOX, data.strongbox_value, True))
    else:
        g.floor_loot[0].append(token(STRONGBOX, data.strongbox_value, True))
    g.reserve = [
        token(STRONGBOX, data.strongbox_value, True) for _ in range(data.strongbox_count - 1)
    ]
    g.hs = new_hs_state(g, token, rng.shuffle) if hs else None
    g.loot_kind = tuple(kinds)
    g.loot_value = tuple(values)
    g.loot_public = tuple(public)
    g.loot_seen = [0] * len(kinds)
    g.marshal = -1 if mp else 0  # the Marshal's car; with a Marshal player, his figure

    # Cards. Each bandit's action cards (2 bandits per player: one of each kind per bandit,
    # one Marshal card set aside), each bandit's cylinder, the neutral bullets.
    card_kind: list[int] = []
    card_bandit: list[int] = []
    g.deck = [[] for _ in range(players)]
    for s in range(players):
        team = g.bandits_of[s]
        for b in team:
            if mp:
                cards = mp_deck(chars[b])
            elif per == 1:
                cards = [k for k, n in data.action_deck for _ in range(n)]
            else:
                cards = [k for k, _n in data.action_deck if b == team[0] or k != 5]
            if hs:
                cards.append(RIDE)  # Horses & Stagecoach: one Ride card in every deck
            for k in cards:
                g.deck[s].append(len(card_kind))
                card_kind.append(k)
                card_bandit.append(b)
    bullet_base = []
    for b in range(nb):
        bullet_base.append(len(card_kind))
        for _ in range(data.cylinder * (2 if chars[b] == MARSHAL_FIGURE else 1)):
            card_kind.append(BULLET)
            card_bandit.append(b)
    g.neutral_base = len(card_kind)
    neutrals = data.neutral_bullets + (hs_content().extra_neutral if hs else 0)
    for _ in range(neutrals):
        card_kind.append(BULLET)
        card_bandit.append(-1)
    g.card_kind = tuple(card_kind)
    g.card_bandit = tuple(card_bandit)
    g.bullet_base = tuple(bullet_base)
    g.cylinder = [data.cylinder * (2 if c == MARSHAL_FIGURE else 1) for c in chars]
    g.neutral = neutrals
    g.neutral_gone = False
    g.received = [0] * nb
    g.friendly = [0] * nb
    for d in g.deck:
        rng.shuffle(d)
    g.hand = [[] for _ in range(players)]
    g.discard = [[] for _ in range(players)]
    g.kept = [[] for _ in range(players)]
    g.dropped = [[] for _ in range(players)]
    g.deck_from = [[] for _ in range(players)]
    g.hand_bullets = [-1] * players
    g.deck_known = [[] for _ in range(players)]
    g.hand_known = [[] for _ in range(players)]
    g.pile = []
    g.pile_down = []

    # Round deck: top of the deck is the end of the list.
    g.round_specs = round_specs(marshal_prisoners=mp, horses_stagecoach=hs)
    rounds = round_pool(g, station=False)
    if options.deck is RoundDeck.FIRST_GAME:
        deck = [int(i) for i in rng.sample(rounds, 5)]
    else:
        stations = round_pool(g, station=True)
        station = stations[rng.below(len(stations))]
        deck = [station, *(int(i) for i in rng.sample(rounds, 4))]
    g.round_deck = deck
    g.round_log = ()

    # First player at random; bandits placed (or, with 2 per player, placed in secret).
    g.first = 0 if mp else rng.below(players)  # the Marshal is the first First Player
    g.pos = [-1] * nb
    if mp:
        place_mp(g)
    elif per == 1:
        for i in range(players):
            seat = (g.first + i) % players
            car = n_cars if i % 2 == 0 else n_cars - 1
            g.pos[g.bandits_of[seat][0]] = 2 * car
    g.round_no = 0
    g.round_card = -1
    g.schedule = ()
    g.step = 0
    g.turns_taken = [0] * players
    g.placed = [-1] * players
    g.queue = []
    g.resolve_i = 0
    g.phase = 0
    g.actor = 0
    g.cur = -1
    g.legal = None
    g.history = []
    g.events = []
    g.quiet = False
    g.frames = None
    g.mp = new_state(g, rng.below) if mp else None
    flow.start(g)


def round_pool(g: Game, *, station: bool) -> list[int]:
    """Indices of the round cards (or stations) the round deck is drawn from: all of the
    game's, or the ones chosen by name (the optional rule for choosing event cards)."""
    chosen = g.options.station_pool if station else g.options.round_pool
    return [
        i for i, spec in enumerate(g.round_specs)
        if spec.station == station and (chosen is None or spec.name in chosen)
    ]


def _draw_characters(options: Options, rng: _Rng) -> list[str]:
    pool = list(options.character_pool())
    players = options.players
    if not options.two_bandits:
        return [str(c) for c in rng.sample(pool, options.bandit_count)]
    if options.accessible_two_player:
        return [str(c) for c in rng.sample(pool, 2 * players)]
    # Rules 000: Ghost, Doc and Belle set aside; one of the others dealt to each player at
    # random; each then completes his team (drawn here from what is left).
    firsts = [str(c) for c in rng.sample([c for c in pool if c not in TWO_BANDIT_ASIDE], players)]
    rest = [c for c in pool if c not in firsts]
    seconds = [str(c) for c in rng.sample(rest, players)]
    out: list[str] = []
    for a, b in zip(firsts, seconds, strict=True):
        out += [a, b]
    return out
