#include "flow.h"

#include <string>

#include "ts_util.h"

namespace archscan::py {
namespace {

bool abortCall(TSNode stmt, const ModuleIndex& idx) {
  if (!is(stmt, "expression_statement")) return false;
  TSNode e = ts_node_named_child(stmt, 0);
  if (!is(e, "call")) return false;
  std::string name = idx.calleeName(e);
  return name == "abort" || name == "exit" || name == "_exit" || name == "fail" || name == "unreachable";
}

bool assertFalse(TSNode stmt, const ModuleIndex& idx) {
  if (!is(stmt, "assert_statement")) return false;
  std::string cond = idx.text(ts_node_named_child(stmt, 0));
  return cond == "False" || cond == "0";
}

TSNode bodyOf(TSNode clause) {
  TSNode b = field(clause, "consequence");
  if (ts_node_is_null(b)) b = field(clause, "body");
  return b;
}

}  // namespace

bool statementRaises(TSNode s, const ModuleIndex& idx) {
  return is(s, "raise_statement") || assertFalse(s, idx) || abortCall(s, idx);
}

TSNode raisingStatement(TSNode block, const ModuleIndex& idx) {
  for (TSNode s : namedChildren(block))
    if (statementRaises(s, idx)) return s;
  return TSNode{};
}

bool blockRaises(TSNode block, const ModuleIndex& idx) { return !ts_node_is_null(raisingStatement(block, idx)); }

namespace {

// Each string literal's text, an f-string's fields as {...}, literals apart by a space.
void stringsIn(TSNode n, const ModuleIndex& idx, std::string& out) {
  if (is(n, "string")) {
    std::string s;
    for (TSNode c : namedChildren(n)) {
      if (is(c, "string_content")) s += idx.text(c);
      if (is(c, "interpolation")) s += "{...}";
    }
    if (!s.empty()) out += (out.empty() ? "" : " ") + s;
    return;
  }
  for (TSNode c : namedChildren(n)) stringsIn(c, idx, out);
}

std::string collapsed(const std::string& s) {
  std::string out;
  for (char c : s) {
    bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

bool callNamed(TSNode stmt, const ModuleIndex& idx, std::initializer_list<const char*> names) {
  if (!is(stmt, "expression_statement")) return false;
  TSNode e = ts_node_named_child(stmt, 0);
  if (!is(e, "call")) return false;
  std::string n = idx.calleeName(e);
  for (const char* x : names)
    if (n == x) return true;
  return false;
}

}  // namespace

std::string crashMessage(TSNode stmt, const ModuleIndex& idx) {
  if (ts_node_is_null(stmt)) return {};
  std::string out;
  stringsIn(stmt, idx, out);
  if (out.empty() && abortCall(stmt, idx))
    for (TSNode p = ts_node_prev_named_sibling(stmt); !ts_node_is_null(p); p = ts_node_prev_named_sibling(p))
      if (callNamed(p, idx, {"print", "error", "fatal", "critical", "warning"})) stringsIn(p, idx, out);
  return collapsed(out);
}

bool blockSkips(TSNode block, const ModuleIndex& idx) {
  for (TSNode s : namedChildren(block)) {
    if (callNamed(s, idx, {"skip", "skipTest", "xfail", "importorskip"})) return true;
    if (is(s, "raise_statement") && idx.text(s).find("SkipTest") != std::string::npos) return true;
  }
  return false;
}

bool blockExits(TSNode block, const ModuleIndex& idx) {
  for (TSNode s : namedChildren(block)) {
    if (is(s, "return_statement") || is(s, "raise_statement") || is(s, "continue_statement") ||
        is(s, "break_statement") || assertFalse(s, idx) || abortCall(s, idx))
      return true;
  }
  return false;
}

bool blockDisables(TSNode block, const ModuleIndex& idx) {
  auto stmts = namedChildren(block);
  if (stmts.empty()) return false;
  for (TSNode s : stmts) {
    if (is(s, "raise_statement") || is(s, "pass_statement")) continue;
    if (is(s, "return_statement")) {
      std::string v = idx.text(ts_node_named_child(s, 0));
      if (v.empty() || v == "False" || v == "None") continue;
      return false;
    }
    if (is(s, "expression_statement")) {
      TSNode e = ts_node_named_child(s, 0);
      if (is(e, "assignment")) {
        std::string v = idx.text(field(e, "right"));
        if (v == "False" || v == "None" || v == "0") continue;
        return false;
      }
      if (is(e, "call")) {
        std::string n = idx.calleeName(e);
        for (const char* w : {"warn", "warning", "disable", "skip", "fallback"})
          if (n.find(w) != std::string::npos) goto next;
      }
      return false;
    }
    return false;
  next:;
  }
  return true;
}

TSNode nextStatement(TSNode stmt) {
  for (TSNode n = ts_node_next_named_sibling(stmt); !ts_node_is_null(n); n = ts_node_next_named_sibling(n))
    if (!is(n, "comment")) return n;
  return TSNode{};
}

OnMissing missingPath(TSNode test, bool missingMakesTrue, const ModuleIndex& idx, TSNode* crash) {
  auto raisesIn = [&](TSNode block) {
    TSNode r = raisingStatement(block, idx);
    if (!ts_node_is_null(r) && crash) *crash = r;
    return !ts_node_is_null(r);
  };
  TSNode n = test;
  bool truth = missingMakesTrue;
  for (TSNode p = idx.parent(n); !ts_node_is_null(p); n = p, p = idx.parent(p)) {
    if (is(p, "not_operator")) {
      truth = !truth;
      continue;
    }
    if (is(p, "parenthesized_expression") || is(p, "boolean_operator")) continue;
    if (is(p, "assert_statement")) {
      if (!truth && crash) *crash = p;
      return truth ? OnMissing::Fallback : OnMissing::Crash;
    }
    if ((is(p, "if_statement") || is(p, "elif_clause")) && same(field(p, "condition"), n)) {
      if (truth) return raisesIn(bodyOf(p)) ? OnMissing::Crash : OnMissing::Fallback;
      TSNode ifStmt = is(p, "if_statement") ? p : idx.parent(p);
      TSNode elseClause{};
      for (TSNode c : namedChildren(ifStmt))
        if (is(c, "else_clause")) elseClause = c;
      if (!ts_node_is_null(elseClause)) return raisesIn(bodyOf(elseClause)) ? OnMissing::Crash : OnMissing::Fallback;
      if (blockExits(bodyOf(p), idx)) {
        TSNode next = nextStatement(ifStmt);
        if (!ts_node_is_null(next) && statementRaises(next, idx)) {
          if (crash) *crash = next;
          return OnMissing::Crash;
        }
      }
      return OnMissing::Fallback;
    }
    break;
  }
  return OnMissing::Fallback;
}

}  // namespace archscan::py
