#!/usr/bin/env bash
# Installs what is missing (the browser tests' chromium, node and npm too), builds, and runs the
# whole test suite; ctest runs `npm ci` for the browser tests before them.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh --tests
scripts/build.sh
ctest --test-dir build --output-on-failure -j"${JOBS:-2}"
