#!/usr/bin/env bash
# SARIF from every testdata case must satisfy the official SARIF 2.1.0 schema
# and the SARIF Multitool's rules, GitHub's ingestion rules included.
set -euo pipefail
bin="$1"
here="$(cd "$(dirname "$0")" && pwd)"
[[ -d "$here/tools/node_modules" ]] || { echo "test tools missing: run scripts/setup-test-tools.sh" >&2; exit 1; }
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
status=0
for case in "$here"/../testdata/*/; do
  name="$(basename "$case")"
  (cd "$case" && "$bin" check --target sm_120 --target sm_121 --all --fail-on never --format sarif -o "$out/$name.sarif" .)
  echo "== $name"
  node "$here/tools/validate-sarif.js" "$out/$name.sarif" || status=1
done
exit $status
