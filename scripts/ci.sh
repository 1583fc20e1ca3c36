#!/usr/bin/env bash
# The CI steps of action.yml, runnable anywhere archscan is on PATH:
#   ci.sh check           one scan: annotations on stdout, SARIF to $ARCHSCAN_SARIF;
#                         exits as archscan check does (0, 1 findings, 2 input error)
#   ci.sh verify-patches  every patch set in $ARCHSCAN_PATCH_SETS applies, a second
#                         run has nothing to do, and check then passes (with the same
#                         --fail-on and --baseline as ci.sh check)
# Settings (all optional; archscan.yaml supplies the rest):
#   ARCHSCAN_TARGETS      comma-separated archs (sm_120,sm_121)
#   ARCHSCAN_PATHS        space-separated paths to scan (default: .)
#   ARCHSCAN_FAIL_ON      error, warning, note or never
#   ARCHSCAN_BASELINE     a --baseline file (a missing one is empty)
#   ARCHSCAN_SARIF        where the SARIF goes (default: archscan.sarif)
#   ARCHSCAN_PATCH_SETS   space-separated patch sets (globs allowed)
set -uo pipefail
read -r -a paths <<< "${ARCHSCAN_PATHS:-.}"
args=()
[[ -n "${ARCHSCAN_TARGETS:-}" ]] && args+=(--target "$ARCHSCAN_TARGETS")
# One verdict for both steps: what fails a job and which findings are already
# accepted must not change once the patch sets have been applied.
[[ -n "${ARCHSCAN_FAIL_ON:-}" ]] && args+=(--fail-on "$ARCHSCAN_FAIL_ON")
[[ -n "${ARCHSCAN_BASELINE:-}" ]] && args+=(--baseline "$ARCHSCAN_BASELINE")

case "${1:-}" in
  check)
    archscan check "${args[@]}" --format github --output-format "sarif=${ARCHSCAN_SARIF:-archscan.sarif}" \
      -q "${paths[@]}"
    ;;
  verify-patches)
    shopt -s nullglob
    read -r -a sets <<< "${ARCHSCAN_PATCH_SETS:-}"
    files=()
    for s in "${sets[@]}"; do files+=($s); done
    ((${#files[@]})) || { echo "archscan: no patch set matches '${ARCHSCAN_PATCH_SETS:-}'" >&2; exit 2; }
    archscan patch "${files[@]}" "${paths[@]}" --write || exit 2
    left="$(archscan patch "${files[@]}" "${paths[@]}" -q)" || exit 2
    if [[ -n "$left" ]]; then
      echo "archscan: a second run of the patch sets would still change files (not idempotent):" >&2
      echo "$left" >&2
      exit 1
    fi
    # Once patched, nothing the patch sets address may be left.
    archscan check "${args[@]}" -q "${paths[@]}"
    ;;
  *)
    echo "usage: ci.sh check | verify-patches" >&2
    exit 2
    ;;
esac
