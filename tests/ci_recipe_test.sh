#!/usr/bin/env bash
# The README's CI recipe (action.yml's steps, scripts/ci.sh) in a scratch git
# repository holding the bundled sample and the shipped sm120 patch set:
# annotations and SARIF from one scan, the exit codes a workflow sees, a
# baseline that does not exist yet, and the patch-set verification.
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
cp -r "$src/testdata/sglang-symm-mem/." "$work/repo/"
rm -f "$work/repo/archscan-test.yaml" "$work/repo/expected.json"
cp "$src/patches/sm120.yaml" "$work/repo/patches/"
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

echo "== a first run with a baseline that does not exist yet"
ARCHSCAN_BASELINE=.archscan-baseline.json run 1 "$src/scripts/ci.sh" check
grep -q "baseline .archscan-baseline.json does not exist yet" "$work/err" || fail "no note about the missing baseline"
(cd "$work/repo" && archscan check --target sm_120 --write-baseline .archscan-baseline.json -q . >/dev/null) ||
  fail "--write-baseline did not exit 0"
ARCHSCAN_BASELINE=.archscan-baseline.json run 0 "$src/scripts/ci.sh" check
rm "$work/repo/.archscan-baseline.json" "$work/repo/archscan.sarif"

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
