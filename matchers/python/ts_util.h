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

// Children through a cursor: ts_node_child(n, i) walks from the first child
// each time, which makes a loop over a 2,000-entry dict quadratic.
template <typename Keep>
std::vector<TSNode> childrenWhere(TSNode n, Keep keep) {
  std::vector<TSNode> out;
  if (ts_node_is_null(n)) return out;
  TSTreeCursor c = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      TSNode ch = ts_tree_cursor_current_node(&c);
      if (keep(ch)) out.push_back(ch);
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
  return out;
}

inline std::vector<TSNode> namedChildren(TSNode n) {
  return childrenWhere(n, [](TSNode ch) { return ts_node_is_named(ch) && !is(ch, "comment"); });
}

inline std::vector<TSNode> children(TSNode n) {
  return childrenWhere(n, [](TSNode) { return true; });
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
