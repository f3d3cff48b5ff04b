#!/usr/bin/env bash
# Installs what is missing, builds, and starts the server on its embedded defaults
# (127.0.0.1:8080, SQLite under ./data/). Extra arguments go to `tortuga serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh
exec build/server/tortuga serve --config config/tortuga.json "$@"
