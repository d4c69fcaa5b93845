"""The rules in brief, for the help screen and the plain mode's ``help`` command.

Paraphrased from the printed 2016 rulebook (rules 000) and, for Mei, the Marshal & Prisoners
rules (004); the accessible edition's powers from rules 002.

>>> "adjacent car" in TOPICS["cards"]["marshal"]
True
>>> lookup("sw").splitlines()[0]
'Switching (Sw): players take their turns counter-clockwise, starting with the First Player.'
"""

from __future__ import annotations

__all__ = ["OVERVIEW", "TOPICS", "help_text", "lookup"]

OVERVIEW = (
    "Colt Express: 5 rounds. Each round has two phases. Schemin': on your turn, play one "
    "Action card from your hand onto the common pile (face up, or face down in a tunnel), or "
    "draw 3 cards. Stealin': the pile is resolved in the order it was played; every card is "
    "mandatory, and you choose how it resolves (direction, target, loot) when it does. At the "
    "end, the richest bandit wins; the Gunslinger (most bullets fired) earns $1000; ties go to "
    "the bandit who received the fewest bullets, then the victory is shared."
)

TOPICS: dict[str, dict[str, str]] = {
    "cards": {
        "move": "Move: inside, to the inside of an adjacent car; on the roof, 1 to 3 cars "
        "along the roofs.",
        "floor": "Change Floor: from inside a car to its roof, or from the roof to its inside.",
        "shoot": "Shoot: give a bullet card to another bandit. Inside: a bandit inside an "
        "adjacent car. On the roof: a bandit on another roof in your line of sight (nobody "
        "between you). Never a bandit in your own space. No target or no bullets: no effect.",
        "rob": "Rob: take 1 loot token from your space (a purse without seeing its value).",
        "punch": "Punch: another bandit in your space drops 1 loot token of your choice (you "
        "do not see purse values) on the floor, and you push him to the same floor of an "
        "adjacent car.",
        "marshal": "Marshal: move the Marshal to the inside of an adjacent car. A bandit "
        "meeting the Marshal takes a neutral bullet and escapes to the roof; the Marshal never "
        "climbs to the roofs.",
        "bullet": "Bullet: a dead card received when shot; it clogs your hand and cannot be "
        "played. Fewer bullets received breaks ties.",
    },
    "turns": {
        "S": "Standard (S): cards are played face up.",
        "T": "Tunnel (T): cards are played face down; they are revealed when they resolve.",
        "Sp": "Speeding-up (Sp): each player takes 2 turns in a row (play or draw each time).",
        "Sw": "Switching (Sw): players take their turns counter-clockwise, starting with the "
        "First Player.",
    },
    "powers": {
        "shield": "Belle: you cannot be punched or shot if another bandit could be instead.",
        "pickpocket": "Cheyenne: when you punch a bandit who drops a purse, you may take it.",
        "knockback": "Django: a bandit you shoot is knocked back to the same floor of the "
        "adjacent car farther from you, if possible. (Accessible edition: Tuco's power.)",
        "extra-card": "Doc: draw 7 cards instead of 6 at the beginning of each round.",
        "stealth": "Ghost: on your first turn of each round you may play your card face down "
        "(not if you drew instead).",
        "through-floor": "Tuco: you may shoot a bandit on the other floor of your car.",
        "diagonal": "Mei: a Change Floor may go diagonally, to the other floor of an adjacent car.",
        "lone-gunman": "Django (accessible edition): alone in your space, you may shoot any "
        "bandit on your floor anywhere along the train.",
    },
    "events": {
        "angry-marshal": "Angry Marshal: each bandit on the roof of the Marshal's car takes a "
        "neutral bullet; then the Marshal moves 1 car toward the caboose.",
        "swivel-arm": "Swivel Arm: every bandit on a roof moves to the roof of the caboose.",
        "braking": "Braking: every bandit on a roof moves one roof toward the locomotive.",
        "take-it-all": "Take It All!: the second strongbox is placed in the Marshal's space.",
        "passengers-rebellion": "Passengers' Rebellion: every bandit inside a car takes a "
        "neutral bullet.",
        "marshals-revenge": "Marshal's Revenge (station): each bandit on the roof of the "
        "Marshal's car drops his least valuable purse on that roof.",
        "pickpocketing": "Pickpocketing (station): a bandit alone in his space may take a "
        "purse from it.",
        "hostage-conductor": "$250 Hostage Conductor (station): each bandit in or on the "
        "locomotive takes a $250 purse.",
    },
    "variants": {
        "two-bandits": "2 bandits per player (2-3 players): secretly choose which bandit "
        "starts in the caboose; before each round pick 1 card from your deck; Cover: after a "
        "Shoot in a standard turn you may play one more card of your other bandit (not a "
        "Marshal).",
        "expert": "Expert Variant: at the end of Schemin' keep any cards for the next round, "
        "discard the rest; resolved cards go to your discard pile; refill your hand to 6.",
        "station": "Train station: the advanced round deck has 4 round cards on top of a "
        "Train Station card, played as the fifth round.",
    },
}


def lookup(topic: str) -> str:
    """The help for one card, power, turn type, event or variant (case-insensitive)."""
    key = topic.strip().lower()
    for section in TOPICS.values():
        for name, text in section.items():
            if (
                key == name.lower()
                or text.lower().startswith(key + ":")
                or (key and text.lower().startswith(key + " ("))
            ):
                return text
    names = ", ".join(n for section in TOPICS.values() for n in section)
    raise KeyError(f"no help on {topic!r}; topics: {names}")


def help_text() -> str:
    """Every topic, as plain text with one heading per section."""
    out = [OVERVIEW]
    for section, entries in TOPICS.items():
        out.append("")
        out.append(section.capitalize() + ":")
        out.extend("  " + text for text in entries.values())
    return "\n".join(out)
