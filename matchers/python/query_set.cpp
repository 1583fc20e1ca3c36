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

QuerySet::QuerySet(const TSLanguage* lang)
    : literals(lang, embedded::py_literals_scm, "literals.scm"),
      comparisons(lang, embedded::py_comparisons_scm, "comparisons.scm"),
      branches(lang, embedded::py_branches_scm, "branches.scm"),
      lookups(lang, embedded::py_lookups_scm, "lookups.scm"),
      imports(lang, embedded::py_imports_scm, "imports.scm"),
      definitions(lang, embedded::py_definitions_scm, "definitions.scm") {}

}  // namespace archscan::py
