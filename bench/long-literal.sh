#!/usr/bin/env bash
# Peak memory on one dense single-line arch list per language: an 8 MB
# Python list, CMake set() and CUDA array of alternating 80 and 100, each
# read as a site (and patched by fix, which the last column confirms).
# Prints, per language and command, the maximum resident set size above the
# same command on an empty tree, and that excess per input byte (the goal is
# under 50).
#
#   bench/long-literal.sh [ARCHSCAN] [BYTES]
set -euo pipefail

bin=$(realpath "${1:-build/archscan}")
bytes=${2:-8000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# prefix, then "80<sep>100<sep>..." up to BYTES in all, then suffix.
gen() {
  python3 - "$bytes" "$1" "$2" "$3" "$4" <<'PY'
import sys
n, path, prefix, sep, suffix = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
prefix, suffix = prefix.replace("\\n", "\n"), suffix.replace("\\n", "\n")
room = n - len(prefix) - len(suffix)
unit = "80" + sep + "100" + sep
body = (unit * (room // len(unit) + 1))[:room]
body = body[: body.rfind(sep)]  # end on a whole number
with open(path, "w") as f:
    f.write(prefix + body + suffix)
PY
}

mkdir -p "$work/src/python" "$work/src/cmake" "$work/src/cuda" "$work/empty"
gen "$work/src/python/caps.py" \
  'import torch\nSUPPORTED_SM = [' ', ' ']\n\ndef ok():\n    major, minor = torch.cuda.get_device_capability()\n    return major * 10 + minor in SUPPORTED_SM\n'
gen "$work/src/cmake/CMakeLists.txt" \
  'cmake_minimum_required(VERSION 3.18)\nproject(k LANGUAGES CUDA)\nset(CUDA_ARCHS ' ';' ')\nset(CMAKE_CUDA_ARCHITECTURES ${CUDA_ARCHS})\n'
gen "$work/src/cuda/support.cu" \
  'int getSMVersion();\n\nconstexpr int kSupportedSm[] = {' ', ' '};\n\nbool supported() {\n  int sm = getSMVersion();\n  for (int s : kSupportedSm)\n    if (s == sm) return true;\n  return false;\n}\n'

# peak RSS in KB of one command, run in a fresh copy of the tree
peak() {
  local tree=$1
  shift
  rm -rf "$work/run" && cp -r "$tree" "$work/run"
  /usr/bin/time -f %M -o "$work/rss" "$bin" "$@" --no-cache -q -j1 "$work/run" >/dev/null 2>&1 || true
  tail -n 1 "$work/rss"
}

printf '%-8s %-12s %10s %10s %8s %8s\n' language command bytes excess_KB per_byte changed
for cmd in check fix; do
  case $cmd in
    check) args=(check --target sm_120) ;;
    fix) args=(fix --add sm_120 --like sm_80 --write) ;;
  esac
  base=$(peak "$work/empty" "${args[@]}")
  for lang in python cmake cuda; do
    size=$(find "$work/src/$lang" -type f -printf '%s\n')
    rss=$(peak "$work/src/$lang" "${args[@]}")
    excess=$((rss - base))
    changed=no
    diff -rq "$work/src/$lang" "$work/run" >/dev/null || changed=yes
    printf '%-8s %-12s %10d %10d %8.1f %8s\n' "$lang" "${args[0]}${args[4]:+ --write}" "$size" "$excess" \
      "$(echo "$excess * 1024 / $size" | bc -l)" "$changed"
  done
done
