#!/usr/bin/env bash
# Checks that every C++ file (*.cpp, *.hpp) of the repository, or of DIR, is formatted as its
# .clang-format says, by Debian's clang-format (scripts/deps.sh --tests installs it; CLANG_FORMAT
# names another). Lists the files that are not and exits 1; `clang-format -i FILE` formats one.
# In a git checkout the files are those git tracks or would (ignored ones, such as build folders
# and node_modules, are left out); elsewhere every file under DIR but those folders (node_modules,
# build*, any folder with a CMakeCache.txt).
#   scripts/check_format.sh [DIR]
set -euo pipefail
root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
clang_format=${CLANG_FORMAT:-clang-format}
if ! command -v "$clang_format" >/dev/null 2>&1; then
  echo "check_format: $clang_format not found (scripts/deps.sh --tests installs it)" >&2
  exit 2
fi
if [ ! -f "$root/.clang-format" ]; then
  echo "check_format: no .clang-format in $root" >&2
  exit 2
fi
cd "$root"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -d '' listed < <(git ls-files -z --cached --others --exclude-standard -- '*.cpp' '*.hpp')
else
  # Left out: node_modules, ./build*, and any other build tree (a folder with a CMakeCache.txt).
  skip=(-name node_modules -o -name .git -o -path './build*')
  while IFS= read -r -d '' tree; do skip+=(-o -path "./$tree"); done < <(
    find . -name node_modules -prune -o -name CMakeCache.txt -printf '%h\0' | sed -z 's|^\./||')
  mapfile -d '' listed < <(find . \( "${skip[@]}" \) -prune \
    -o -type f \( -name '*.cpp' -o -name '*.hpp' \) -printf '%P\0')
fi
files=()
for f in "${listed[@]}"; do [ -f "$f" ] && files+=("$f"); done  # not those deleted, unstaged
if [ ${#files[@]} -eq 0 ]; then
  echo "check_format: no C++ files under $root" >&2
  exit 2
fi

# All at once (a process per file takes minutes), each against the repository's style whatever
# other .clang-format lies nearer to it; --dry-run names each place it would change.
if ! report=$(printf '%s\0' "${files[@]}" |
              xargs -0 "$clang_format" --style="file:$root/.clang-format" --dry-run 2>&1); then
  echo "check_format: $clang_format failed:" >&2
  echo "$report" >&2
  exit 2
fi
mapfile -t unformatted < <(printf '%s\n' "$report" |
  sed -n 's/^\(.*\):[0-9]*:[0-9]*: warning: code should be clang-formatted.*/\1/p' | sort -u)
if [ ${#unformatted[@]} -gt 0 ]; then
  echo "check_format: ${#unformatted[@]} of ${#files[@]} C++ files are not formatted as" \
       ".clang-format says ($("$clang_format" --version)):"
  printf '  %s\n' "${unformatted[@]}"
  echo "format each with: clang-format -i FILE"
  exit 1
fi
echo "check_format: all ${#files[@]} C++ files formatted ($("$clang_format" --version))"
