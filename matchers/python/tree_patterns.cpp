#include "tree_patterns.h"

#include <algorithm>
#include <stdexcept>

namespace archscan::py {
namespace {

class Reader {
 public:
  Reader(std::string_view text, const std::string& file) : t_(text), file_(file) {}

  std::vector<TreePattern> all() {
    std::vector<TreePattern> out;
    for (skip(); i_ < t_.size(); skip()) out.push_back(pattern(""));
    return out;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error(file_ + ":" + std::to_string(line()) + ": " + what +
                             " (a pattern here is (node-type field: (...)) @capture)");
  }
  int line() const { return 1 + static_cast<int>(std::count(t_.begin(), t_.begin() + i_, '\n')); }

  void skip() {
    while (i_ < t_.size()) {
      char c = t_[i_];
      if (c == ';') {
        while (i_ < t_.size() && t_[i_] != '\n') ++i_;
      } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++i_;
      } else {
        return;
      }
    }
  }
  static bool nameChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
           c == '-';
  }
  std::string name(const char* what) {
    size_t start = i_;
    while (i_ < t_.size() && nameChar(t_[i_])) ++i_;
    if (i_ == start) fail(std::string("expected ") + what);
    return std::string(t_.substr(start, i_ - start));
  }
  void expect(char c) {
    if (i_ >= t_.size() || t_[i_] != c) fail(std::string("expected '") + c + "'");
    ++i_;
  }

  TreePattern pattern(std::string field) {
    TreePattern p;
    p.field = std::move(field);
    p.line = line();
    expect('(');
    skip();
    p.type = name("a node type");
    for (skip(); i_ < t_.size() && t_[i_] != ')'; skip()) {
      std::string f = name("a field name");
      expect(':');
      skip();
      p.children.push_back(pattern(f));
    }
    expect(')');
    for (skip(); i_ < t_.size() && t_[i_] == '@'; skip()) {
      ++i_;
      p.captures.push_back(name("a capture name"));
    }
    return p;
  }

  std::string_view t_;
  const std::string& file_;
  size_t i_ = 0;
};

}  // namespace

std::vector<TreePattern> parseTreePatterns(std::string_view text, const std::string& file) {
  return Reader(text, file).all();
}

TreeMatcher::TreeMatcher(const TSLanguage* lang, const std::vector<PatternFile>& files)
    : lang_(lang), bySymbol_(ts_language_symbol_count(lang)) {
  for (const auto& f : files)
    for (const auto& p : parseTreePatterns(f.text, f.name)) {
      patterns_.push_back(compile(p, f.name));
      bySymbol_[patterns_.back().symbol].push_back(static_cast<uint32_t>(patterns_.size() - 1));
    }
}

TreeMatcher::Compiled TreeMatcher::compile(const TreePattern& p, const std::string& file) {
  auto where = [&] { return file + ":" + std::to_string(p.line) + ": "; };
  Compiled c;
  c.symbol = ts_language_symbol_for_name(lang_, p.type.data(), static_cast<uint32_t>(p.type.size()), true);
  if (c.symbol == 0) throw std::runtime_error(where() + "the grammar has no node type '" + p.type + "'");
  if (!p.field.empty()) {
    c.field = ts_language_field_id_for_name(lang_, p.field.data(), static_cast<uint32_t>(p.field.size()));
    if (c.field == 0) throw std::runtime_error(where() + "the grammar has no field '" + p.field + "'");
  }
  for (const auto& name : p.captures) {
    auto it = std::find(names_.begin(), names_.end(), name);
    c.captures.push_back(static_cast<uint32_t>(it - names_.begin()));
    if (it == names_.end()) names_.push_back(name);
  }
  for (const auto& child : p.children) c.children.push_back(compile(child, file));
  return c;
}

bool TreeMatcher::match(const Compiled& p, TSNode n, uint32_t node, uint32_t pattern, std::vector<Found>& out) const {
  if (ts_node_symbol(n) != p.symbol) return false;
  size_t mark = out.size();
  for (const auto& child : p.children) {
    TSNode c = ts_node_child_by_field_id(n, child.field);
    if (ts_node_is_null(c) || !match(child, c, node, pattern, out)) {
      out.resize(mark);
      return false;
    }
  }
  for (uint32_t id : p.captures) out.push_back(Found{ts_node_start_byte(n), node, pattern, Capture{names_[id], n}});
  return true;
}

std::vector<Capture> TreeMatcher::run(TSNode root, NodeVisitor* visitor) const {
  std::vector<Found> found;
  if (ts_node_is_null(root)) return {};
  TSTreeCursor c = ts_tree_cursor_new(root);
  std::vector<TSNode> ancestors;  // kept only for a visitor
  for (uint32_t node = 0;; ++node) {
    TSNode n = ts_tree_cursor_current_node(&c);
    if (visitor) visitor->visit(n, ancestors);
    TSSymbol s = ts_node_symbol(n);  // ERROR is 65535, past the grammar's symbols
    if (s < bySymbol_.size())
      for (uint32_t p : bySymbol_[s]) match(patterns_[p], n, node, p, found);
    if (ts_tree_cursor_goto_first_child(&c)) {
      if (visitor) ancestors.push_back(n);
      continue;
    }
    bool more = false;
    for (;;) {
      if ((more = ts_tree_cursor_goto_next_sibling(&c))) break;
      if (!ts_tree_cursor_goto_parent(&c)) break;
      if (visitor) ancestors.pop_back();
    }
    if (!more) break;
  }
  ts_tree_cursor_delete(&c);
  // The walk is in pre-order (by start byte, outer node first) and tries a
  // node's patterns in order; only a capture of an inner node of a pattern,
  // which comes out with the pattern's root, needs moving to its byte. A
  // query cursor can give an inner node's capture first when it has the
  // lower pattern and the outer match is still unresolved, but not within
  // one .scm file's patterns, which is the order the front-end relies on.
  std::stable_sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    if (a.start != b.start) return a.start < b.start;
    return a.node != b.node ? a.node < b.node : a.pattern < b.pattern;
  });
  std::vector<Capture> out;
  out.reserve(found.size());
  for (const auto& f : found) out.push_back(f.capture);
  return out;
}

}  // namespace archscan::py
