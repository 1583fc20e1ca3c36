#!/usr/bin/env bash
# Adds a site kind to one front-end, laid out the way that front-end's kinds
# are, with its unit test and a fixture folder testdata/kinds/<language>-<kind>/.
#
#   scripts/new-kind.sh [--dry-run] KIND ClangNodeType            C/C++/CUDA
#   scripts/new-kind.sh [--dry-run] --language python KIND
#   scripts/new-kind.sh [--dry-run] --language cmake KIND
#   scripts/new-kind.sh [--dry-run] --language shell KIND
#   e.g. scripts/new-kind.sh kernel-guard FunctionDecl
#
# cpp:    an observer class in matchers/cpp/observe/<kind>_observer.h (all
#         Clang code stays one translation unit, so it is a header), one
#         registration in the observer walk (clang_observer.cpp); it records
#         plain observations, and deciding what is an arch site stays in
#         cpp_sites.cpp, without Clang. Test: tests/observe/.
# python: a tree pattern file matchers/python/queries/<kind>.scm (embedded in
#         the binary, matched in the one walk of query_set.cpp, its captures
#         a list of their own) and matchers/python/<kind>.cpp, which judges
#         the captures into sites; python_frontend.cpp calls it. Test: tests/python/.
# cmake:  matchers/cmake/<kind>.cpp, a reader of one command that returns a
#         site or nothing; cmake_frontend.cpp asks it for every command.
#         Test: tests/cmake/.
# shell:  matchers/shell/<kind>.cpp, a SiteBuilder member that reads a
#         lexed script (scripts, Dockerfile RUN bodies, workflow run: blocks
#         alike); SiteBuilder::shell calls it. Test: tests/shell/.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: scripts/new-kind.sh [--dry-run] KIND ClangNodeType   (C/C++, e.g. kernel-guard FunctionDecl)" >&2
  echo "       scripts/new-kind.sh [--dry-run] --language python|cmake|shell KIND" >&2
  exit 2
}
dry=0 language=cpp
while [[ "${1:-}" == --* ]]; do
  case "$1" in
    --dry-run) dry=1; shift ;;
    --language) language="${2:-}"; shift 2 || usage ;;
    *) usage ;;
  esac
done
kind="${1:-}"; node="${2:-}"
[[ "$kind" =~ ^[a-z][a-z0-9]*(-[a-z0-9]+)*$ ]] || usage
case "$language" in
  cpp) [[ "$node" =~ ^[A-Z][A-Za-z]*$ ]] || usage ;;
  python|cmake|shell) [[ -z "$node" ]] || usage ;;
  *) usage ;;
