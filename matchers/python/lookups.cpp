#include "lookups.h"

#include <algorithm>
#include <cctype>

#include "flow.h"
#include "ts_util.h"

namespace archscan::py {
namespace {

bool plainString(TSNode n) {
  if (!is(n, "string")) return false;
  for (TSNode c : namedChildren(n))
    if (is(c, "interpolation")) return false;
  return true;
}

bool tableLike(TSNode n) { return is(n, "identifier") || is(n, "attribute"); }

bool constantName(const std::string& text) {
  std::string last = text.substr(text.rfind('.') == std::string::npos ? 0 : text.rfind('.') + 1);
  bool upper = false;
  for (char c : last) {
    if (std::islower(static_cast<unsigned char>(c))) return false;
    upper |= std::isupper(static_cast<unsigned char>(c)) != 0;
  }
  return upper;
}

bool catchesKeyError(TSNode n, const ModuleIndex& idx) {
  for (TSNode t = idx.ancestor(n, {"try_statement"}); !ts_node_is_null(t); t = idx.ancestor(t, {"try_statement"})) {
    TSNode body = field(t, "body");
    if (ts_node_start_byte(n) < ts_node_start_byte(body) || ts_node_end_byte(n) > ts_node_end_byte(body)) continue;
    for (TSNode c : namedChildren(t)) {
      if (!is(c, "except_clause")) continue;
      std::string text = idx.text(c);
      std::string head = text.substr(0, text.find(':'));
      if (head == "except" || head.find("KeyError") != std::string::npos ||
          head.find("LookupError") != std::string::npos || head.find("Exception") != std::string::npos ||
          head.find("IndexError") != std::string::npos)
        return true;
    }
  }
  return false;
}

// `if cap not in T: return` earlier in the same function, or `if cap in T:`
// around the read: the missing key never reaches the subscript.
bool guarded(TSNode read, const std::string& table, const std::string& subject, const PyContext& ctx,
             const std::vector<Capture>& comparisons) {
  const ModuleIndex& idx = ctx.idx;
  TSNode fn = idx.enclosingFunction(read);
  for (const auto& c : comparisons) {
    TSNode cmp = c.node;
    if (!same(idx.enclosingFunction(cmp), fn)) continue;
    std::string t = idx.text(cmp);
    bool notIn = t == subject + " not in " + table;
    bool in = t == subject + " in " + table;
    if (!notIn && !in) continue;
    TSNode owner = idx.parent(cmp);
    if (!is(owner, "if_statement")) continue;
    TSNode body = field(owner, "consequence");
    if (notIn && ts_node_end_byte(owner) <= ts_node_start_byte(read) && blockExits(body, idx)) return true;
    if (in && ts_node_start_byte(read) >= ts_node_start_byte(body) && ts_node_end_byte(read) <= ts_node_end_byte(body))
      return true;
  }
  return false;
}

bool worthKeeping(const Lookup& l) {
  for (const auto& s : l.subjects)
    if ((s.evidence.subject || s.evidence.name) && !s.evidence.negative) return true;
  return constantName(l.table);
}

// A read of `table` at `at`, keyed by `keys` (one per subscript level).
Lookup readOf(const PyContext& ctx, TSNode table, TSNode at, const std::vector<TSNode>& keys) {
  Lookup l;
  l.table = ctx.idx.text(table);
  l.scope_class = ctx.idx.enclosingClass(at);
  l.scope_function = ctx.idx.scopeName(at);
  for (TSNode k : keys) l.subjects.push_back(ctx.eval.evaluate(k));
  l.line = lineOf(at);
  return l;
}

void fromSubscript(PyContext& ctx, TSNode sub, const std::vector<Capture>& comparisons) {
  const ModuleIndex& idx = ctx.idx;
  TSNode parent = idx.parent(sub);
  if (is(parent, "subscript") && same(field(parent, "value"), sub)) return;  // the outer read handles it
  std::vector<TSNode> keys;
  TSNode base = sub;
  while (is(base, "subscript")) {
    keys.insert(keys.begin(), field(base, "subscript"));
    base = unparen(field(base, "value"));
  }
  if (!tableLike(base)) return;
  // T["name"] and T[0] are records and sequences, not tables keyed by a subject.
  if (ts_node_is_null(keys[0]) || is(keys[0], "slice") || is(keys[0], "integer") || plainString(keys[0])) return;
  for (TSNode k : keys)
    if (ts_node_is_null(k) || is(k, "slice")) return;
  Lookup l = readOf(ctx, base, sub, keys);
  if (!worthKeeping(l)) return;
  l.how = l.table + "[" + l.subjects[0].text + "]";
  if (catchesKeyError(sub, idx)) {
    l.on_missing = OnMissing::Fallback;
    l.how += " inside try/except KeyError";
  } else if (guarded(sub, l.table, l.subjects[0].text, ctx, comparisons)) {
    l.on_missing = OnMissing::Fallback;
    l.how += " after a membership guard";
  } else {
    l.on_missing = OnMissing::Crash;
    l.how += " (KeyError)";
  }
  ctx.facts.lookups.push_back(std::move(l));
}

void fromGet(PyContext& ctx, TSNode call, TSNode method) {
  const ModuleIndex& idx = ctx.idx;
  if (idx.text(method) != "get") return;
  TSNode fn = field(call, "function");
  TSNode table = unparen(field(fn, "object"));
  if (!tableLike(table)) return;
  auto args = namedChildren(field(call, "arguments"));
  if (args.empty() || is(args[0], "keyword_argument")) return;
  Lookup l = readOf(ctx, table, call, {args[0]});
  if (!worthKeeping(l)) return;
  l.on_missing = OnMissing::Fallback;
  l.how = l.table + ".get(" + l.subjects[0].text + (args.size() > 1 ? ", " + idx.text(args[1]) : "") + ")";
  ctx.facts.lookups.push_back(std::move(l));
}

void fromMembership(PyContext& ctx, TSNode cmp) {
  const ModuleIndex& idx = ctx.idx;
  auto kids = namedChildren(cmp);
  if (kids.size() != 2) return;
  std::string op;
  for (TSNode c : children(cmp))
    if (!ts_node_is_named(c)) op += op.empty() ? idx.text(c) : " " + idx.text(c);
  if (op != "in" && op != "not in") return;
  TSNode table = unparen(kids[1]);
  if (!tableLike(table)) return;
  Lookup l = readOf(ctx, table, cmp, {kids[0]});
  if (!worthKeeping(l)) return;
  TSNode crash{};
  l.on_missing = missingPath(cmp, op == "not in", idx, &crash);
  l.crash_message = crashMessage(crash, idx);
  l.how = idx.text(cmp);
  ctx.facts.lookups.push_back(std::move(l));
}

}  // namespace

void extractLookups(PyContext& ctx, const std::vector<Capture>& lookups, const std::vector<Capture>& comparisons) {
  for (const auto& c : lookups) {
    if (c.name == "subscript") fromSubscript(ctx, c.node, comparisons);
    if (c.name == "method_call") fromGet(ctx, c.node, field(field(c.node, "function"), "attribute"));
  }
  for (const auto& c : comparisons) fromMembership(ctx, c.node);
}

}  // namespace archscan::py
