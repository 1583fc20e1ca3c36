#!/usr/bin/env bash
# The reviewers every change gets before a person reads it.
#   scripts/lint.sh          clang-format --dry-run over the C++ sources: fails on any drift
#   scripts/lint.sh --fix    rewrite them in place (`make format`)
#   scripts/lint.sh --tidy   also clang-tidy (.clang-tidy) over the files changed since origin/main or HEAD~1
# The CUDA shim (matchers/cpp/shim/) is parser input, kept in CUDA's own spelling.
set -euo pipefail
cd "$(dirname "$0")/.."
LLVM="${ARCHSCAN_LLVM_MAJOR:-19}"
format="clang-format-$LLVM"
if ! command -v "$format" >/dev/null; then
  echo "lint: $format is missing (`make lint` installs it: scripts/setup.sh --lint)" >&2
  exit 2
fi
mapfile -t files < <(git ls-files -co --exclude-standard -- 'tool/*.cpp' 'tool/*.h' 'matchers/*.cpp' 'matchers/*.h' \
  'tests/*.cpp' 'tests/*.h' | grep -v '^matchers/cpp/shim/' | while read -r f; do [[ -f $f ]] && echo "$f"; done)
case "${1:-}" in
  --fix) "$format" -i "${files[@]}"; exit 0 ;;
  ""|--tidy) ;;
  *) echo "usage: scripts/lint.sh [--fix|--tidy]" >&2; exit 2 ;;
esac
if ! "$format" --dry-run --Werror "${files[@]}" 2>/tmp/archscan-lint.$$; then
  grep -m 20 'error:' /tmp/archscan-lint.$$ >&2 || true
  rm -f /tmp/archscan-lint.$$
  echo "lint: the files above are not formatted as .clang-format says; run \`make format\`" >&2
  exit 1
fi
rm -f /tmp/archscan-lint.$$
echo "lint: ${#files[@]} files formatted as .clang-format says"
if [[ ${1:-} == --tidy ]]; then
  tidy="clang-tidy-$LLVM"
  base=$(git merge-base HEAD origin/main 2>/dev/null || git rev-parse HEAD~1)
  mapfile -t changed < <(git diff --name-only "$base" -- 'tool/*.cpp' 'matchers/*.cpp' | while read -r f; do [[ -f $f ]] && echo "$f"; done)
  ((${#changed[@]})) || { echo "lint: no changed C++ sources for clang-tidy"; exit 0; }
  "$tidy" -p "${BUILD:-build}" --quiet "${changed[@]}"
fi
