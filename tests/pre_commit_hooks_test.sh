#!/usr/bin/env bash
# The hooks of .pre-commit-hooks.yaml, run as pre-commit runs them (the
# entry split like a shell command line, in the repository's top folder) in
# scratch git repositories: with and without a patches/ folder, with a patch
# set that still has work to do, and once it has been applied.
#   pre_commit_hooks_test.sh ARCHSCAN SOURCE_DIR YAML_TO_JSON
set -euo pipefail
bin="$1"
src="$2"
yaml_to_json="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PATH="$(dirname "$bin"):$PATH"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$yaml_to_json" "$src/.pre-commit-hooks.yaml" >"$work/hooks.json"
# hook ID EXPECTED_EXIT: runs the hook's entry in $work/repo, output to $work/out
hook() {
  local id="$1" want="$2" got=0
  python3 - "$work/hooks.json" "$id" "$work/repo" >"$work/out" 2>&1 <<'PY' || got=$?
import json, shlex, subprocess, sys
hooks = {h["id"]: h for h in json.load(open(sys.argv[1]))}
entry = shlex.split(hooks[sys.argv[2]]["entry"])
sys.exit(subprocess.run(entry, cwd=sys.argv[3]).returncode)
PY
  [[ $got -eq $want ]] || { cat "$work/out" >&2; fail "hook $id exited $got, not $want"; }
}

mkdir -p "$work/repo/pkg"
cat >"$work/repo/pkg/tables.py" <<'PY'
import torch
CAP = torch.cuda.get_device_capability()[0]
A = {9: 1, 10: 2}
def f():
    return A[CAP]
PY
git -C "$work/repo" init -q
git -C "$work/repo" -c user.name=t -c user.email=t@example.invalid add -A
git -C "$work/repo" -c user.name=t -c user.email=t@example.invalid commit -qm tables

echo "== every hook runs in a repository without patches/"
for id in $(python3 -c 'import json,sys; print(" ".join(h["id"] for h in json.load(open(sys.argv[1]))))' "$work/hooks.json"); do
  hook "$id" 0
done
[[ ! -s "$work/out" ]] || { cat "$work/out" >&2; fail "archscan-patch-idempotent printed something with no patch set"; }

echo "== an empty patches/ folder is no patch set either"
mkdir "$work/repo/patches"
hook archscan-patch-idempotent 0

echo "== a patch set with work left fails, naming it"
printf 'archscan: 1\nname: sm110\nrules:\n  - add: sm_110\n    like: sm_100\n' >"$work/repo/patches/sm110.yaml"
hook archscan-patch-idempotent 1
grep -q '^patches/sm110.yaml would change:' "$work/out" || { cat "$work/out" >&2; fail "the patch set is not named"; }

echo "== once applied, it passes"
(cd "$work/repo" && archscan patch patches/sm110.yaml . --write -q)
hook archscan-patch-idempotent 0

echo "== a broken patch set is an error, not a pass"
printf 'archscan: 1\nrules: [\n' >"$work/repo/patches/broken.yaml"
hook archscan-patch-idempotent 2
echo "pre-commit hooks: ok"
