#!/usr/bin/env bash
# scripts/check_format.sh refuses a C++ file that .clang-format would change, names it, and leaves
# out what is not the project's: folders git ignores (a build, node_modules) or, outside a git
# checkout, those by name and any build tree; and it holds every file to the root's .clang-format.
set -euo pipefail
check=$(cd "$(dirname "$0")/../.." && pwd)/scripts/check_format.sh
style=$(cd "$(dirname "$0")/../.." && pwd)/.clang-format
dir=$(mktemp -d /tmp/tortuga-format-XXXXXX)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; echo "--- check_format said:"; cat "$dir/out"; exit 1; }

cd "$dir"
cp "$style" .clang-format
mkdir -p sub build node_modules/pkg obj/gen
printf 'int crew = 4;\n' > good.cpp
printf 'int  main( ){return 0;}\n' > bad.cpp
printf 'struct Ship {\n    int crew;\n};\n' > sub/bad.hpp
# Formatted as a nearer .clang-format says, not as the root's: still refused.
printf 'IndentWidth: 4\n' > sub/.clang-format
printf 'int  x ;\n' > build/generated.cpp
printf 'int  y ;\n' > node_modules/pkg/vendored.cpp
# A build tree by another name: git ignores it by .gitignore, find by its CMakeCache.txt.
touch obj/CMakeCache.txt
printf 'int  w ;\n' > obj/gen/generated.hpp
printf 'int  z ;\n' > notes.txt

run() {  # the exit code of check_format.sh on $dir, its output in $dir/out
  local code=0
  "$check" "$dir" > "$dir/out" 2>&1 || code=$?
  echo "$code"
}
expect_refused() {  # the files named, and only those
  [ "$(run)" = 1 ] || fail "$1: an unformatted file passed"
  for f in bad.cpp sub/bad.hpp; do grep -qx "  $f" out || fail "$1: $f not named"; done
  for f in good.cpp build/generated.cpp node_modules/pkg/vendored.cpp obj/gen notes.txt; do
    ! grep -q "$f" out || fail "$1: $f named"
  done
}

# A git checkout: untracked files count, ignored ones do not.
git init -q .
printf '/build*/\n/obj/\nnode_modules/\n' > .gitignore
expect_refused "in git"
"${CLANG_FORMAT:-clang-format}" --style="file:$dir/.clang-format" -i bad.cpp sub/bad.hpp
[ "$(run)" = 0 ] || fail "in git: formatted files refused"
grep -q "all 3 C++ files formatted" out || fail "in git: not every file checked"

# Outside git: the build and node_modules folders left out by name.
rm -rf .git .gitignore
printf 'int  main( ){return 0;}\n' > bad.cpp
printf 'struct Ship {\n    int crew;\n};\n' > sub/bad.hpp
expect_refused "outside git"
echo "check_format refuses unformatted files and names them"
