#!/usr/bin/env bash
# The Debian package: `cpack -G DEB` in the build folder, its declared
# dependencies, then `dpkg -x` into a scratch root and archscan run from
# there (version, the man page, completions, schemas, the precompiled
# prelude, and the demo scan).
#   deb_package_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build="$1"
src="$2"
command -v cpack >/dev/null && command -v dpkg-deb >/dev/null || { echo "cpack or dpkg-deb missing" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log") ||
  { cat "$work/cpack.log" >&2; exit 1; }
deb="$(ls "$work"/out/archscan_*.deb)"
echo "== $(basename "$deb")"

depends="$(dpkg-deb -f "$deb" Depends)"
echo "Depends: $depends"
# The builtin headers are read at run time; the shared libraries are checked below.
for p in libclang-common-19-dev libc6; do
  [[ ", $depends," == *", $p"[\ ,]* ]] || { echo "FAIL: Depends lacks $p" >&2; exit 1; }
done
# Every shared library the binary needs comes from a declared package: the
# file the loader's cache names for it.
dpkg-deb -x "$deb" "$work/root"
bin="$work/root/usr/bin/archscan"
# Clang, which a binary linked against LLVM's archives loads at its first C++ parse.
module=()
if [[ -e "$build/archscan-clang.so" ]]; then
  module=("$work/root/usr/lib/archscan/archscan-clang.so")
  [[ -s "${module[0]}" ]] || { echo "FAIL: the package lacks usr/lib/archscan/archscan-clang.so" >&2; exit 1; }
fi
while read -r lib; do
  # awk reads to the end: quitting early would kill ldconfig with SIGPIPE, which pipefail reports.
  path="$(ldconfig -p | awk -v l="$lib" '$1 == l && p == "" { p = $NF } END { print p }')"
  # Debian 12 merges /lib into /usr/lib; dpkg records a file under either.
  owner="$({ dpkg -S "$path" || dpkg -S "/usr$path"; } 2>/dev/null | head -1 | cut -d: -f1)" || true
  case "$owner" in
    libclang-cpp19|libllvm19|libyaml-cpp0.7|libstdc++6|libc6|libgcc-s1|zlib1g|libzstd1) ;;
    *) echo "FAIL: $lib (from ${owner:-no package}) is not a declared dependency" >&2; exit 1 ;;
  esac
  [[ ", $depends," == *", $owner"[\ ,]* ]] || { echo "FAIL: $lib comes from $owner, which Depends lacks" >&2; exit 1; }
done < <(for f in "$bin" "${module[@]}"; do readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; done | sort -u)

for f in usr/share/man/man1/archscan.1 usr/share/bash-completion/completions/archscan \
         usr/share/zsh/vendor-completions/_archscan usr/share/fish/vendor_completions.d/archscan.fish \
         usr/share/archscan/schemas/check.schema.json usr/share/archscan/schemas/patchset.schema.json \
         usr/share/archscan/schemas/archscan.yaml.schema.json; do
  [[ -s "$work/root/$f" ]] || { echo "FAIL: the package lacks $f" >&2; exit 1; }
done
head -2 "$work/root/usr/share/man/man1/archscan.1" | grep -q '^\.TH ARCHSCAN 1' || { echo "FAIL: not a man page" >&2; exit 1; }
# groff warns about any roff the page gets wrong (an unescaped request, a bad font change).
if command -v groff >/dev/null; then
  warnings="$(groff -man -ww -z "$work/root/usr/share/man/man1/archscan.1" 2>&1)"
  [[ -z "$warnings" ]] || { echo "FAIL: the man page has roff warnings: $warnings" >&2; exit 1; }
fi
bash -n "$work/root/usr/share/bash-completion/completions/archscan"
# The C++ standard headers precompiled at build time (not in sanitizer builds) ship with the binary.
shipped=0
if compgen -G "$build/prelude/*.pch" >/dev/null; then
  compgen -G "$work/root/usr/share/archscan/prelude/*.pch" >/dev/null ||
    { echo "FAIL: the package lacks the precompiled prelude" >&2; exit 1; }
  shipped=1
fi

version="$("$bin" --version)"
echo "$version"
[[ "$version" == "archscan $(sed -n 's/^project(archscan VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt") "* ]] ||
  { echo "FAIL: unexpected version line" >&2; exit 1; }
# The demo scan, from the unpacked binary: the Python case and the C++ one.
cp -r "$src/testdata/frameworks/sglang-symm-mem" "$src/testdata/frameworks/trtllm-sm-dispatch" "$work/"
cd "$work"
"$bin" check --target sm_120 --fail-on never --format json -o py.json sglang-symm-mem
"$bin" check --target sm_121 --fail-on never --format json -o cpp.json --cache-dir cache trtllm-sm-dispatch
# The installed binary took the shipped prelude: it built none to keep in its cache.
if ((shipped)) && compgen -G "cache/prelude/*.pch" >/dev/null; then
  echo "FAIL: the installed binary built its own prelude instead of taking the shipped one" >&2; exit 1
fi
for f in py.json cpp.json; do
  grep -q '"rule": *"missing-arch"' "$f" || { echo "FAIL: the installed binary found nothing in $f" >&2; exit 1; }
done
rc=0
"$bin" check --target sm_120 sglang-symm-mem >/dev/null || rc=$?
[[ $rc -eq 1 ]] || { echo "FAIL: findings must exit 1, not $rc" >&2; exit 1; }
echo "ok"
