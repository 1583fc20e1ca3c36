#!/usr/bin/env bash
# What the test suite needs beyond the build: the SARIF schema and validators
# and a headless-browser driver (npm, pinned by tests/tools/package-lock.json
# with integrity hashes), and Debian's Chromium for the audit page test.
# Idempotent; a Chromium that cannot be installed only makes that one test skip.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tools="$root/tests/tools"
stamp="$tools/node_modules/.archscan-lock"
if [[ ! -f "$stamp" ]] || ! cmp -s "$tools/package-lock.json" "$stamp"; then
  echo "archscan setup: installing test tools from tests/tools/package-lock.json" >&2
  (cd "$tools" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
  cp "$tools/package-lock.json" "$stamp"
fi
if ! command -v chromium >/dev/null 2>&1; then
  echo "archscan setup: installing chromium for the audit page test" >&2
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  if ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null; }; then
    echo "archscan setup: chromium could not be installed; the browser test will be skipped" >&2
  fi
fi
