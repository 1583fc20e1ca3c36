#!/usr/bin/env bash
# Sharded extraction at size: on a generated tree of FILES files (default
# 5,000; bench/gen_tree.py), `check` merged from N shards must print what a
# single scan prints, for N = 1, 3 and 7 (the test suite checks the same over
# testdata). Prints the CPU seconds of each way.
#   bench/shards.sh [FILES]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
archscan="$here/../build/archscan"
files=${1:-5000}
[[ -x "$archscan" ]] || { echo "build archscan first (make build)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/gen_tree.py" "$files" "$work/tree"
cd "$work/tree"
opts=(--target sm_120 --all --fail-on never --no-cache -q --format json)
cpu() { /usr/bin/time -f '%U %S' -o "$work/t" "$@" && awk '{printf "%.1f", $1 + $2}' "$work/t"; }
single=$(cpu "$archscan" check . "${opts[@]}" -o "$work/single.json")
sed -E 's/"seconds": [0-9.eE+-]+/"seconds": 0/' "$work/single.json" > "$work/single.norm"
echo "$files files: single scan $single CPU s, $(grep -c '"rule"' "$work/single.json") findings"
status=0
for n in 1 3 7; do
  total=0
  for k in $(seq 1 "$n"); do
    c=$(cpu "$archscan" extract . --shard "$k/$n" --target sm_120 --no-cache -q -o "$work/facts-$n-$k.json.zst")
    total=$(awk -v a="$total" -v b="$c" 'BEGIN {print a + b}')
  done
  c=$(cpu "$archscan" check . "${opts[@]}" --facts "$work"/facts-"$n"-*.json.zst -o "$work/merged-$n.json")
  sed -E 's/"seconds": [0-9.eE+-]+/"seconds": 0/' "$work/merged-$n.json" > "$work/merged-$n.norm"
  if cmp -s "$work/single.norm" "$work/merged-$n.norm"; then same=identical; else same=DIFFERENT; status=1; fi
  echo "  N=$n: extract $total CPU s over $n shards, merge $c CPU s: $same"
done
exit $status
