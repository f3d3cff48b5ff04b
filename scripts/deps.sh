#!/usr/bin/env bash
# Installs, with apt-get, whatever Debian packages the build needs and the machine lacks; with
# --tests also what the tests need (chromium, node and npm for the browser tests; the Prometheus
# parser for the metrics test; PostgreSQL for the store's tests; clang-format for the format
# check). Node and npm count as present when their commands are, whichever package brought them
# (Debian's nodejs and npm, or NodeSource's nodejs, which carries its own npm and conflicts with
# Debian's).
set -euo pipefail
packages=(g++ cmake make libboost1.81-dev nlohmann-json3-dev libsqlite3-dev libpq-dev doctest-dev
          libbox2d-dev libjemalloc-dev libicu-dev libsodium-dev libcurl4-openssl-dev)
# python3-prometheus-client: its parser reads /metrics in the integration tests.
# postgresql: initdb and pg_ctl, with which the store's tests start a throwaway server of their own.
# clang-format: the `format` test holds every C++ file to .clang-format (scripts/check_format.sh).
# python3-aiosmtpd: the SMTP server the notifications' tests start and read mail from.
[ "${1:-}" = "--tests" ] && packages+=(chromium python3-prometheus-client postgresql clang-format
                                        python3-aiosmtpd)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ "${1:-}" = "--tests" ]; then
  command -v node >/dev/null 2>&1 || missing+=(nodejs)
  command -v npm >/dev/null 2>&1 || missing+=(npm)
fi
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
