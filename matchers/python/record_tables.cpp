#include "record_tables.h"

#include <map>

#include "flow.h"
#include "keys.h"
#include "ts_util.h"

namespace archscan::py {
namespace {

struct Record {
  TSNode call;
  TSNode value;  // the capability field's value
  ClassifiedKey key;
};

// The keyword argument `name=` of a call, or null.
TSNode keywordValue(TSNode call, const std::string& name, const ModuleIndex& idx) {
  for (TSNode a : namedChildren(field(call, "arguments")))
    if (is(a, "keyword_argument") && idx.text(field(a, "name")) == name) return field(a, "value");
  return TSNode{};
}

// The records of a tuple or list of calls, by the one keyword whose value is
// an arch in every record; empty when there is no such keyword.
std::vector<Record> recordsOf(TSNode coll, const ModuleIndex& idx, const Knowledge& k, std::string& fieldName) {
  std::vector<TSNode> calls = namedChildren(coll);
  if (calls.size() < 2) return {};
  for (TSNode c : calls)
    if (!is(c, "call")) return {};
  for (TSNode a : namedChildren(field(calls.front(), "arguments"))) {
    if (!is(a, "keyword_argument")) continue;
    std::string name = idx.text(field(a, "name"));
    std::vector<Record> out;
    for (TSNode c : calls) {
      TSNode v = keywordValue(c, name, idx);
      auto key = ts_node_is_null(v) ? std::nullopt : classify(v, idx, k);
      if (!key) break;
      out.push_back({c, v, *key});
    }
    if (out.size() != calls.size()) continue;
    fieldName = name;
    return out;
  }
  return {};
}

// `for lim in TABLE:` whose body tests `if lim.FIELD == subject:`: the
// subject compared, or null.
TSNode searchedSubject(TSNode loop, const std::string& field_, const ModuleIndex& idx) {
  std::string var = idx.text(field(loop, "left"));
  std::string attr = var + "." + field_;
  TSNode body = field(loop, "body");
  for (TSNode st : namedChildren(body)) {
    if (!is(st, "if_statement")) continue;
    TSNode cond = unparen(field(st, "condition"));
    if (!is(cond, "comparison_operator")) continue;
    auto kids = namedChildren(cond);
    if (kids.size() != 2) continue;
    std::string text = idx.text(cond);
    size_t lhs = ts_node_end_byte(kids[0]) - ts_node_start_byte(cond);
    size_t rhs = ts_node_start_byte(kids[1]) - ts_node_start_byte(cond);
    if (text.substr(lhs, rhs - lhs).find("==") == std::string::npos) continue;  // a search by equality only
    if (idx.text(kids[0]) == attr) return kids[1];
    if (idx.text(kids[1]) == attr) return kids[0];
  }
  return TSNode{};
}

}  // namespace

void extractRecordTables(PyContext& ctx, const std::vector<Capture>& literals, const std::vector<Capture>& loops) {
  const ModuleIndex& idx = ctx.idx;
  std::map<std::string, std::string> fieldOf;  // table name -> capability field
  for (const auto& c : literals) {
    if (!is(c.node, "tuple") && !is(c.node, "list")) continue;
    TSNode parent = idx.parent(c.node);
    if (!is(parent, "assignment") || !same(field(parent, "right"), c.node)) continue;
    TSNode left = field(parent, "left");
    if (!is(left, "identifier")) continue;
    std::string fieldName;
    std::vector<Record> records = recordsOf(c.node, idx, ctx.k, fieldName);
    if (records.empty()) continue;
    Site s;
    s.kind = SiteKind::Mapping;
    s.scope = idx.scopeName(c.node);
    s.name = idx.text(left);
    s.binding = s.scope.empty() ? s.name : s.scope + "." + s.name;
    s.container = s.extent = rangeOf(c.node);
    s.line = lineOf(c.node);
    s.end_line = endLineOf(c.node);
    s.spelling = records.front().key.style;
    s.evidence.reasons.push_back("records with a capability field '" + fieldName + "'");
    for (const auto& r : records) {
      // A new record is a copy of its template's call with the field changed.
      Entry e = makeEntry(r.key, r.value, r.call, idx);
      e.form = EntryForm::Key;
      e.container = s.container;
      s.entries.push_back(e);
    }
    fieldOf[s.name] = fieldName;
    ctx.facts.sites.push_back(std::move(s));
  }
  for (const auto& c : loops) {
    TSNode table = field(c.node, "right");
    auto it = fieldOf.find(idx.text(table));
    if (!is(table, "identifier") || it == fieldOf.end()) continue;
    TSNode subject = searchedSubject(c.node, it->second, idx);
    if (ts_node_is_null(subject)) continue;
    Lookup l;
    l.table = it->first;
    l.scope_class = idx.enclosingClass(c.node);
    l.scope_function = idx.scopeName(c.node);
    l.subjects.push_back(ctx.eval.evaluate(subject));
    l.line = lineOf(c.node);
    // No record matched: the loop ends and the next statement decides.
    TSNode after = nextStatement(c.node);
    bool raises = !ts_node_is_null(after) && statementRaises(after, idx);
    l.on_missing = raises ? OnMissing::Crash : OnMissing::Fallback;
    l.how = "for " + idx.text(field(c.node, "left")) + " in " + l.table + " (no record matches)";
    if (raises) l.crash_message = crashMessage(after, idx);
    ctx.facts.lookups.push_back(std::move(l));
  }
}

}  // namespace archscan::py
