#!/usr/bin/env bash
# Run every check: lint, types, the rule index, and the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check src tests
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
