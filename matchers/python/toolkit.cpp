#include "toolkit.h"

#include <cctype>
#include <optional>
#include <regex>
#include <string>

#include "ts_util.h"

namespace archscan::py {
namespace {

// A toolkit version as written: (12, 8), "12.8", Version("12.8"), 12.8, 12.
std::optional<int> versionOf(TSNode v, const ModuleIndex& idx) {
  v = unparen(v);
  std::string t = idx.text(v);
  std::smatch m;
  static const std::regex tuple(R"(^\(\s*(\d{1,2})\s*,\s*(\d)\s*\)$)");
  static const std::regex dotted(R"(^(?:[A-Za-z_.]*\()?\s*["']?(\d{1,2})\.(\d)["']?\s*\)?$)");
  static const std::regex major(R"(^(\d{1,2})$)");
  if (std::regex_match(t, m, tuple) || std::regex_match(t, m, dotted)) return std::stoi(m[1]) * 10 + std::stoi(m[2]);
  if (std::regex_match(t, m, major)) return std::stoi(m[1]) * 10;
  return std::nullopt;
}

bool toolkitName(const std::string& text) {
  std::string low;
  for (char c : text) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return low.find("cuda") != std::string::npos || low.find("nvcc") != std::string::npos ||
         low.find("bare_metal") != std::string::npos || low.find("toolkit") != std::string::npos;
}

// The ceiling a condition puts on toolkits when it is `truth`.
int ceilingOf(TSNode cond, bool truth, const ModuleIndex& idx) {
  cond = unparen(cond);
  if (is(cond, "not_operator")) return ceilingOf(field(cond, "argument"), !truth, idx);
  if (is(cond, "boolean_operator")) {
    std::string op;
    for (TSNode c : children(cond))
      if (!ts_node_is_named(c)) op = idx.text(c);
    // Both sides hold under `a and b` when true, and under `a or b` when false.
    if ((op == "and") == truth) {
      int l = ceilingOf(field(cond, "left"), truth, idx), r = ceilingOf(field(cond, "right"), truth, idx);
      return l && r ? std::min(l, r) : l + r;
    }
    return 0;
  }
  if (!is(cond, "comparison_operator")) return 0;
  auto kids = namedChildren(cond);
  std::string op;
  for (TSNode c : children(cond))
    if (!ts_node_is_named(c)) op += idx.text(c);
  if (kids.size() != 2) return 0;
  TSNode subject = kids[0], value = kids[1];
  auto v = versionOf(value, idx);
  if (!v) {  // 12.8 > cuda
    std::swap(subject, value);
    v = versionOf(value, idx);
    if (op == "<") op = ">";
    else if (op == "<=") op = ">=";
    else if (op == ">") op = "<";
    else if (op == ">=") op = "<=";
  }
  if (!v) return 0;
  // A bare `version` counts when the value reads like a CUDA toolkit (9.x to
  // 13.x), not like Python's (3, 10).
  std::string subj = idx.text(subject);
  bool toolkit = toolkitName(subj) || (subj.find("version") != std::string::npos && *v >= 90 && *v < 140);
  if (!toolkit) return 0;
  if (truth) {
    if (op == "<") return *v;
    if (op == "<=" || op == "==") return *v + 1;
  } else {
    if (op == ">=") return *v;
    if (op == ">") return *v + 1;
  }
  return 0;
}

}  // namespace

int toolkitCeiling(TSNode n, const ModuleIndex& idx) {
  int ceiling = 0;
  auto lower = [&](int c) {
    if (c && (!ceiling || c < ceiling)) ceiling = c;
  };
  for (TSNode child = n, p = idx.parent(n); !ts_node_is_null(p); child = p, p = idx.parent(p)) {
    if (is(p, "if_statement") && same(field(p, "consequence"), child)) {
      lower(ceilingOf(field(p, "condition"), true, idx));
    } else if (is(p, "elif_clause") && same(field(p, "consequence"), child)) {
      lower(ceilingOf(field(p, "condition"), true, idx));
      TSNode ifStmt = idx.parent(p);
      lower(ceilingOf(field(ifStmt, "condition"), false, idx));
      for (TSNode c : namedChildren(ifStmt)) {
        if (same(c, p)) break;
        if (is(c, "elif_clause")) lower(ceilingOf(field(c, "condition"), false, idx));
      }
    } else if (is(p, "else_clause")) {
      TSNode ifStmt = idx.parent(p);
      lower(ceilingOf(field(ifStmt, "condition"), false, idx));
      for (TSNode c : namedChildren(ifStmt))
        if (is(c, "elif_clause")) lower(ceilingOf(field(c, "condition"), false, idx));
    }
  }
  return ceiling;
}

}  // namespace archscan::py
