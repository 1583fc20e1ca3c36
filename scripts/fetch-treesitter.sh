#!/usr/bin/env bash
# Fetches the tree-sitter C runtime and the Python grammar from the npm
# registry, checks each tarball against its pinned sha512 before unpacking,
# and unpacks into third_party/ (git-ignored). A hash mismatch stops here.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/third_party"
mkdir -p "$dest"

fetch() { # name version sri members strip target
  local name=$1 version=$2 sri=$3 strip=$4 target=$5; shift 5
  local out="$dest/$target"
  if [[ -f "$out/VERSION" && "$(cat "$out/VERSION")" == "$version $sri" ]]; then
    return 0
  fi
  local tmp; tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' RETURN
  (cd "$tmp" && npm pack --ignore-scripts --silent "$name@$version" >/dev/null)
  local tgz; tgz="$(ls "$tmp"/*.tgz)"
  local got; got="sha512-$(openssl dgst -sha512 -binary "$tgz" | base64 -w0)"
  if [[ "$got" != "$sri" ]]; then
    echo "archscan: $name@$version from npm has integrity $got, expected $sri; refusing to unpack" >&2
    exit 1
  fi
  rm -rf "$out" && mkdir -p "$out"
  tar xzf "$tgz" --strip-components="$strip" -C "$out" "$@"
  echo "$version $sri" > "$out/VERSION"
  echo "archscan: fetched $name@$version (sha512 verified)" >&2
}

fetch tree-sitter-python 0.25.0 \
  'sha512-eCmJx6zQa35GxaCtQD+wXHOhYqBxEL+bp71W/s3fcDMu06MrtzkVXR437dRrCrbrDbyLuUDJpAgycs7ncngLXw==' \
  1 tree-sitter-python package/src/parser.c package/src/scanner.c package/src/tree_sitter package/LICENSE
fetch tree-sitter 0.25.1 \
  'sha512-mrcEdkYtHfrK1A6fs3O6FxkBo0Qig5XUXqHhxUOQu0bmPo00QF4XaSx4edpazdHwxnSCjlGKGgIqWdaN4dvTLA==' \
  3 tree-sitter-runtime package/vendor/tree-sitter/lib
