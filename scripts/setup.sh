#!/usr/bin/env bash
# Installs what archscan needs on Debian 12 and fetches the pinned tree-sitter
# sources. Idempotent: packages already present are not reinstalled, and apt is
# not touched at all when nothing is missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
LLVM="${ARCHSCAN_LLVM_MAJOR:-19}"

pkgs=(cmake ninja-build g++ pkgconf openssl
      "clang-$LLVM" "llvm-$LLVM-dev" "libclang-$LLVM-dev"
      libcli11-dev libyaml-cpp-dev libgtest-dev zlib1g-dev git)
command -v npm >/dev/null || pkgs+=(npm)
# `make fuzz` links libFuzzer and the sanitizer runtimes of clang-$LLVM;
# `make lint` runs clang-format and clang-tidy of the same LLVM.
if [[ ${1:-} == --fuzz ]]; then pkgs+=("libclang-rt-$LLVM-dev"); fi
if [[ ${1:-} == --lint ]]; then pkgs+=("clang-format-$LLVM" "clang-tidy-$LLVM"); fi

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "archscan setup: installing ${missing[*]}" >&2
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

"$here/fetch-treesitter.sh"
