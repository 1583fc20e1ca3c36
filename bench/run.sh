#!/usr/bin/env bash
# Times archscan against its peers side by side, in one hyperfine run per
# tree and scope, and prints CPU-time ratios and peak memory (absolute times
# depend on the machine and its load; ratios are what to compare):
#   rg          ripgrep over the same files: the I/O floor
#   ast-grep    the syntactic shapes archscan looks for (sgconfig.yml, rules/*.yml)
#   archscan    check, cold (--no-cache) and warm (content cache filled first)
# Trees: generated ones of each size in SIZES (gen_tree.py: real-shaped
# Python and CUDA files) and any real checkouts given. Then a scaling table:
# files against archscan's CPU seconds, which must grow linearly.
# usage: bench/run.sh [-r RUNS] [-s "1000 10000 50000"] [-j JOBS] [TREE...]
set -euo pipefail
# Commands are kept in strings for hyperfine; globs in them are for archscan.
set -f
here="$(cd "$(dirname "$0")" && pwd)"
archscan="$here/../build/archscan"
runs=5 sizes="1000 10000" jobs=2
while getopts "r:s:j:" o; do
  case $o in
    r) runs=$OPTARG ;;
    s) sizes=$OPTARG ;;
    j) jobs=$OPTARG ;;
    *) sed -n 2,12p "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[[ -x "$archscan" ]] || { echo "build archscan first (make build)" >&2; exit 2; }
astgrep="$here/tools/node_modules/@ast-grep/cli-linux-x64-gnu/ast-grep"
[[ -x "$astgrep" ]] || (cd "$here/tools" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
command -v hyperfine > /dev/null || { echo "hyperfine missing: apt-get install hyperfine (Debian 12)" >&2; exit 2; }
command -v rg > /dev/null || { echo "ripgrep missing: apt-get install ripgrep" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cpp_globs=(-g '*.cu' -g '*.cuh' -g '*.h' -g '*.hpp' -g '*.cpp' -g '*.cc' -g '*.inl')
cpp_excludes=(--exclude '*.cu' --exclude '*.cuh' --exclude '*.h' --exclude '*.hpp' --exclude '*.cpp' --exclude '*.cc'
  --exclude '*.inl' --exclude '*.c' --exclude '*.cxx' --exclude '*.hh' --exclude '*.hxx' --exclude CMakeLists.txt
  --exclude '*.cmake')

# One hyperfine run of rg, ast-grep and archscan (cold, warm) on one tree and
# scope ("python" or "all"); prints a table of CPU seconds and ratios.
bench_tree() {
  local tree=$1 scope=$2 q=$(printf '%q' "$1")
  local rg_args="" sg_args="" as_args=""
  if [[ $scope == python ]]; then
    rg_args="-g '*.py'" sg_args="--globs '*.py'"
    as_args="${cpp_excludes[*]}"
  else
    rg_args="-g '*.py' $(printf '%q ' "${cpp_globs[@]}")"
  fi
  local cache="$work/cache-$RANDOM"
  local check="$archscan check -j$jobs --all --target sm_120 --fail-on never -q -o /dev/null $as_args"
  # Fill the cache for the warm runs. Its warnings (an --exclude of the
  # Python-only scope that matches nothing in this tree) only matter if it fails.
  $check --cache-dir "$cache" "$tree" 2> "$work/fill.err" || { cat "$work/fill.err" >&2; exit 1; }
  hyperfine -N --runs "$runs" --style none --export-json "$work/h.json" \
    -n rg "rg -c -e 'get_device_capability|__CUDA_ARCH__|sm_[0-9]+|capability' $rg_args $q" \
    -n ast-grep "$astgrep scan -c $here/sgconfig.yml --json=compact $sg_args $q" \
    -n archscan-cold "$check --no-cache $q" \
    -n archscan-warm "$check --cache-dir $cache $q" > /dev/null 2>&1 || true
  local rss
  /usr/bin/time -f '%M' -o "$work/rss" $check --no-cache "$tree" > /dev/null 2>&1 || true
  rss=$(cat "$work/rss")
  python3 - "$work/h.json" "$rss" "$tree" "$scope" <<'PY'
import json, sys
res = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
cpu = {k: r["user"] + r["system"] for k, r in res.items()}
ag = cpu.get("ast-grep") or float("nan")
print(f"{sys.argv[3]} [{sys.argv[4]}]: mean CPU seconds per run; archscan peak RSS {int(sys.argv[2]) / 1024:.0f} MB")
print(f"  {'tool':14} {'CPU s':>9} {'wall s':>9} {'x ast-grep':>11}")
for k in ["rg", "ast-grep", "archscan-cold", "archscan-warm"]:
    if k in res:
        print(f"  {k:14} {cpu[k]:9.3f} {res[k]['mean']:9.3f} {cpu[k] / ag:11.2f}")
if "archscan-cold" in cpu and "archscan-warm" in cpu:
    print(f"  warm / cold CPU: {cpu['archscan-warm'] / cpu['archscan-cold']:.3f}")
PY
}

scaling=()  # declared empty: `set -u` rejects ${#scaling[@]} of a bare declare when no tree was generated
for n in $sizes; do
  tree="$work/gen-$n"
  python3 "$here/gen_tree.py" "$n" "$tree"
  # The scan snapshot records only files whose times lie 2 s before a scan
  # began (docs/scale.md); a checkout is older than that, a fresh tree not.
  sleep 3
  bench_tree "$tree" python
  bench_tree "$tree" all
  /usr/bin/time -f '%U %S %M' -o "$work/t" "$archscan" check -j"$jobs" --no-cache --all --target sm_120 --fail-on never \
    -q -o /dev/null "$tree" > /dev/null 2>&1 || true
  read -r u s m < "$work/t"
  scaling+=("$n $(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}') $m")
  rm -rf "$tree"
done
for tree in "$@"; do
  bench_tree "$tree" python
  bench_tree "$tree" all
done
if ((${#scaling[@]})); then
  echo "scaling (generated trees, archscan check --no-cache -j$jobs):"
  printf '  %8s %10s %12s %10s\n' files "CPU s" "CPU ms/file" "peak MB"
  for row in "${scaling[@]}"; do
    read -r n c m <<< "$row"
    printf '  %8d %10.2f %12.2f %10.0f\n' "$n" "$c" "$(awk -v c="$c" -v n="$n" 'BEGIN {print 1000 * c / n}')" \
      "$(awk -v m="$m" 'BEGIN {print m / 1024}')"
  done
fi
