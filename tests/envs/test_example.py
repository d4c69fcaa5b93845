"""The training example runs: a few steps of MaskablePPO on the Gymnasium environment,
its win rates measured and plotted (docs/envs.md shows a full run)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def test_the_training_example_trains_measures_and_plots(tmp_path):
    plot = tmp_path / "rate.png"
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), "--steps", "1024", "--eval-every", "1024",
         "--eval-games", "4", "--plot", str(plot), "--json"],
        capture_output=True, text=True, check=True, timeout=600)
    data = json.loads(run.stdout)
    assert [p["steps"] for p in data["points"]] == [0, 1024]
    assert all(0.0 <= p["low"] <= p["win_rate"] <= p["high"] <= 1.0 for p in data["points"])
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert run.stderr == ""  # no bar when standard error is not a terminal
