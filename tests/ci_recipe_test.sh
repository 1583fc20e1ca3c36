#!/usr/bin/env bash
# The README's CI recipe (action.yml's steps, scripts/ci.sh) in a scratch git
# repository holding the bundled sample and its sm120 patch set (SM120's own
# values: the shipped one refuses to copy sm_100's, see docs/patch-sets.md):
# annotations, SARIF and JSON from one scan, the step summary written from
# that JSON, the exit codes a workflow sees, a baseline that does not exist
# yet, the patch-set verification and the build cache's key.
#   ci_recipe_test.sh ARCHSCAN SOURCE_DIR
set -euo pipefail
bin="$1"
src="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PATH="$(dirname "$bin"):$PATH"
fail() { echo "FAIL: $*" >&2; exit 1; }
run() {  # EXPECTED_EXIT COMMAND...: runs it in the repository, output to $work/out and $work/err
  local want="$1" got=0
  shift
  (cd "$work/repo" && "$@") >"$work/out" 2>"$work/err" || got=$?
  [[ $got -eq $want ]] || { cat "$work/out" "$work/err" >&2; fail "$* exited $got, not $want"; }
}

mkdir -p "$work/repo/patches"
cp -r "$src/testdata/frameworks/sglang-symm-mem/." "$work/repo/"
rm -f "$work/repo/archscan-test.yaml" "$work/repo/expected.json" "$work/repo/expected.diff"
mv "$work/repo/sm120.yaml" "$work/repo/patches/"
git -C "$work/repo" init -q
git -C "$work/repo" -c user.name=ci -c user.email=ci@example.invalid add -A
git -C "$work/repo" -c user.name=ci -c user.email=ci@example.invalid commit -qm sample

export ARCHSCAN_TARGETS=sm_120
echo "== check: annotations and SARIF from one scan; findings exit 1"
run 1 "$src/scripts/ci.sh" check
grep -q '^::error file=.*title=archscan missing-arch sm_120::' "$work/out" || fail "no missing-arch annotation"
node -e 'const s=JSON.parse(require("fs").readFileSync(process.argv[1]));
  if (!s.runs[0].results.length || !s.runs[0].invocations[0].executionSuccessful) process.exit(1)' \
  "$work/repo/archscan.sarif" || fail "the SARIF has no results or says the run failed"
ARCHSCAN_FAIL_ON=never run 0 "$src/scripts/ci.sh" check

echo "== the step summary: counts and findings from check's JSON, added to what is there"
summary="$work/summary.md"
printf 'an earlier step\n' > "$summary"
GITHUB_STEP_SUMMARY="$summary" run 0 "$src/scripts/ci.sh" summary
count() {  # JSON KEY: how many findings of that severity (or all, for "all") the JSON holds
  node -e 'const f=JSON.parse(require("fs").readFileSync(process.argv[1])).findings;
    console.log(process.argv[2] == "all" ? f.length : f.filter(x => x.severity == process.argv[2]).length)' "$1" "$2"
}
n="$(count "$work/repo/archscan.json" all)"
errors="$(count "$work/repo/archscan.json" error)"
((n > 0)) || fail "the sample has no findings"
[[ "$(head -1 "$summary")" == "an earlier step" ]] || fail "the summary replaced what an earlier step wrote"
grep -qx "\*\*$n findings\?\*\*: $errors errors\? for sm_120; .* files scanned." "$summary" ||
  fail "no counts line in: $(cat "$summary")"
[[ "$(grep -c '^| error | `missing-arch` | sm_120 | `python/.*:[0-9]*` | .* |$' "$summary")" == "$n" ]] ||
  fail "not one table row per finding: $(cat "$summary")"
! grep -q "more finding\|no annotation" "$summary" || fail "the summary says findings are left out: $(cat "$summary")"
unset GITHUB_STEP_SUMMARY
run 2 "$src/scripts/ci.sh" summary
printf '{"findings": 3}\n' > "$work/repo/broken.json"
before="$(cat "$summary")"
ARCHSCAN_JSON=broken.json GITHUB_STEP_SUMMARY="$summary" run 2 "$src/scripts/ci.sh" summary
[[ "$(cat "$summary")" == "$before" ]] || fail "a failed summary left part of itself behind"
rm "$work/repo/broken.json"

echo "== more findings than the summary lists and than GitHub annotates"
mkdir -p "$work/repo/many"
for i in $(seq 1 25); do
  printf 'import torch\nT%d = {9: 1, 10: 2}\nx = T%d[torch.cuda.get_device_capability()[0]]\n' "$i" "$i" \
    > "$work/repo/many/t$i.py"
