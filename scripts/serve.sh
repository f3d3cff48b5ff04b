#!/usr/bin/env bash
# Installs what is missing, builds, and starts the server on its embedded defaults
# (127.0.0.1:8080, SQLite under ./data/). Extra arguments go to `tortuga serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh
# The web client's library from npm (uPlot: the profiles' rating plots, shown as tables without
# it), when npm is here and it is not installed yet.
if [ ! -f node_modules/uplot/dist/uPlot.esm.js ] && command -v npm >/dev/null 2>&1; then
  npm ci --omit=dev --no-audit --no-fund --loglevel=error
fi
exec build/server/tortuga serve --config config/tortuga.json "$@"
