#!/usr/bin/env bash
# Installs, with apt-get, whatever Debian packages the build needs and the machine lacks.
set -euo pipefail
packages=(g++ cmake make libboost1.81-dev nlohmann-json3-dev libsqlite3-dev doctest-dev libbox2d-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
