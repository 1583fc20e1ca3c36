#!/usr/bin/env bash
# Adds a rule the way every rule is laid out: one id names its source file
# (tool/analyze/rules/<id>.cpp), its entry in the catalogue and its fixture
# folder (testdata/rules/<id>/). Everything else is derived from the catalogue
# entry: the rule reference in docs/rules.md and the JSON schema's rule enum
# (`archscan-docs write .`), `archscan rules`/`explain`, SARIF's rule list,
# completions, and the tests that walk the catalogue.
#
#   scripts/new-rule.sh [--dry-run] RULE-ID "One-line summary" [error|warning|note]
set -euo pipefail
cd "$(dirname "$0")/.."

dry=0
if [[ "${1:-}" == --dry-run ]]; then dry=1; shift; fi
id="${1:-}"; summary="${2:-}"; severity="${3:-warning}"
if [[ ! "$id" =~ ^[a-z][a-z0-9]*(-[a-z0-9]+)*$ || -z "$summary" ]]; then
  echo "usage: scripts/new-rule.sh [--dry-run] RULE-ID \"summary\" [error|warning|note]" >&2
  exit 2
fi
case "$severity" in error) sev=Error ;; warning) sev=Warning ;; note) sev=Note ;;
  *) echo "new-rule.sh: severity must be error, warning or note" >&2; exit 2 ;; esac
src="tool/analyze/rules/$id.cpp"
fixture="testdata/rules/$id"
if [[ -e "$src" || -e "$fixture" ]]; then echo "new-rule.sh: $id exists already" >&2; exit 2; fi
camel=$(echo "$id" | awk -F- '{for (i = 1; i <= NF; i++) printf "%s", toupper(substr($i, 1, 1)) substr($i, 2)}')
fn="check$camel"
# SARIF wants a rule's name to differ from its id: a one-word id gets a suffix.
name="$camel"
[[ "$id" == *-* ]] || name="${camel}Rule"

say() { echo "new-rule.sh: $*"; }
if (( dry )); then
  say "would create $src ($fn)"
  say "would declare $fn in tool/analyze/rules/rules.h"
  say "would register {\"$id\", \"$name\", ...} (default $severity) in tool/analyze/rules/catalogue.cpp"
  say "would create $fixture/archscan-test.yaml and $fixture/example.py"
  exit 0
fi

cat > "$src" <<CPP
// $id: $summary
#include "analyze/coverage.h"
#include "analyze/rules/outcome.h"
#include "analyze/rules/rules.h"

namespace archscan {

void $fn(const RuleContext& ctx, std::vector<Finding>& out) {
  for (size_t i = 0; i < ctx.program.sites.size(); ++i) {
    const LinkedSite& ls = ctx.program.sites[i];
    if (!visible(ls, ctx.opts)) continue;
    // Decide here; report with makeFinding(ctx, "$id", i, Severity::$sev, arch, message).
  }
}

}  // namespace archscan
CPP

sed -i "s|^// scripts/new-rule.sh adds declarations above this line.|void $fn(const RuleContext\&, std::vector<Finding>\&);\n&|" \
  tool/analyze/rules/rules.h
sed -i "s|^      // scripts/new-rule.sh adds entries above this line.|      {\"$id\", \"$name\", \"$summary\",\n       \"TODO: why it matters and how to fix or suppress it.\", Severity::$sev, $fn, nullptr,\n       AuditRole::FromSeverity, false,\n       R\"(TODO: the docs/rules.md section: what it means, and why it is reported at its severity.\n)\"},\n&|" \
  tool/analyze/rules/catalogue.cpp

mkdir -p "$fixture"
cat > "$fixture/archscan-test.yaml" <<YAML
# $id: $summary
# Positives carry '# expect: $id ARCH $severity' on the site's first line;
# near misses carry '# expect-none'.
runs:
  - name: default
    args: [check, --target, sm_120, --fail-on, never, .]
    exit: 0
YAML
cat > "$fixture/example.py" <<PY
import torch


def example():
    major = torch.cuda.get_device_capability()[0]
    # TODO: the shape $id reports, and a near miss it must not.
    return major
PY

say "created $src and $fixture/; registered $fn in rules.h and catalogue.cpp"
say "next: write the rule, its documentation and its fixture; build; then \`build/archscan-docs write .\`"
say "      regenerates docs/rules.md's rule reference and the schema's rule enum; \`make test\` checks them"
