#!/usr/bin/env bash
# Times the C/C++/CUDA front-end (tolerant mode) on one tree and prints, per
# job count: wall seconds, files parsed per second, CPU seconds and peak
# memory, with `git grep` over the same files as the I/O floor.
# usage: bench/run-cpp.sh [TREE] [RUNS]     (defaults: /usr/local/cuda/include, 1 run)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
archscan="$here/../build/archscan"
tree="${1:-/usr/local/cuda/include}"
runs="${2:-1}"
[[ -x "$archscan" ]] || { echo "build archscan first (make build)" >&2; exit 2; }
[[ -d "$tree" ]] || { echo "$tree: no such folder" >&2; exit 2; }

files=$(find "$tree" -type f \( -name '*.h' -o -name '*.hpp' -o -name '*.cuh' -o -name '*.cu' -o -name '*.cpp' -o -name '*.cc' -o -name '*.inl' \) | wc -l)
echo "tree: $tree ($files C/C++/CUDA files), $runs run(s) each"
t0=$(date +%s.%N)
git -C "$tree" grep --no-index -c -E '__CUDA_ARCH__|getSMVersion|sm_[0-9]+|arch' -- '*.h' '*.hpp' '*.cuh' '*.cu' '*.cpp' > /dev/null 2>&1 || true
t1=$(date +%s.%N)
printf '%-12s %8s %8s %10s %9s %10s\n' run wall files/s "CPU s" "peak MB" "x git grep"
floor=$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')
printf '%-12s %8.2f %8s %10s %9s %10s\n' git-grep "$floor" - - - 1.0
for j in 1 2; do
  for ((r = 0; r < runs; r++)); do
    out=$(mktemp)
    /usr/bin/time -f '%e %U %S %M' -o "$out.time" "$archscan" check -j"$j" --target sm_120 --fail-on never \
      --format json -o "$out" "$tree" > /dev/null 2>&1 || true
    read -r wall user sys rss < "$out.time"
    parsed=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['stats']['files_parsed'])" "$out")
    printf '%-12s %8.2f %8.1f %10.1f %9.0f %10.1f\n' "archscan-j$j" "$wall" "$(awk -v p="$parsed" -v w="$wall" 'BEGIN {print p / w}')" \
      "$(awk -v u="$user" -v s="$sys" 'BEGIN {print u + s}')" "$(awk -v k="$rss" 'BEGIN {print k / 1024}')" \
      "$(awk -v a="$wall" -v b="$floor" 'BEGIN {print a / b}')"
    echo "             ($parsed files parsed)"
    rm -f "$out" "$out.time"
  done
done
