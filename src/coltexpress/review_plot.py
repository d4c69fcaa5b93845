"""The chart of a reviewed game: each seat's chance to win after every move, the rounds
marked, and the reviewed seats' mistakes and blunders on their lines (``colt review
--plot``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .review import Review

__all__ = ["draw"]

_MARKERS = {"inaccuracy": ("o", "#d4a017"), "mistake": ("s", "#e07000"),
            "blunder": ("X", "#c00000")}


def draw(review: Review, record: dict[str, Any], path: Path) -> None:
    """Draw ``review`` of ``record`` to the PNG ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from .engine import names
    from .games import replay_any

    game = replay_any({**record, "actions": []})
    view = game.view(None)
    labels = []
    for player in view["players"]:
        figures = player.get("bandits") or [player["bandit"]]
        labels.append(" and ".join(names.bandit(f) for f in figures))
    moves = range(len(review.chances))
    fig, ax = plt.subplots(figsize=(10, 4.5))
    round_no = view["round"]
    for move, action in enumerate(record.get("actions", []), start=1):
        game.apply(action)
        now = game.view(None)["round"]
        if now != round_no:  # a new round begins after this move
            ax.axvline(move, color="#bbbbbb", linewidth=0.8, zorder=0)
            ax.text(move, 0.01, f" round {now}", fontsize="x-small", color="#777777",
                    va="bottom")
            round_no = now
    for seat in range(review.players):
        ax.plot(moves, [c[seat] for c in review.chances], label=labels[seat], linewidth=1.6)
    for mark, (shape, colour) in _MARKERS.items():
        points = [(d.move + 1, review.chances[d.move + 1][d.seat])
                  for d in review.decisions if d.mark == mark]
        if points:
            xs, ys = zip(*points, strict=True)
            ax.scatter(xs, ys, marker=shape, color=colour, zorder=3, label=mark)
    ax.set_xlabel("move")
    ax.set_ylabel("chance to win")
    ax.set_ylim(0, 1)
    ax.set_xlim(0, max(len(review.chances) - 1, 1))
    title = "Colt Super Express" if review.game == "super-express" else "Colt Express"
    ax.set_title(f"{title}: each player's chance to win after every move")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
