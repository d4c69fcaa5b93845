#!/usr/bin/env bash
# Run every check: lint, types, the rule index, and the test suite on the compiled engines
# and bots; then the engines' and bots' own tests again on their pure Python build
# (coltexpress.compiled).
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check src tests setup.py conftest.py
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
if [ "$#" -eq 0 ]; then
    COLT_PURE=1 .venv/bin/python -m pytest -p no:cacheprovider \
        tests/rules tests/test_determinism.py tests/test_fuzz.py tests/test_golden.py \
        tests/test_serialisation.py tests/test_views.py tests/test_knowledge.py \
        tests/test_frames.py tests/test_marshal_views.py tests/test_notation.py \
        tests/test_errors.py tests/test_agents.py tests/test_chance.py \
        tests/test_words.py tests/test_narration.py tests/server/test_patches.py \
        src/coltexpress/engine src/coltexpress/superexpress src/coltexpress/agents \
        src/coltexpress/words src/coltexpress/updates
fi
