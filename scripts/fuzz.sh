#!/usr/bin/env bash
# Builds the libFuzzer targets in a clang build folder and runs each for a set
# number of executions over a seed corpus taken from testdata/, patches/ and
# tests/fuzz/corpus/.
#
#   scripts/fuzz.sh [RUNS] [BUILD_DIR] [TARGET...]   (make fuzz FUZZ_RUNS=1000000)
#
# With no TARGET, every fuzzer runs, one after another (one core).
#
# Corpora grow in BUILD_DIR/corpus/<target> and are kept between runs; a crash
# input is written to BUILD_DIR/crashes/<target>/ and stops the script.
set -euo pipefail
runs=${1:-100000}
build=${2:-build-fuzz}
shift $(($# < 2 ? $# : 2))
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] ||
  targets=(cmake_lexer_fuzzer cmake_frontend_fuzzer patchset_fuzzer config_fuzzer arch_fuzzer python_fuzzer raw_lexer_fuzzer diff_fuzzer
    compile_database_fuzzer facts_json_fuzzer facts_binary_fuzzer shell_lexer_fuzzer json_fuzzer)
cd "$(dirname "$0")/.."

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-19 \
  -DCMAKE_CXX_COMPILER=clang++-19 -DARCHSCAN_FUZZ=ON >/dev/null
cmake --build "$build" --target fuzzers

seed() {  # seed TARGET FILE...: copy the files into the target's corpus
  local dir="$build/corpus/$1"
  shift
  mkdir -p "$dir"
  for f in "$@"; do cp "$f" "$dir/seed-$(sha1sum <"$f" | cut -c1-16)"; done
}
seed patchset_fuzzer patches/*.yaml $(find testdata -name 'patch.yaml')
seed config_fuzzer $(find testdata -name 'archscan*.yaml')
seed python_fuzzer $(find testdata -name '*.py')
seed raw_lexer_fuzzer $(find testdata \( -name '*.cu' -o -name '*.cuh' -o -name '*.cpp' -o -name '*.h' \))
seed cmake_lexer_fuzzer $(find testdata \( -name 'CMakeLists.txt' -o -name '*.cmake' \))
seed cmake_frontend_fuzzer $(find testdata \( -name 'CMakeLists.txt' -o -name '*.cmake' \))
seed shell_lexer_fuzzer $(find testdata \( -name '*.sh' -o -name 'Dockerfile*' -o -path '*/.github/workflows/*' \) -type f)
seed json_fuzzer $(find testdata -name '*.json')
# Inputs testdata/ has no file of (facts as archscan writes them, compile
# databases) are kept in tests/fuzz/corpus/TARGET/, a few small files each.
for d in tests/fuzz/corpus/*/; do seed "$(basename "$d")" "$d"*; done
mkdir -p "$build/corpus/arch_fuzzer" "$build/corpus/diff_fuzzer"
for a in sm_120 sm120 SM120 sm_120a sm_100f compute_90a 120 12.0 12.0a 12 "(12, 0)" 1200 h100 rtx-pro-6000 dgx-spark; do
  printf '%s' "$a" >"$build/corpus/arch_fuzzer/seed-$(printf '%s' "$a" | sha1sum | cut -c1-16)"
done
# An old and a new text split by a NUL byte: each patch case before and after.
for f in $(find testdata -name '*.py' | head -40); do
  out="$build/corpus/diff_fuzzer/seed-$(sha1sum <"$f" | cut -c1-16)"
  { cat "$f"; printf '\0'; sed '2a\    12: [6, 8],' "$f"; } >"$out"
done

for t in "${targets[@]}"; do
  mkdir -p "$build/crashes/$t"
  start=$(date +%s)
  "$build/tests/$t" -runs="$runs" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$build/crashes/$t/" -print_final_stats=1 "$build/corpus/$t" 2>"$build/$t.log" ||
    { tail -30 "$build/$t.log"; echo "fuzz: $t found a crash (input in $build/crashes/$t/)"; exit 1; }
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$build/$t.log" | grep -o '[0-9]*$')
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$build/$t.log" | grep -o '[0-9]*$')
  echo "fuzz: $t: $execs executions in $(($(date +%s) - start)) s ($rate/s), no crash"
done