esac
file=${kind//-/_}
camel=$(echo "$kind" | awk -F- '{for (i = 1; i <= NF; i++) printf "%s", toupper(substr($i, 1, 1)) substr($i, 2)}')
lower="$(echo "${camel:0:1}" | tr '[:upper:]' '[:lower:]')${camel:1}"
fixture="testdata/kinds/$language-$kind"
say() { echo "new-kind.sh: $*"; }
exists() { echo "new-kind.sh: $kind exists already ($1)" >&2; exit 2; }
[[ -e "$fixture" ]] && exists "$fixture"
units=tests/CMakeLists.txt
# Unit tests are listed before the observer tests; a new one goes there too.
addUnitTest() { sed -i "s|^  observe/function_observer_test.cpp|  $1\n&|" "$units"; }

cpp_kind() {
  local header="matchers/cpp/observe/${file}_observer.h" test="tests/observe/${file}_observer_test.cpp"
  local walk="matchers/cpp/clang_observer.cpp"
  [[ -e "$header" ]] && exists "$header"
  if (( dry )); then
    say "would create $header (class ${camel}Observer, visit(const clang::$node*))"
    say "would register it in $walk: #include, a member ${file}_, and Visit$node forwarding to it"
    say "would create $test and add it to $units"
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
  addUnitTest "observe/${file}_observer_test.cpp"
  mkdir -p "$fixture/csrc"
  cat > "$fixture/csrc/example.cpp" <<CPP
int getSMVersion();
// TODO: a positive with '// expect: missing-arch sm_120 SEVERITY' and a near miss with '// expect-none'.
CPP
  say "created $header, $test and $fixture/; registered ${camel}Observer in $walk"
}

python_kind() {
  local scm="matchers/python/queries/$file.scm" src="matchers/python/$file.cpp" hdr="matchers/python/$file.h"
  local test="tests/python/${file}_test.cpp"
  [[ -e "$scm" || -e "$src" ]] && exists "$scm"
  if (( dry )); then
    say "would create $scm (captures @$file) and $hdr/$src (py::extract$camel)"
    say "would register it: matchers/CMakeLists.txt (embedded, compiled), query_set.{h,cpp} (its capture list), python_frontend.cpp (the call)"
    say "would create $test and add it to $units"
    say "would create $fixture/archscan-test.yaml and $fixture/example.py"
    exit 0
  fi
  cat > "$scm" <<SCM
; Site kind \`$kind\`: TODO the tree shape. Each capture goes to
; extract$camel ($file.cpp), which decides whether it is an arch site.
(call) @$file
SCM
  cat > "$hdr" <<CPP
#pragma once
// Site kind \`$kind\`: TODO what it reads. The captures of queries/$file.scm in,
// sites out into ctx.facts.
#include <vector>

#include "context.h"
#include "query_set.h"

namespace archscan::py {

void extract$camel(PyContext& ctx, const std::vector<Capture>& captures);

}  // namespace archscan::py
CPP
  cat > "$src" <<CPP
#include "$file.h"

namespace archscan::py {

void extract$camel(PyContext& ctx, const std::vector<Capture>& captures) {
  for (const Capture& c : captures) {
    // TODO: judge c.node (ctx.eval for what a subject holds, ctx.idx for
    // names) and push the Site it is into ctx.facts.sites.
    (void)c;
  }
  (void)ctx;
}

}  // namespace archscan::py
CPP
  sed -i -E "s/^(foreach\(q [a-z_ ]*)\)/\1 $file)/" matchers/CMakeLists.txt
  sed -i "s|^  PUBLIC archscan_frontend PRIVATE archscan_util ts_python)|          $file.cpp\n&|" matchers/CMakeLists.txt
  local qs=matchers/python/query_set.cpp
  sed -i "s|^// scripts/new-kind.sh adds embedded pattern files above this line.|extern const char* const py_${file}_scm;\n&|" "$qs"
  sed -i "s|^  // scripts/new-kind.sh adds pattern files above this line.|  add(\"$file\", embedded::py_${file}_scm);\n&|" "$qs"
  sed -i "s|^    // scripts/new-kind.sh adds capture names above this line.|    else if (n == \"$file\") out.$file.push_back(c);\n&|" "$qs"
  sed -i "s|^  // scripts/new-kind.sh adds capture lists above this line.|  std::vector<Capture> $file;  // queries/$file.scm\n&|" \
    matchers/python/query_set.h
  sed -i "s|^#include \"build_strings.h\"|&\n#include \"$file.h\"|" matchers/python/python_frontend.cpp
  sed -i "s|^  // scripts/new-kind.sh adds extractions above this line.|  py::extract$camel(ctx, cap.$file);\n&|" \
    matchers/python/python_frontend.cpp
  mkdir -p tests/python
  cat > "$test" <<CPP
// python/$file.h
#include <gtest/gtest.h>

#include "test_support.h"

namespace archscan {
namespace {

TEST(Python$camel, FindsItsShape) {
  FileFacts f = test::extractPython("import torch\n# TODO: the shape\n");
  // TODO: assert on the site f.sites holds.
  (void)f;
}

}  // namespace
}  // namespace archscan
CPP
  addUnitTest "python/${file}_test.cpp"
  mkdir -p "$fixture"
  cat > "$fixture/example.py" <<PY
import torch  # expect-none
# TODO: a positive with '# expect: missing-arch sm_120 SEVERITY' and a near miss with '# expect-none'.
PY
  say "created $scm, $src, $test and $fixture/; registered extract$camel"
}

cmake_kind() {
  local src="matchers/cmake/$file.cpp" hdr="matchers/cmake/$file.h" test="tests/cmake/${file}_test.cpp"
  [[ -e "$src" ]] && exists "$src"
  if (( dry )); then
    say "would create $hdr/$src (cmake::${lower}Site, one command in, a site or nothing out)"
    say "would register it in matchers/CMakeLists.txt and in cmake_frontend.cpp's walk over the commands"
    say "would create $test and add it to $units"
    say "would create $fixture/archscan-test.yaml and $fixture/CMakeLists.txt"
    exit 0
  fi
  cat > "$hdr" <<CPP
#pragma once
// Site kind \`$kind\`: TODO the command it reads. One command in, the site it
// is (or nothing) out; cmake_frontend.cpp asks it for every command.
#include <optional>

#include "knowledge/knowledge.h"
#include "lexer.h"
#include "model/facts.h"

namespace archscan::cmake {

std::optional<Site> ${lower}Site(const Command& c, const Knowledge& k);

}  // namespace archscan::cmake
CPP
  cat > "$src" <<CPP
#include "$file.h"

namespace archscan::cmake {

std::optional<Site> ${lower}Site(const Command& c, const Knowledge& k) {
  // TODO: match c.lower and c.args (judgeName and parseArchList read arch
  // names and lists) and return the Site, with its entries' byte ranges.
  (void)c;
  (void)k;
  return std::nullopt;
}

}  // namespace archscan::cmake
CPP
  sed -i -E "/^archscan_library\(archscan_cmake /{n;s/\$/ $file.cpp/}" matchers/CMakeLists.txt
  sed -i "s|^#include \"lexer.h\"|&\n#include \"$file.h\"|" matchers/cmake/cmake_frontend.cpp
  sed -i "s|^    // scripts/new-kind.sh adds command readers above this line.|    if (auto s = cmake::${lower}Site(c, k)) f.sites.push_back(*s);\n&|" \
    matchers/cmake/cmake_frontend.cpp
  mkdir -p tests/cmake
  cat > "$test" <<CPP
// cmake/$file.h
#include <gtest/gtest.h>

#include "cmake/cmake_frontend.h"
#include "test_support.h"

namespace archscan {
namespace {

TEST(CMake$camel, FindsItsShape) {
  CMakeFrontend fe(test::knowledge());
  FileFacts f = fe.extract(SourceText{"CMakeLists.txt", "project(k LANGUAGES CXX CUDA)\n# TODO: the shape\n"});
  // TODO: assert on the site f.sites holds.
  (void)f;
}

}  // namespace
}  // namespace archscan
CPP
  addUnitTest "cmake/${file}_test.cpp"
  mkdir -p "$fixture"
  cat > "$fixture/CMakeLists.txt" <<CMAKE
project(kernels LANGUAGES CXX CUDA)  # expect-none
# TODO: a positive with '# expect: missing-arch sm_120 SEVERITY' and a near miss with '# expect-none'.
CMAKE
  say "created $src, $test and $fixture/; registered cmake::${lower}Site"
}

shell_kind() {
  local src="matchers/shell/$file.cpp" test="tests/shell/${file}_test.cpp"
  [[ -e "$src" ]] && exists "$src"
  grep -q "^  void $lower(" matchers/shell/sites.h && exists "SiteBuilder::$lower"
  if (( dry )); then
    say "would create $src (SiteBuilder::$lower, over a lexed script)"
    say "would declare it in matchers/shell/sites.h, call it from SiteBuilder::shell and list it in matchers/CMakeLists.txt"
    say "would create $test and add it to $units"
    say "would create $fixture/archscan-test.yaml and $fixture/build.sh"
    exit 0
  fi
  cat > "$src" <<CPP
// Site kind \`$kind\`: TODO the shape it reads, in scripts, Dockerfile RUN
// bodies and workflow run: blocks alike.
#include "sites.h"

namespace archscan::shell {

void SiteBuilder::$lower(const ShellLex& lex) {
  for (const ShellCommand& c : lex.commands) {
    // TODO: match c.words and push the Site into f_.sites (siteFor() for a
    // named list that several commands add to).
    (void)c;
  }
}

}  // namespace archscan::shell
CPP
  sed -i "s|^  // scripts/new-kind.sh adds script readers above this line.|  void $lower(const ShellLex\& lex);  // $file.cpp\n&|" matchers/shell/sites.h
  sed -i "s|^  // scripts/new-kind.sh adds script reader calls above this line.|  $lower(lex);\n&|" matchers/shell/sites.cpp
  sed -i -E "/^archscan_library\(archscan_shell /{n;s/\$/ $file.cpp/}" matchers/CMakeLists.txt
  mkdir -p tests/shell
  cat > "$test" <<CPP
// shell/$file.cpp
#include <gtest/gtest.h>

#include "shell/shell_frontend.h"
#include "test_support.h"

namespace archscan {
namespace {

TEST(Shell$camel, FindsItsShape) {
  ShellFrontend fe(test::knowledge());
  FileFacts f = fe.extract(SourceText{"build.sh", "#!/usr/bin/env bash\n# TODO: the shape\n"});
  // TODO: assert on the site f.sites holds.
  (void)f;
}

}  // namespace
}  // namespace archscan
CPP
  addUnitTest "shell/${file}_test.cpp"
  mkdir -p "$fixture"
  cat > "$fixture/build.sh" <<SH
#!/usr/bin/env bash
set -euo pipefail  # expect-none
# TODO: a positive with '# expect: missing-arch sm_120 SEVERITY' and a near miss with '# expect-none'.
SH
  say "created $src, $test and $fixture/; SiteBuilder::shell calls $lower"
}

"${language}_kind"
cat > "$fixture/archscan-test.yaml" <<YAML
# $language $kind: TODO the shape, its positives and near misses.
runs:
  - name: default
    args: [check, --target, sm_120, --fail-on, never, .]
    exit: 0
YAML
