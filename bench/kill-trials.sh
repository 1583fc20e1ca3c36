#!/usr/bin/env bash
# Real crashes during `archscan fix --write`: kill -9 at a random moment,
# then let the next command recover, and require the tree to be all-old or
# all-new with no leftover temporary, backup or journal.
#
#   bench/kill-trials.sh [ARCHSCAN] [TRIALS] [FILES]
#
# Runs a fixed number of trials (default 200 over a tree of 100 files) and
# prints how many ended all-old, all-new, and wrong; exits 1 on any wrong one.
set -euo pipefail

bin=$(realpath "${1:-build/archscan}")
trials=${2:-200}
files=${3:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

make_tree() {
  rm -rf "$work/tree"
  mkdir -p "$work/tree"
  for i in $(seq 1 "$files"); do
    mkdir -p "$work/tree/d$((i % 7))"
    printf 'import torch\nCAP = torch.cuda.get_device_capability()[0]\nT%d = {\n    9: [4, 6],\n    10: [6, 8],\n}\n\ndef f():\n    return T%d[CAP]\n' \
      "$i" "$i" >"$work/tree/d$((i % 7))/m$i.py"
  done
}

# The two acceptable states, as a listing of every path with its hash.
state() { (cd "$work/tree" && find . | sort && find . -type f -print0 | sort -z | xargs -0 sha1sum) | sha1sum; }
make_tree
old=$(state)
"$bin" fix "$work/tree" --add sm_120 --like sm_100 --write -q -j 1
new=$(state)
[ "$old" != "$new" ] || { echo "kill-trials: the fix changed nothing; wrong setup" >&2; exit 2; }

# How long a whole run takes, so the kills land before, during and after it.
start=$(date +%s%N)
make_tree
"$bin" fix "$work/tree" --add sm_120 --like sm_100 --write -q -j 1
span_us=$((($(date +%s%N) - start) / 1000))

all_old=0 all_new=0 wrong=0 completed=0 rolled_back=0
for t in $(seq 1 "$trials"); do
  make_tree
  "$bin" fix "$work/tree" --add sm_120 --like sm_100 --write -q -j 1 2>/dev/null &
  pid=$!
  # Every other trial lands in the last third, where the files are written.
  delay_us=$(((RANDOM * 32768 + RANDOM) % (span_us + 1)))
  [ $((t % 2)) -eq 0 ] && delay_us=$((span_us * 2 / 3 + delay_us / 3))
  sleep "$(printf '%d.%06d' $((delay_us / 1000000)) $((delay_us % 1000000)))"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  said=$("$bin" recover "$work/tree" 2>&1) || { echo "trial $t: recover failed: $said" >&2; wrong=$((wrong + 1)); continue; }
  case "$said" in
    *"completed an interrupted"*) completed=$((completed + 1)) ;;
    *"rolled back an interrupted"*) rolled_back=$((rolled_back + 1)) ;;
  esac
  now=$(state)
  if [ "$now" = "$old" ]; then all_old=$((all_old + 1))
  elif [ "$now" = "$new" ]; then all_new=$((all_new + 1))
  else
    echo "trial $t (kill after ${delay_us} us): neither all-old nor all-new:" >&2
    (cd "$work/tree" && find . -name '.*' -o -name '*archscan*') >&2
    wrong=$((wrong + 1))
  fi
done
echo "kill-trials: $trials trials over $files files (a run takes ${span_us} us): $all_old all-old, $all_new all-new, $wrong wrong;" \
  "recovery completed $completed and rolled back $rolled_back interrupted writes"
[ "$wrong" -eq 0 ]
