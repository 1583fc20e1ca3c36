#include "query_set.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace archscan::embedded {
extern const char* const py_literals_scm;
extern const char* const py_comparisons_scm;
extern const char* const py_branches_scm;
extern const char* const py_lookups_scm;
extern const char* const py_imports_scm;
extern const char* const py_definitions_scm;
extern const char* const py_build_strings_scm;
}  // namespace archscan::embedded

namespace archscan::py {

Query::Query(const TSLanguage* lang, const char* source, const std::string& file) {
  uint32_t offset = 0;
  TSQueryError err = TSQueryErrorNone;
  query_ = ts_query_new(lang, source, static_cast<uint32_t>(std::strlen(source)), &offset, &err);
  if (!query_) {
    throw std::runtime_error("matchers/python/queries/" + file + ": invalid query at byte " + std::to_string(offset) +
                             " (tree-sitter error " + std::to_string(static_cast<int>(err)) + ")");
  }
}

Query::~Query() { ts_query_delete(query_); }

std::vector<Capture> Query::run(TSNode root) const {
  std::vector<Capture> out;
  TSQueryCursor* cursor = ts_query_cursor_new();
  ts_query_cursor_exec(cursor, query_, root);
  TSQueryMatch match;
  uint32_t index = 0;
  while (ts_query_cursor_next_capture(cursor, &match, &index)) {
    const TSQueryCapture& c = match.captures[index];
    uint32_t len = 0;
    const char* name = ts_query_capture_name_for_id(query_, c.index, &len);
    out.push_back(Capture{std::string(name, len), c.node});
  }
  ts_query_cursor_delete(cursor);
  return out;
}

namespace {

std::string combined() {
  std::string all;
  for (const char* q : {embedded::py_literals_scm, embedded::py_comparisons_scm, embedded::py_branches_scm,
                        embedded::py_lookups_scm, embedded::py_imports_scm, embedded::py_definitions_scm,
                        embedded::py_build_strings_scm})
    all += std::string(q) + "\n";
  return all;
}

}  // namespace

QuerySet::QuerySet(const TSLanguage* lang) : all_(lang, combined().c_str(), "*.scm") {}

Captures QuerySet::run(TSNode root) const {
  Captures out;
  for (auto& c : all_.run(root)) {
    const std::string& n = c.name;
    if (n == "literal") out.literals.push_back(c);
    else if (n == "comparison") out.comparisons.push_back(c);
    else if (n == "if" || n == "match" || n == "assert") out.branches.push_back(c);
    else if (n == "subscript" || n == "method_call" || n == "method") out.lookups.push_back(c);
    else if (n == "loop") out.loops.push_back(c);
    else if (n == "import" || n == "import_from") out.imports.push_back(c);
    else if (n == "function" || n == "class" || n == "assignment" || n == "call") out.definitions.push_back(c);
    else if (n == "string") out.strings.push_back(c);
  }
  return out;
}

}  // namespace archscan::py