done
ARCHSCAN_PATHS=many ARCHSCAN_JSON=many.json run 1 "$src/scripts/ci.sh" check
n="$(count "$work/repo/many.json" all)"
errors="$(count "$work/repo/many.json" error)"
((errors > 20)) || fail "the generated tables gave $errors errors, not more than 20"
: > "$summary"
ARCHSCAN_JSON=many.json ARCHSCAN_SUMMARY_TOP=20 GITHUB_STEP_SUMMARY="$summary" run 0 "$src/scripts/ci.sh" summary
[[ "$(grep -c '^| error |' "$summary")" == 20 ]] || fail "not 20 rows: $(cat "$summary")"
grep -q "^$((n - 20)) more findings not listed here" "$summary" || fail "no count of the findings left out"
grep -q "GitHub shows 10 annotations of each level per step: $((errors - 10)) of the $errors errors have no annotation" \
  "$summary" || fail "no count of the findings GitHub does not annotate: $(cat "$summary")"
rm -r "$work/repo/many" "$work/repo/many.json" "$work/repo/archscan.json"

echo "== the build cache key names archscan's version"
key="$(RUNNER_OS=Linux "$src/scripts/ci.sh" cache-key)"
version="$(archscan --version | awk '{print $2}')"
[[ "$key" == archscan-deb-Linux-*-"$version" ]] || fail "cache key '$key' does not end in version $version"

echo "== a first run with a baseline that does not exist yet"
ARCHSCAN_BASELINE=.archscan-baseline.json run 1 "$src/scripts/ci.sh" check
grep -q "baseline .archscan-baseline.json does not exist yet" "$work/err" || fail "no note about the missing baseline"
(cd "$work/repo" && archscan check --target sm_120 --write-baseline .archscan-baseline.json -q . >/dev/null) ||
  fail "--write-baseline did not exit 0"
ARCHSCAN_BASELINE=.archscan-baseline.json run 0 "$src/scripts/ci.sh" check
rm "$work/repo/.archscan-baseline.json" "$work/repo/archscan.sarif" "$work/repo/archscan.json"

echo "== only what is new since a git ref: nothing since the commit that has it all"
ARCHSCAN_BASELINE_REF=HEAD run 0 "$src/scripts/ci.sh" check
! grep -q "^::error" "$work/out" || fail "findings that HEAD already has were reported: $(cat "$work/out")"
rm "$work/repo/archscan.sarif" "$work/repo/archscan.json"

echo "== a path that does not exist fails the job"
ARCHSCAN_PATHS="pythn" run 2 "$src/scripts/ci.sh" check
[[ "$(cat "$work/err")" == "archscan: pythn: no such file or folder" ]] || fail "unexpected stderr: $(cat "$work/err")"

echo "== the patch set applies, once, and leaves nothing missing"
ARCHSCAN_PATCH_SETS="patches/*.yaml" run 0 "$src/scripts/ci.sh" verify-patches
[[ -n "$(git -C "$work/repo" status --porcelain)" ]] || fail "the patch set changed nothing"
ARCHSCAN_PATCH_SETS="patches/*.yaml" run 0 "$src/scripts/ci.sh" verify-patches
ARCHSCAN_PATCH_SETS="nothing/*.yaml" run 2 "$src/scripts/ci.sh" verify-patches

echo "== verify-patches judges what is left as check does: --fail-on and the baseline"
cat > "$work/repo/python/legacy.py" <<'EOF'
import torch

# Tuned before SM100 existed: nothing to copy for sm_120, so the patch set leaves it.
OLD_TILES = {8: 64, 9: 128}


def old_tile():
    return OLD_TILES[torch.cuda.get_device_capability()[0]]
EOF
ARCHSCAN_PATCH_SETS="patches/*.yaml" run 1 "$src/scripts/ci.sh" verify-patches
grep -q "error\[missing-arch\] sm_120: OLD_TILES" "$work/out" || fail "verify-patches did not report what is left"
ARCHSCAN_FAIL_ON=never ARCHSCAN_PATCH_SETS="patches/*.yaml" run 0 "$src/scripts/ci.sh" verify-patches
ARCHSCAN_BASELINE=.archscan-baseline.json ARCHSCAN_PATCH_SETS="patches/*.yaml" run 1 "$src/scripts/ci.sh" \
  verify-patches
(cd "$work/repo" && archscan check --target sm_120 --write-baseline .archscan-baseline.json -q . >/dev/null) ||
  fail "--write-baseline did not exit 0"
ARCHSCAN_BASELINE=.archscan-baseline.json ARCHSCAN_PATCH_SETS="patches/*.yaml" run 0 "$src/scripts/ci.sh" \
  verify-patches
! grep -q "OLD_TILES" "$work/out" || fail "verify-patches reported a finding the baseline holds: $(cat "$work/out")"
echo "ok"
