#!/usr/bin/env bash
# Times archscan against its peers on one tree, in one run, and prints ratios
# (absolute times depend on the machine; ratios are what to compare):
#   git grep    the I/O floor: read every .py file once, match a regex
#   ast-grep    a syntactic pattern scan with an equivalent rule (rules/arch-table.yml)
#   archscan    full pipeline (parse, link, analyze) with -j1 and -j2
# usage: bench/run.sh [TREE] [RUNS]      (defaults: the Python 3.11 library, 5 runs)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/.."
tree="${1:-/usr/lib/python3.11}"
runs="${2:-5}"
archscan="$root/build/archscan"
[[ -x "$archscan" ]] || { echo "build archscan first (make build)" >&2; exit 2; }
if [[ ! -x "$here/tools/node_modules/@ast-grep/cli-linux-x64-gnu/ast-grep" ]]; then
  (cd "$here/tools" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
fi
astgrep="$here/tools/node_modules/@ast-grep/cli-linux-x64-gnu/ast-grep"

# Median wall-clock seconds of `runs` runs of a command (output discarded).
median() {
  local times=()
  for ((i = 0; i < runs; i++)); do
    local t0 t1
    t0=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || true
    t1=$(date +%s.%N)
    times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')")
  done
  printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

files=$(find "$tree" -name '*.py' | wc -l)
echo "tree: $tree ($files .py files), $runs runs each, median wall time"
declare -A t
t[git-grep]=$(median git -C "$tree" grep --no-index -c -E 'get_device_capability|__CUDA_ARCH__|sm_[0-9]+|capability' -- '*.py')
t[ast-grep]=$(median "$astgrep" scan --rule "$here/rules/arch-table.yml" --json=compact "$tree")
t[archscan-j1]=$(median "$archscan" check -j1 --all --target sm_120 --fail-on never -o /dev/null "$tree")
t[archscan-j2]=$(median "$archscan" check -j2 --all --target sm_120 --fail-on never -o /dev/null "$tree")
floor=${t[git-grep]}
printf '%-12s %10s %12s\n' tool seconds "x git grep"
for k in git-grep ast-grep archscan-j1 archscan-j2; do
  printf '%-12s %10.3f %12.1f\n' "$k" "${t[$k]}" "$(awk -v a="${t[$k]}" -v b="$floor" 'BEGIN {print a / b}')"
done
