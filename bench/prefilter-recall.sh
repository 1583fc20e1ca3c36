#!/usr/bin/env bash
# Does the prefilter lose anything on real trees? For each TREE, compares the
# audit's rows and check's findings and sites (sm_120 and sm_121, what a user
# sees by default) of a scan with the prefilter against one that parses every
# file. The test suite checks the same over testdata/ with --all; on real
# trees --all also lists low-confidence shapes (an `assert n == 8` in a test)
# that the prefilter drops on purpose.
#
#   bench/prefilter-recall.sh [-b ARCHSCAN] [-x GLOB]... TREE...
#
# -x passes --exclude (e.g. -x '*.cu' -x '*.h' to leave Clang out on a large
# C++ tree: the Python prefilter is what changes most often). Prints one line
# per tree (files parsed with and without the prefilter, and "same" or the
# first differing lines); exits 1 when any tree differs.
set -euo pipefail
bin=$(dirname "$0")/../build/archscan
excl=()
while getopts "b:x:" o; do
  case $o in
    b) bin=$OPTARG ;;
    x) excl+=(--exclude "$OPTARG") ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -gt 0 ]] || { echo "usage: $0 [-b ARCHSCAN] [-x GLOB]... TREE..." >&2; exit 2; }
bin=$(realpath "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
targets=(--target sm_120 --target sm_121)
status=0
for tree in "$@"; do
  name=$(basename "$tree")
  for mode in filtered unfiltered; do
    flag=()
    [[ $mode == unfiltered ]] && flag=(--no-prefilter)
    (cd "$tree" && "$bin" audit --format json --no-cache -q --fail-on never "${targets[@]}" "${excl[@]}" "${flag[@]}" . \
      >"$work/$mode.audit")
    (cd "$tree" && "$bin" check --format json --no-cache -q --fail-on never "${targets[@]}" "${excl[@]}" "${flag[@]}" . \
      >"$work/$mode.check")
    # The rows and findings; the stats (files parsed, seconds) differ by design.
    python3 - "$work/$mode" <<'EOF'
import json, sys
base = sys.argv[1]
audit = json.load(open(base + ".audit"))
check = json.load(open(base + ".check"))
with open(base + ".rows", "w") as out:
    for row in audit["rows"]:
        out.write(json.dumps(row, sort_keys=True) + "\n")
    for key in ("findings", "sites"):
        for item in check[key]:
            out.write(json.dumps(item, sort_keys=True) + "\n")
with open(base + ".parsed", "w") as out:
    out.write(str(check.get("stats", {}).get("files_parsed", "?")))
EOF
  done
  rows=$(wc -l <"$work/unfiltered.rows")
  if cmp -s "$work/filtered.rows" "$work/unfiltered.rows"; then
    echo "$name: same ($rows rows and findings; files parsed $(cat "$work/filtered.parsed") of $(cat "$work/unfiltered.parsed"))"
  else
    echo "$name: DIFFERS ($rows rows and findings without the prefilter)"
    diff "$work/unfiltered.rows" "$work/filtered.rows" | head -6 | cut -c1-300 || true
    status=1
  fi
done
exit $status
