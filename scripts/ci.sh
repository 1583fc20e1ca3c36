#!/usr/bin/env bash
# The CI steps of action.yml, runnable anywhere archscan is on PATH:
#   ci.sh check           one scan: annotations on stdout, SARIF to $ARCHSCAN_SARIF and
#                         JSON to $ARCHSCAN_JSON; exits as archscan check does (0, 1
#                         findings, 2 input error)
#   ci.sh summary         the counts and the worst findings of $ARCHSCAN_JSON, as a
#                         Markdown table, added to $GITHUB_STEP_SUMMARY (needs jq)
#   ci.sh cache-key       what a built archscan is cached under: the runner's OS, the
#                         system and machine it was built on, and archscan's version
#   ci.sh verify-patches  every patch set in $ARCHSCAN_PATCH_SETS applies, a second
#                         run has nothing to do, and check then passes (with the same
#                         --fail-on and --baseline as ci.sh check)
# Settings (all optional; archscan.yaml supplies the rest):
#   ARCHSCAN_TARGETS      comma-separated archs (sm_120,sm_121)
#   ARCHSCAN_PATHS        space-separated paths to scan (default: .)
#   ARCHSCAN_FAIL_ON      error, warning, note or never
#   ARCHSCAN_BASELINE     a --baseline file (a missing one is empty)
#   ARCHSCAN_BASELINE_REF a git ref: report only findings new since it (--baseline-ref)
#   ARCHSCAN_SARIF        where the SARIF goes (default: archscan.sarif)
#   ARCHSCAN_JSON         where check's JSON goes, for the summary (default: archscan.json)
#   ARCHSCAN_SUMMARY_TOP  how many findings the summary lists (default: 20)
#   ARCHSCAN_PATCH_SETS   space-separated patch sets (globs allowed)
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
read -r -a paths <<< "${ARCHSCAN_PATHS:-.}"
args=()
[[ -n "${ARCHSCAN_TARGETS:-}" ]] && args+=(--target "$ARCHSCAN_TARGETS")
# One verdict for both steps: what fails a job and which findings are already
# accepted must not change once the patch sets have been applied.
[[ -n "${ARCHSCAN_FAIL_ON:-}" ]] && args+=(--fail-on "$ARCHSCAN_FAIL_ON")
[[ -n "${ARCHSCAN_BASELINE:-}" ]] && args+=(--baseline "$ARCHSCAN_BASELINE")
[[ -n "${ARCHSCAN_BASELINE_REF:-}" ]] && args+=(--baseline-ref "$ARCHSCAN_BASELINE_REF")

case "${1:-}" in
  check)
    archscan check "${args[@]}" --format github --output-format "sarif=${ARCHSCAN_SARIF:-archscan.sarif}" \
      --output-format "json=${ARCHSCAN_JSON:-archscan.json}" -q "${paths[@]}"
    ;;
  summary)
    json="${ARCHSCAN_JSON:-archscan.json}"
    [[ -n "${GITHUB_STEP_SUMMARY:-}" ]] || { echo "archscan: GITHUB_STEP_SUMMARY is not set" >&2; exit 2; }
    [[ -f "$json" ]] || { echo "archscan: $json: no such file (ci.sh check writes it)" >&2; exit 2; }
    command -v jq >/dev/null || { echo "archscan: the summary needs jq" >&2; exit 2; }
    # Whole or not at all: rendered first, then added in one write.
    text="$(jq -r --argjson top "${ARCHSCAN_SUMMARY_TOP:-20}" -f "$here/ci-summary.jq" "$json")" || {
      echo "archscan: $json: not the JSON of archscan check" >&2
      exit 2
    }
    printf '%s\n' "$text" >> "$GITHUB_STEP_SUMMARY"
    ;;
  cache-key)
    version="$(sed -n 's/^project(archscan VERSION \([^ )]*\).*/\1/p' "$here/../CMakeLists.txt")"
    [[ -n "$version" ]] || { echo "archscan: no version in $here/../CMakeLists.txt" >&2; exit 2; }
    system="$(. /etc/os-release 2>/dev/null && echo "${ID:-unknown}${VERSION_ID:-}")"
    echo "archscan-deb-${RUNNER_OS:-$(uname -s)}-${system:-unknown}-$(uname -m)-$version"
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
    echo "usage: ci.sh check | summary | verify-patches | cache-key" >&2
    exit 2
    ;;
esac
