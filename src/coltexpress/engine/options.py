"""Game options: a frozen, keyword-only record, and named presets."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from functools import cached_property
from typing import Any

from .content import CHARACTERS, content
from .errors import OptionsError

__all__ = ["PRESETS", "Edition", "Options", "RoundDeck"]

# The characters the 2-bandit rules set aside before the random first pick (rules 000).
TWO_BANDIT_ASIDE = ("ghost", "doc", "belle")


class Edition(StrEnum):
    """Which printed rulebook governs where they differ."""

    RULES_2016 = "2016"
    ACCESSIBLE = "accessible"


class RoundDeck(StrEnum):
    """How the round deck is built."""

    FIRST_GAME = "first-game"  # 5 round cards
    STATION = "station"  # 4 round cards on top of 1 train station


@dataclass(frozen=True, kw_only=True)
class Options:
    """Everything that selects a variant of the game.

    ``round_deck`` follows ``events`` unless named: the first game's 5 round cards without
    events, the advanced deck (4 round cards on a train station) with them. A station deck
    without events is no game the rules describe and is refused; 5 round cards with events
    play each round card's event and no station (docs/rules-decisions.md, D-options).

    ``characters`` names the bandits seat by seat (two per seat with ``two_bandits``);
    ``None`` draws them at random from the game's seed. ``cars`` picks train cars by their
    index in the car table, locomotive side first; ``None`` draws them at random.

    ``marshal_prisoners`` plays Marshal & Prisoners: ``players`` counts every seat, the
    Marshal's (seat 0) included, and ``characters`` names the bandits of seats 1, 2, ...;
    ``cars`` names the train cars before the prison car. ``round_pool`` and ``station_pool``
    are the optional rule for choosing event cards: 7 round cards and 3 train stations chosen
    by name, from which the round deck is drawn.

    ``horses_stagecoach`` plays Horses & Stagecoach (with Marshal & Prisoners too, if both
    are set): the stagecoach, horses, hostages and whiskey.

    >>> Options.preset("first-game", players=3).powers
    False
    """

    players: int = 4
    characters: tuple[str, ...] | None = None
    powers: bool = True
    events: bool = True
    round_deck: RoundDeck | None = None
    two_bandits: bool = False
    expert: bool = False
    edition: Edition = Edition.RULES_2016
    cars: tuple[int, ...] | None = None
    mei: bool = False
    marshal_prisoners: bool = False
    horses_stagecoach: bool = False
    round_pool: tuple[str, ...] | None = None
    station_pool: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        for name, enum in (("round_deck", RoundDeck), ("edition", Edition)):
            if getattr(self, name) is None and name == "round_deck":
                continue  # follows events (see ``deck``)
            try:
                object.__setattr__(self, name, enum(getattr(self, name)))
            except ValueError:
                choices = ", ".join(repr(e.value) for e in enum)
                raise OptionsError(
                    f"unknown {name} {getattr(self, name)!r}; choose one of {choices}"
                ) from None
        if self.characters is not None:
            object.__setattr__(self, "characters", tuple(self.characters))
        for name in ("cars", "round_pool", "station_pool"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, tuple(getattr(self, name)))
        self._validate()

    # -- derived facts -------------------------------------------------------------------
    # (each worked out once: the compiled engine asks for some of them at every step)

    @cached_property
    def bandits_per_player(self) -> int:
        return 2 if self.two_bandits else 1

    @cached_property
    def bandit_count(self) -> int:
        """Bandits in play (the Marshal player of Marshal & Prisoners is none)."""
        if self.marshal_prisoners:
            return self.players - 1
        return self.players * self.bandits_per_player

    @cached_property
    def figure_count(self) -> int:
        """Figures on the train a player moves: the bandits, and the Marshal player's."""
        return self.bandit_count + self.marshal_prisoners

    @cached_property
    def accessible_two_player(self) -> bool:
        """Rules 002's own 2-player game (expert always, no Gunslinger, no Cover)."""
        return self.edition is Edition.ACCESSIBLE and self.two_bandits and self.players == 2

    @cached_property
    def expert_cards(self) -> bool:
        """Whether the Expert Variant's discard piles are in use."""
        return self.expert or self.accessible_two_player

    @cached_property
    def car_count(self) -> int:
        """Cars behind the locomotive (Marshal & Prisoners: the prison car included)."""
        if self.marshal_prisoners:
            return (4 if self.bandit_count <= 4 else 5) + 1
        if self.two_bandits:
            return 4 if self.players == 3 or self.accessible_two_player else 3
        return min(self.players, len(content().cars))

    @cached_property
    def band(self) -> str:
        """Which round cards are used: those for 2-4 or for 5-6 players (Marshal &
        Prisoners: 2-4 or 5-7 bandits)."""
        count = self.bandit_count if self.marshal_prisoners else self.players
        return "2-4" if self.two_bandits or count <= 4 else "5-6"

    # -- construction --------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Options:
        """Options of a named preset, with fields overridden by keyword."""
        if name not in PRESETS:
            raise OptionsError(f"unknown preset {name!r}; presets are {', '.join(PRESETS)}")
        return cls(**{**PRESETS[name], **overrides})

    @property
    def deck(self) -> RoundDeck:
        """The round deck in use: as named, or following ``events``."""
        if self.round_deck is not None:
            return self.round_deck
        return RoundDeck.STATION if self.events else RoundDeck.FIRST_GAME

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: a new dict each time (every view carries one), copied from
        the one built when first asked."""
        return {k: list(v) if isinstance(v, list) else v for k, v in self._dict.items()}

    @cached_property
    def _dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["round_deck"] = None if self.round_deck is None else self.round_deck.value
        data["edition"] = self.edition.value
        for key in ("characters", "cars", "round_pool", "station_pool"):
            if data[key] is not None:
                data[key] = list(data[key])
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        """Inverse of :meth:`to_dict`; raises OptionsError on unknown or bad fields."""
        if not isinstance(data, dict):
            raise OptionsError(f"options must be an object, not {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise OptionsError(f"unknown option(s) {unknown}; known: {sorted(known)}")
        try:
            return cls(**data)
        except (TypeError, ValueError) as exc:
            if isinstance(exc, OptionsError):
                raise
            raise OptionsError(f"bad options {data!r}: {exc}") from exc

    def with_(self, **changes: Any) -> Options:
        """A copy with some fields changed."""
        return replace(self, **changes)

    # -- validation ----------------------------------------------------------------------

    def _validate(self) -> None:
        for name in ("powers", "events", "two_bandits", "expert", "mei", "marshal_prisoners",
                     "horses_stagecoach"):
            if not isinstance(getattr(self, name), bool):
                value = getattr(self, name)
                raise OptionsError(f"option {name} must be true or false, not {value!r}")
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise OptionsError(f"players must be a whole number, not {self.players!r}")
        if self.horses_stagecoach and (self.two_bandits or self.edition is not Edition.RULES_2016):
            raise OptionsError(
                "Horses & Stagecoach is played with one bandit per player and the 2016 rules "
                "(not with 2 bandits per player or the accessible edition: D-hs-options)"
            )
        if self.marshal_prisoners:
            if self.two_bandits or self.edition is not Edition.RULES_2016:
                raise OptionsError(
                    "Marshal & Prisoners is played with one bandit per player and the 2016 "
                    "rules (not with 2 bandits per player or the accessible edition)"
                )
            if not 3 <= self.players <= 8:
                raise OptionsError(
                    f"Marshal & Prisoners is for 3 to 8 players (the Marshal and 2 to 7 "
                    f"bandits), not {self.players}"
                )
        elif self.two_bandits:
            if self.players not in (2, 3):
                raise OptionsError(
                    f"2 bandits per player is for 2 or 3 players, not {self.players} (rules 000)"
                )
        elif self.horses_stagecoach and not 3 <= self.players <= 7:
            raise OptionsError(
                f"Horses & Stagecoach is for 3 to 7 players, not {self.players}"
            )
        elif not 3 <= self.players <= 7:
            raise OptionsError(
                f"{self.players} players need the 2-bandits-per-player rules"
                if self.players == 2
                else f"Colt Express is for 3 to 6 players (7 with Mei), not {self.players}"
            )
        if self.edition is Edition.ACCESSIBLE and self.deck is RoundDeck.FIRST_GAME:
            raise OptionsError(
                "the accessible edition (rules 002) always builds its round deck from 4 round "
                "cards on top of a train station, with their events; use round_deck='station' "
                "and events=True"
            )
        if self.deck is RoundDeck.STATION and not self.events:
            raise OptionsError(
                "a train station is an event card: the round deck with a station needs "
                "events=True (without events the game uses the first game's 5 round cards, "
                "round_deck='first-game')"
            )
        pool = self.character_pool()
        if self.characters is not None:
            if len(self.characters) != self.bandit_count:
                whose = (
                    "the bandits of seats 1 and on; seat 0 is the Marshal"
                    if self.marshal_prisoners
                    else f"{self.players} players x {self.bandits_per_player}"
                )
                raise OptionsError(
                    f"{self.bandit_count} characters are needed ({whose}), "
                    f"got {len(self.characters)}: {list(self.characters)}"
                )
            for name in self.characters:
                if name not in CHARACTERS:
                    raise OptionsError(
                        f"unknown character {name!r}; characters are {list(CHARACTERS)}"
                    )
                if name not in pool:
                    raise OptionsError(
                        f"character {name!r} is not in play; set mei=True to use Mei"
                    )
            if len(set(self.characters)) != len(self.characters):
                raise OptionsError(f"a character can be used only once: {list(self.characters)}")
            if self.two_bandits and not self.accessible_two_player:
                for seat in range(self.players):
                    team = self.characters[2 * seat : 2 * seat + 2]
                    if all(c in TWO_BANDIT_ASIDE for c in team):
                        raise OptionsError(
                            f"team {list(team)} of seat {seat}: with 2 bandits per player each "
                            "player is dealt one character other than Ghost, Doc and Belle "
                            "(rules 000)"
                        )
        elif self.bandit_count > len(pool):
            raise OptionsError(
                f"{self.bandit_count} bandits need {self.bandit_count} characters; "
                f"only {len(pool)} are in play (set mei=True for a seventh)"
            )
        if self.cars is not None:
            n_table = len(content().cars)
            wanted = self.car_count - self.marshal_prisoners  # the prison car is not named
            if len(self.cars) != wanted:
                raise OptionsError(f"this game uses {wanted} cars, got {len(self.cars)}")
            if len(set(self.cars)) != len(self.cars) or not all(
                isinstance(c, int) and 0 <= c < n_table for c in self.cars
            ):
                raise OptionsError(
                    f"cars must be distinct indices 0..{n_table - 1}: {list(self.cars)}"
                )

        for name, size, table in (
            ("round_pool", 7, "round_cards"), ("station_pool", 3, "stations")
        ):
            what = "round cards" if table == "round_cards" else "train stations"
            chosen = getattr(self, name)
            if chosen is None:
                continue
            from .content import pool_names

            known = pool_names(table, marshal_prisoners=self.marshal_prisoners,
                               horses_stagecoach=self.horses_stagecoach)
            if len(chosen) != size or len(set(chosen)) != size or not set(chosen) <= set(known):
                from .names import round_card

                unknown = [c for c in chosen if c not in known]
                twice = sorted({c for c in chosen if chosen.count(c) > 1})
                problem = (
                    f"unknown: {', '.join(unknown)}" if unknown
                    else f"named twice: {', '.join(round_card(c) for c in twice)}" if twice
                    else f"{len(chosen)} named"
                )
                raise OptionsError(
                    f"choose {size} different {what} ({problem}) among: "
                    + "; ".join(round_card(c) for c in sorted(known))
                )

    def character_pool(self) -> tuple[str, ...]:
        """The characters available: the six base bandits, plus Mei when asked for (she is
        always there with Marshal & Prisoners, her expansion)."""
        use_mei = self.mei or self.marshal_prisoners or self.bandit_count == 7 or (
            self.characters is not None and "mei" in self.characters
        )
        return tuple(c for c in CHARACTERS if c != "mei" or use_mei)


PRESETS: dict[str, dict[str, Any]] = {
    "first-game": {"powers": False, "events": False},
    "standard": {},
    "expert": {"expert": True},
    "two-player": {"players": 2, "two_bandits": True},
    "two-bandits": {"players": 3, "two_bandits": True},
    "accessible": {"edition": Edition.ACCESSIBLE},
    "accessible-two-player": {"edition": Edition.ACCESSIBLE, "players": 2, "two_bandits": True},
    "mei": {"mei": True},
    "marshal-prisoners": {"marshal_prisoners": True, "players": 5},
    "horses-stagecoach": {"horses_stagecoach": True, "players": 4},
    "both-expansions": {"marshal_prisoners": True, "horses_stagecoach": True, "players": 5},
}
