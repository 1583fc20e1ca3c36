#!/usr/bin/env bash
# scripts/new-kind.sh in each of its modes (C/C++, Python, CMake, shell) on a
# scratch copy of the sources: every file it writes or edits must compile as
# written, with the flags the build uses for its neighbour (from
# compile_commands.json), the registrations must be where the build and the
# walk read them, and each fixture must be a case archscan reads cleanly. A
# scaffold that no longer builds fails here, not in the hands of the next
# person adding a kind.
#   new_kind_scaffold_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r "$src/matchers" "$src/scripts" "$scratch/"
mkdir -p "$scratch/tests/observe" "$scratch/testdata/kinds"
cp "$src/tests/CMakeLists.txt" "$scratch/tests/"
fail() { echo "new_kind_scaffold: $*" >&2; exit 1; }

kind=scaffold-probe file=scaffold_probe
modes=("$kind FunctionDecl" "--language python $kind" "--language cmake $kind" "--language shell $kind")
for m in "${modes[@]}"; do
  # shellcheck disable=SC2086
  (cd "$scratch" && scripts/new-kind.sh --dry-run $m >/dev/null)
done
[[ ! -e $scratch/testdata/kinds/python-$kind ]] || fail "--dry-run wrote the fixture"
for m in "${modes[@]}"; do
  # shellcheck disable=SC2086
  (cd "$scratch" && scripts/new-kind.sh $m >/dev/null)
  # shellcheck disable=SC2086
  if (cd "$scratch" && scripts/new-kind.sh $m >/dev/null 2>&1); then fail "a second '$m' did not refuse"; fi
done

for f in matchers/cpp/observe/${file}_observer.h tests/observe/${file}_observer_test.cpp \
         matchers/python/queries/$file.scm matchers/python/$file.h matchers/python/$file.cpp tests/python/${file}_test.cpp \
         matchers/cmake/$file.h matchers/cmake/$file.cpp tests/cmake/${file}_test.cpp \
         matchers/shell/$file.cpp tests/shell/${file}_test.cpp; do
  [[ -f $scratch/$f ]] || fail "new-kind.sh did not write $f"
done
for l in cpp python cmake shell; do
  [[ -f $scratch/testdata/kinds/$l-$kind/archscan-test.yaml ]] || fail "no fixture for $l"
done
cm=$scratch/matchers/CMakeLists.txt
grep -Eq "^foreach\(q .* $file\)$" "$cm" || fail "the pattern file is not embedded"
grep -Eq "^ +$file.cpp$" "$cm" || fail "the Python source is not compiled"
grep -Eq "^  SOURCES lexer.cpp .*cmake_frontend.cpp $file.cpp$" "$cm" || fail "the CMake source is not compiled"
grep -Eq "^  SOURCES .* shell_frontend.cpp $file.cpp$" "$cm" || fail "the shell source is not compiled"
for t in observe/${file}_observer_test.cpp python/${file}_test.cpp cmake/${file}_test.cpp shell/${file}_test.cpp; do
  grep -q "^  $t$" "$scratch/tests/CMakeLists.txt" || fail "$t is not in the unit tests"
done
# A second kind in one front-end goes beside the first, not over it.
(cd "$scratch" && scripts/new-kind.sh --language python second-probe >/dev/null)
grep -Eq "^foreach\(q .* $file second_probe\)$" "$cm" || fail "a second pattern file replaced the first"

# Each file compiled with the command of the file beside it in the build,
# the scratch matchers/ searched before the sources'.
compile() {  # scratch file, the build's file whose flags it takes
  local command
  command=$(python3 - "$build/compile_commands.json" "$scratch" "$2" <<'PY'
import json, shlex, sys
for e in json.load(open(sys.argv[1])):
    if e["file"].endswith("/" + sys.argv[3]):
        args = shlex.split(e["command"]) if "command" in e else e["arguments"]
        out, skip = [], False
        for a in args:
            if skip: skip = False; continue
            if a == "-o": skip = True; continue
            if a == "-c" or a.endswith(sys.argv[3]): continue
            out.append(a)
        print(shlex.join(out[:1] + ["-I", sys.argv[2] + "/matchers"] + out[1:]))
        break
PY
)
  [[ -n $command ]] || fail "no compile command for $2 in $build"
  (cd "$build" && eval "$command" -fsyntax-only "$scratch/$1") || fail "$1 does not compile"
}
compile matchers/python/$file.cpp matchers/python/python_frontend.cpp
compile matchers/python/second_probe.cpp matchers/python/python_frontend.cpp
compile matchers/python/query_set.cpp matchers/python/query_set.cpp
compile matchers/python/python_frontend.cpp matchers/python/python_frontend.cpp
compile tests/python/${file}_test.cpp tests/python_frontend_test.cpp
compile matchers/cmake/$file.cpp matchers/cmake/cmake_frontend.cpp
compile matchers/cmake/cmake_frontend.cpp matchers/cmake/cmake_frontend.cpp
compile tests/cmake/${file}_test.cpp tests/cmake_lexer_test.cpp
compile matchers/shell/$file.cpp matchers/shell/sites.cpp
compile matchers/shell/sites.cpp matchers/shell/sites.cpp
compile tests/shell/${file}_test.cpp tests/shell_frontend_test.cpp
compile tests/observe/${file}_observer_test.cpp tests/observe/function_observer_test.cpp
compile matchers/cpp/clang_observer.cpp matchers/cpp/clang_observer.cpp

# Each fixture is a case archscan reads without a warning, as its yaml says.
for l in cpp python cmake shell; do
  out=$(cd "$scratch/testdata/kinds/$l-$kind" && "$build/archscan" check --target sm_120 --fail-on never --no-cache . 2>&1) ||
    fail "$l fixture: archscan check failed: $out"
  [[ $out != *warning* ]] || fail "$l fixture: $out"
done
echo "new-kind.sh scaffolds compile in every mode"
