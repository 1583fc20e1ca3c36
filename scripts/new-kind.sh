#!/usr/bin/env bash
# Adds a C/C++/CUDA site kind the way the others are laid out: one observer
# class in matchers/cpp/observe/<kind>_observer.h (all Clang code stays one
# translation unit, so it is a header), one registration in the observer walk
# (clang_observer.cpp), its unit test in tests/observe/, and a fixture folder
# testdata/kinds/cpp-<kind>/. The observer records plain observations;
# deciding what is an arch site stays in cpp_sites.cpp, without Clang.
#
#   scripts/new-kind.sh [--dry-run] KIND ClangNodeType
#   e.g. scripts/new-kind.sh kernel-guard FunctionDecl
set -euo pipefail
cd "$(dirname "$0")/.."

dry=0
if [[ "${1:-}" == --dry-run ]]; then dry=1; shift; fi
kind="${1:-}"; node="${2:-}"
if [[ ! "$kind" =~ ^[a-z][a-z0-9]*(-[a-z0-9]+)*$ || ! "$node" =~ ^[A-Z][A-Za-z]*$ ]]; then
  echo "usage: scripts/new-kind.sh [--dry-run] KIND ClangNodeType   (e.g. kernel-guard FunctionDecl)" >&2
  exit 2
fi
file=${kind//-/_}
camel=$(echo "$kind" | awk -F- '{for (i = 1; i <= NF; i++) printf "%s", toupper(substr($i, 1, 1)) substr($i, 2)}')
header="matchers/cpp/observe/${file}_observer.h"
test="tests/observe/${file}_observer_test.cpp"
fixture="testdata/kinds/cpp-$kind"
walk="matchers/cpp/clang_observer.cpp"
if [[ -e "$header" || -e "$fixture" ]]; then echo "new-kind.sh: $kind exists already" >&2; exit 2; fi

say() { echo "new-kind.sh: $*"; }
if (( dry )); then
  say "would create $header (class ${camel}Observer, visit(const clang::$node*))"
  say "would register it in $walk: #include, a member ${file}_, and Visit$node forwarding to it"
  say "would create $test and add it to tests/CMakeLists.txt"
  say "would create $fixture/archscan-test.yaml and $fixture/csrc/example.cpp"
  exit 0
fi

cat > "$header" <<CPP
#pragma once
// Site kind \`$kind\`: TODO what it observes. Records plain observations for
// cpp_sites.cpp to decide on.
#include "context.h"

namespace archscan::cpp {

class ${camel}Observer {
 public:
  explicit ${camel}Observer(ObserverContext& c) : c_(c) {}

  void visit(const clang::$node* n) {
    if (!c_.inMain(n->getBeginLoc())) return;
    // TODO: record what cpp_sites needs into c_.out.
  }

 private:
  ObserverContext& c_;
};

}  // namespace archscan::cpp
CPP

sed -i "s|^// scripts/new-kind.sh adds observer headers above this line.|#include \"observe/${file}_observer.h\"\n&|" "$walk"
sed -i "s|^  // scripts/new-kind.sh adds observers above this line.|  ${camel}Observer ${file}_{c_};\n&|" "$walk"
if grep -q "^  bool Visit$node(" "$walk"; then
  # The walk already visits this node type for another kind: hand it to both.
  sed -i -E "s/^(  bool Visit$node\($node\* ([a-z]+)\) \{ return )/\1${file}_.visit(\2), /" "$walk"
else
  sed -i "s|^  // scripts/new-kind.sh adds visits above this line.|  bool Visit$node($node* n) { return ${file}_.visit(n), true; }\n&|" "$walk"
fi

cat > "$test" <<CPP
// observe/${file}_observer.h
#include <gtest/gtest.h>

#include "test_support.h"

namespace archscan {
namespace {

TEST(${camel}Observer, RecordsItsShape) {
  auto obs = test::observeCpp("int getSMVersion();\n// TODO: the shape\n");
  // TODO: assert on what the observer recorded in obs.
  (void)obs;
}

}  // namespace
}  // namespace archscan
CPP
sed -i "s|^  observe/function_observer_test.cpp|  observe/${file}_observer_test.cpp\n&|" tests/CMakeLists.txt

mkdir -p "$fixture/csrc"
cat > "$fixture/archscan-test.yaml" <<YAML
# C++ $kind: TODO the shape, its positives and near misses.
runs:
  - name: default
    args: [check, --target, sm_120, --fail-on, never, .]
    exit: 0
YAML
cat > "$fixture/csrc/example.cpp" <<CPP
int getSMVersion();
// TODO: a positive with '// expect: missing-arch sm_120 SEVERITY' and a near miss with '// expect-none'.
CPP
say "created $header, $test and $fixture/; registered ${camel}Observer in $walk"
