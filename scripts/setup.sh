#!/usr/bin/env bash
# Set up a fresh machine for this project: a virtual environment in .venv with the
# project and its development tools installed. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3.11}"
command -v "$PYTHON" >/dev/null || PYTHON=python3
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
# (setup.py compiles the engines with mypyc here; COLT_PURE=1 installs the pure build only)
.venv/bin/python -m pip install --quiet -e '.[dev,rl,rl-train]'
.venv/bin/python -c "from coltexpress import compiled as c; print('engines:', c.BUILD, '-', c.REASON)"
# The browser tests (tests/web) drive Debian's Chromium through Playwright; Playwright's own
# browser download ("playwright install") is never used. The terminal tests (tests/tui) run
# colt in a real terminal: tmux.
MISSING=""
[ -x /usr/bin/chromium ] || MISSING="$MISSING chromium"
command -v tmux >/dev/null || MISSING="$MISSING tmux"
if [ -n "$MISSING" ] && command -v apt-get >/dev/null; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && SUDO="sudo"
    $SUDO apt-get update
    # shellcheck disable=SC2086  # (one word a package)
    $SUDO apt-get install -y $MISSING
fi
echo "ready: activate with 'source .venv/bin/activate', then run 'colt --help'"
