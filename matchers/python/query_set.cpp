#include "query_set.h"

#include <string>

namespace archscan::embedded {
extern const char* const py_literals_scm;
extern const char* const py_comparisons_scm;
extern const char* const py_branches_scm;
extern const char* const py_lookups_scm;
extern const char* const py_imports_scm;
extern const char* const py_definitions_scm;
extern const char* const py_build_strings_scm;
// scripts/new-kind.sh adds embedded pattern files above this line.
}  // namespace archscan::embedded

namespace archscan::py {

namespace {

std::vector<PatternFile> files() {
  std::vector<PatternFile> out;
  auto add = [&](const char* name, const char* text) {
    out.push_back({std::string("matchers/python/queries/") + name + ".scm", text});
  };
  add("literals", embedded::py_literals_scm);
  add("comparisons", embedded::py_comparisons_scm);
  add("branches", embedded::py_branches_scm);
  add("lookups", embedded::py_lookups_scm);
  add("imports", embedded::py_imports_scm);
  add("definitions", embedded::py_definitions_scm);
  add("build_strings", embedded::py_build_strings_scm);
  // scripts/new-kind.sh adds pattern files above this line.
  return out;
}

}  // namespace

QuerySet::QuerySet(const TSLanguage* lang) : all_(lang, files()) {}

Captures QuerySet::run(TSNode root, NodeVisitor* visitor) const {
  Captures out;
  for (auto& c : all_.run(root, visitor)) {
    std::string_view n = c.name;
    if (n == "literal") out.literals.push_back(c);
    else if (n == "comparison") out.comparisons.push_back(c);
    else if (n == "if" || n == "match" || n == "assert") out.branches.push_back(c);
    else if (n == "subscript" || n == "method_call" || n == "method") out.lookups.push_back(c);
    else if (n == "loop") out.loops.push_back(c);
    else if (n == "import" || n == "import_from") out.imports.push_back(c);
    else if (n == "function" || n == "class" || n == "assignment" || n == "call") out.definitions.push_back(c);
    else if (n == "string") out.strings.push_back(c);
    // scripts/new-kind.sh adds capture names above this line.
  }
  return out;
}

}  // namespace archscan::py
