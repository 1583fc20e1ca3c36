#pragma once
// Small helpers over tree-sitter's C API, for reading Python syntax trees.
#include <tree_sitter/api.h>

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace archscan::py {

inline bool is(TSNode n, const char* type) { return !ts_node_is_null(n) && std::strcmp(ts_node_type(n), type) == 0; }
inline std::string_view type(TSNode n) { return ts_node_is_null(n) ? std::string_view() : ts_node_type(n); }

inline TSNode field(TSNode n, const char* name) {
  return ts_node_child_by_field_name(n, name, static_cast<uint32_t>(std::strlen(name)));
}

inline std::vector<TSNode> namedChildren(TSNode n) {
  std::vector<TSNode> out;
  uint32_t c = ts_node_named_child_count(n);
  out.reserve(c);
  for (uint32_t i = 0; i < c; ++i) {
    TSNode ch = ts_node_named_child(n, i);
    if (!is(ch, "comment")) out.push_back(ch);
  }
  return out;
}

inline std::vector<TSNode> children(TSNode n) {
  std::vector<TSNode> out;
  uint32_t c = ts_node_child_count(n);
  for (uint32_t i = 0; i < c; ++i) out.push_back(ts_node_child(n, i));
  return out;
}

inline int lineOf(TSNode n) { return static_cast<int>(ts_node_start_point(n).row) + 1; }
inline int endLineOf(TSNode n) {
  TSPoint p = ts_node_end_point(n);
  // A node ending at column 0 ends on the previous line (a trailing newline).
  return static_cast<int>(p.row) + (p.column == 0 && p.row > 0 ? 0 : 1);
}

inline bool same(TSNode a, TSNode b) { return ts_node_eq(a, b); }

// Strips parentheses: ((x)) -> x.
inline TSNode unparen(TSNode n) {
  while (is(n, "parenthesized_expression")) {
    auto kids = namedChildren(n);
    if (kids.size() != 1) break;
    n = kids[0];
  }
  return n;
}

}  // namespace archscan::py
