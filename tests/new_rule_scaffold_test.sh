#!/usr/bin/env bash
# scripts/new-rule.sh on a scratch copy of the sources: the rule file and the
# catalogue it edits must compile as written, with the flags the build uses
# for the catalogue (from compile_commands.json), and its fixture must be where
# the golden runner looks. A scaffold that no longer builds fails here, not in
# the hands of the next person adding a rule.
#   new_rule_scaffold_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r "$src/tool" "$src/scripts" "$scratch/"
mkdir -p "$scratch/testdata/rules"
(cd "$scratch" && scripts/new-rule.sh --dry-run scaffold-probe "A probe of the scaffold." note >/dev/null)
(cd "$scratch" && scripts/new-rule.sh scaffold-probe "A probe of the scaffold." note >/dev/null)
for f in tool/analyze/rules/scaffold-probe.cpp testdata/rules/scaffold-probe/archscan-test.yaml \
         testdata/rules/scaffold-probe/example.py; do
  [[ -f $scratch/$f ]] || { echo "new-rule.sh did not write $f" >&2; exit 1; }
done
grep -q 'checkScaffoldProbe' "$scratch/tool/analyze/rules/rules.h" || { echo "rules.h lacks the declaration" >&2; exit 1; }
grep -q '{"scaffold-probe", "ScaffoldProbe"' "$scratch/tool/analyze/rules/catalogue.cpp" ||
  { echo "catalogue.cpp lacks the entry" >&2; exit 1; }
# The catalogue's compile command, with the scratch tool/ searched first.
command=$(python3 - "$build/compile_commands.json" "$scratch" <<'PY'
import json, shlex, sys
for e in json.load(open(sys.argv[1])):
    if e["file"].endswith("/analyze/rules/catalogue.cpp"):
        args = shlex.split(e["command"]) if "command" in e else e["arguments"]
        out = []
        skip = False
        for a in args:
            if skip: skip = False; continue
            if a == "-o": skip = True; continue
            if a == "-c" or a.endswith("catalogue.cpp"): continue
            out.append(a)
        # The scratch tool/ is searched before the build's include roots.
        print(shlex.join(out[:1] + ["-I", sys.argv[2] + "/tool"] + out[1:]))
        break
PY
)
[[ -n $command ]] || { echo "no compile command for catalogue.cpp in $build" >&2; exit 1; }
cd "$build"
for f in catalogue.cpp scaffold-probe.cpp; do
  # shellcheck disable=SC2086
  eval "$command" -fsyntax-only "$scratch/tool/analyze/rules/$f"
done
echo "new-rule.sh scaffold compiles"
