#include "literal_sites.h"

#include <string>
#include <unordered_map>
#include <vector>

#include "keys.h"
#include "knowledge/names.h"
#include "ts_util.h"

namespace archscan::py {
namespace {

void nameEvidence(const PyContext& ctx, const std::string& name, const std::string& role, Evidence& e) {
  NameVerdict v = judgeName(name, ctx.k);
  if (v.negative) {
    e.negative = true;
    e.reasons.push_back("negative " + role + " '" + name + "'");
  } else if (v.arch_like) {
    e.name = true;
    e.reasons.push_back("arch-like " + role + " '" + name + "'");
  }
}

// Where a literal is bound: the binding lookups resolve to and its display name.
struct Binding {
  std::string binding;
  std::string name;
  std::string last;  // the bare identifier, for name evidence
};

std::optional<Binding> bindingOf(TSNode target, TSNode at, const PyContext& ctx) {
  const ModuleIndex& idx = ctx.idx;
  std::string scope = idx.scopeName(at);
  if (is(target, "identifier")) {
    std::string n = idx.text(target);
    std::string b = scope.empty() ? n : scope + "." + n;
    return Binding{b, b, n};
  }
  if (is(target, "attribute")) {
    std::string obj = idx.text(field(target, "object"));
    std::string attr = idx.text(field(target, "attribute"));
    if (obj == "self" || obj == "cls") {
      std::string b = idx.enclosingClass(at) + "." + attr;
      return Binding{b, b, attr};
    }
    return Binding{"", idx.text(target), attr};
  }
  return std::nullopt;
}

// Takes the keys' entries: a literal of a million keys is held once.
Site makeSite(const PyContext& ctx, TSNode lit, PureKeys&& keys, SiteKind kind) {
  Site s;
  s.kind = kind;
  s.entries = std::move(keys.entries);
  s.spelling = keys.style;
  s.scope = ctx.idx.scopeName(lit);
  s.container = rangeOf(lit);
  s.extent = rangeOf(lit);
  s.line = lineOf(lit);
  s.end_line = endLineOf(lit);
  s.scope_archs = ctx.scopeArchs(lit);
  if (kind == SiteKind::Set)
    for (auto& e : s.entries) {
      e.form = EntryForm::Element;
      e.container = s.container;
    }
  return s;
}

// Names in entry values (`"121": gen_fp4_sm121_module`) are evidence too.
void valueEvidence(const PyContext& ctx, TSNode dict, Site& s) {
  for (TSNode p : namedChildren(dict)) {
    TSNode v = unparen(field(p, "value"));
    if (is(v, "call")) v = field(v, "function");
    if (is(v, "attribute")) v = field(v, "attribute");
    if (!is(v, "identifier")) continue;
    NameVerdict nv = judgeName(ctx.idx.text(v), ctx.k);
    if (!nv.named_archs.empty()) {
      s.evidence.name = true;
      s.evidence.reasons.push_back("values named for archs ('" + ctx.idx.text(v) + "')");
      return;
    }
  }
}

// The outer table a dict sits in as a value, if any: (outer literal, key text).
std::optional<std::pair<TSNode, std::string>> outerTable(TSNode lit, const ModuleIndex& idx) {
  TSNode p = idx.parent(lit);
  if (!is(p, "pair") || !same(unparen(field(p, "value")), lit)) return std::nullopt;
  return std::make_pair(idx.parent(p), idx.text(field(p, "key")));
}

// Where a dict sits among outer tables: the outermost one, how deep, and
// the next table out with the key this one sits under there.
struct Nest {
  TSNode top;
  int depth = 0;
  const void* outer = nullptr;
  std::string key;
};
using Nests = std::unordered_map<const void*, Nest>;

// Literals come in document order, so an outer dict is placed before its
// inner ones ask; each answer extends the outer one by a step instead of
// walking up to the top again, which made deep nesting quadratic.
const Nest& nestOf(TSNode dict, const ModuleIndex& idx, Nests& known) {
  auto it = known.find(dict.id);
  if (it != known.end()) return it->second;
  Nest n{dict, 0, nullptr, {}};
  if (auto outer = outerTable(dict, idx)) {
    const Nest& up = nestOf(outer->first, idx, known);
    n = Nest{up.top, up.depth + 1, outer->first.id, std::move(outer->second)};
  }
  return known.emplace(dict.id, std::move(n)).first->second;
}

// The keys from the outermost table down: "[90][\"a\"]". Built only for
// sites, whose names hold it anyway.
std::string pathOf(const Nest& nest, const Nests& known) {
  std::vector<const std::string*> keys;  // innermost first
  for (const Nest* n = &nest; n->outer; n = &known.at(n->outer)) keys.push_back(&n->key);
  std::string path;
  for (auto k = keys.rbegin(); k != keys.rend(); ++k) path += "[" + **k + "]";
  return path;
}

void fromDict(PyContext& ctx, TSNode dict, Nests& nests) {
  const Nest& nest = nestOf(dict, ctx.idx, nests);
  auto keys = dictKeys(dict, ctx.idx, ctx.k);
  if (!keys) return;
  Site s = makeSite(ctx, dict, std::move(*keys), SiteKind::Mapping);
  valueEvidence(ctx, dict, s);
  // Nested: a value of an outer dict. Named after the outermost bound table.
  TSNode top = nest.top;
  std::string path = pathOf(nest, nests);
  s.nesting = nest.depth;
  TSNode parent = ctx.idx.parent(top);
  if (s.nesting == 0 && is(parent, "subscript") && same(unparen(field(parent, "value")), top)) {
    // `{(9, 0): a, (10, 0): b}[cap]`: a table read on the spot.
    Subject subj = ctx.eval.evaluate(field(parent, "subscript"));
    s.name = (s.scope.empty() ? std::string("<module>") : s.scope) + ":{...}[" + subj.text + "]";
    s.subject = subj;
    s.evidence = subj.evidence;
    s.on_missing = OnMissing::Crash;
    s.on_missing_reason = "the literal is indexed with " + subj.text + " (KeyError)";
    if (!subj.evidence.negative) ctx.facts.sites.push_back(std::move(s));
    return;
  }
  if (!is(parent, "assignment") || !same(field(parent, "right"), top)) {
    if (s.nesting == 0) return;  // a dict argument or expression: not a table
  }
  std::optional<Binding> b;
  if (is(parent, "assignment")) b = bindingOf(field(parent, "left"), top, ctx);
  if (!b) return;
  if (s.nesting > 0) {
    s.parent_binding = b->binding;
    s.name = b->name + path;
  } else {
    s.binding = b->binding;
    s.name = b->name;
    nameEvidence(ctx, b->last, "table name", s.evidence);
    s.name_archs = judgeName(b->last, ctx.k).named_archs;
  }
  ctx.facts.sites.push_back(std::move(s));
}

// Whether a comparison of the file orders something against `name` (`cap <
// required`, `required >= cc`): a name compared that way holds one value,
// not a set.
bool orderedAgainst(const std::vector<Capture>& comparisons, const ModuleIndex& idx, const std::string& name) {
  for (const auto& c : comparisons) {
    bool ordering = false, names = false;
    for (uint32_t i = 0; i < ts_node_child_count(c.node); ++i) {
      TSNode child = ts_node_child(c.node, i);
      std::string_view type = ts_node_type(child);
      if (!ts_node_is_named(child)) ordering |= type == "<" || type == "<=" || type == ">" || type == ">=";
      else names |= type == "identifier" && idx.text(child) == name;
    }
    if (ordering && names) return true;
  }
  return false;
}

void fromCollection(PyContext& ctx, TSNode coll, const std::vector<Capture>& comparisons) {
  const ModuleIndex& idx = ctx.idx;
  TSNode parent = idx.parent(coll);
  while (is(parent, "parenthesized_expression")) parent = idx.parent(parent);
  // Elements of a bigger literal, comparison operands and dict parts are read elsewhere.
  if (is(parent, "comparison_operator") || is(parent, "pair") || is(parent, "list") || is(parent, "tuple") ||
      is(parent, "set") || is(parent, "subscript"))
    return;
  auto keys = collectionKeys(coll, ctx.idx, ctx.k);
  if (!keys) return;
  // (8, 9) on its own is a collection of majors, never the tuple key 8.9.
  if (keys->style.kind == SpellingKind::Tuple && is(coll, "tuple")) return;
  Site s = makeSite(ctx, coll, std::move(*keys), SiteKind::Set);
  if (is(parent, "assignment") && same(field(parent, "right"), coll)) {
    auto b = bindingOf(field(parent, "left"), coll, ctx);
    if (!b) return;
    // `required_cc = (8, 9)` then `if cc < required_cc:`: one capability,
    // 8.9, ordered as a version (a minimum), not the majors 8 and 9.
    if (is(coll, "tuple") && s.entries.size() == 2 && s.entries[1].arch.major < 10 &&
        orderedAgainst(comparisons, idx, b->last))
      return;
    s.binding = b->binding;
    s.name = b->name;
    nameEvidence(ctx, b->last, "name", s.evidence);
    s.name_archs = judgeName(b->last, ctx.k).named_archs;
  } else if (is(parent, "keyword_argument") || is(parent, "argument_list")) {
    TSNode args = is(parent, "keyword_argument") ? idx.parent(parent) : parent;
    TSNode call = idx.parent(args);
    if (!is(call, "call")) return;
    s.gate = idx.calleeName(call);
    TSNode called = unparen(field(call, "function"));
    if (is(called, "attribute") && is(unparen(field(called, "object")), "identifier"))
      s.gate_object = idx.text(field(called, "object"));
    if (is(parent, "keyword_argument")) {
      s.gate_param = idx.text(field(parent, "name"));
      nameEvidence(ctx, s.gate_param, "parameter", s.evidence);
    } else {
      int i = 0;
      for (TSNode a : namedChildren(args)) {
        if (same(a, coll)) s.gate_arg_index = i;
        if (!is(a, "keyword_argument")) ++i;
      }
    }
    Evidence callee;
    nameEvidence(ctx, s.gate, "callee", callee);
    if (ctx.k.arch_gates.count(s.gate)) {
      callee.name = true;
      callee.reasons.push_back("known arch gate '" + s.gate + "'");
    }
    if (!s.evidence.negative) {
      s.evidence.name |= callee.name;
      for (auto& r : callee.reasons) s.evidence.reasons.push_back(r);
    }
    bool decorator = is(idx.parent(call), "decorator");
    std::string where = decorator ? "@" + s.gate : s.gate + "()";
    std::string fn = s.scope.empty() ? "" : s.scope + ":";
    if (decorator) {
      TSNode def = ts_node_next_named_sibling(idx.parent(call));
      while (is(def, "decorator")) def = ts_node_next_named_sibling(def);
      if (is(def, "function_definition") || is(def, "class_definition")) {
        std::string defName = idx.text(field(def, "name"));
        fn = (s.scope.empty() ? defName : s.scope + "." + defName) + ":";
        s.scope_archs = judgeName(defName, ctx.k).named_archs;
      }
    }
    s.name = fn + where + (s.gate_param.empty() ? "" : "." + s.gate_param);
  } else if (is(parent, "return_statement")) {
    TSNode fn = idx.enclosingFunction(coll);
    if (ts_node_is_null(fn)) return;
    std::string fname = idx.text(field(fn, "name"));
    s.name = s.scope + ":return";
    nameEvidence(ctx, fname, "function", s.evidence);
  } else {
    return;
  }
  ctx.facts.sites.push_back(std::move(s));
}

}  // namespace

void extractLiterals(PyContext& ctx, const std::vector<Capture>& literals, const std::vector<Capture>& comparisons) {
  Nests nests;
  for (const auto& c : literals) {
    if (is(c.node, "dictionary")) fromDict(ctx, c.node, nests);
    else fromCollection(ctx, c.node, comparisons);
  }
}

}  // namespace archscan::py
