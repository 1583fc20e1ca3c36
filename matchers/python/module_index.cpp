#include "module_index.h"

#include <algorithm>
#include <cstring>
#include <functional>

#include "ts_util.h"

namespace archscan::py {
namespace {

TSSymbol symbolNamed(const TSLanguage* lang, const char* name) {
  return ts_language_symbol_for_name(lang, name, static_cast<uint32_t>(std::strlen(name)), true);
}

}  // namespace

TreeShape::TreeShape(const TSLanguage* lang)
    : def_(symbolNamed(lang, "function_definition")),
      lambda_(symbolNamed(lang, "lambda")),
      ret_(symbolNamed(lang, "return_statement")),
      raise_(symbolNamed(lang, "raise_statement")),
      assert_(symbolNamed(lang, "assert_statement")) {}

// Each node costs one step however deep it sits: its ancestors come with it.
void TreeShape::visit(TSNode n, const std::vector<TSNode>& ancestors) {
  if (ancestors.empty()) {
    parents_.push_back({n.id, TSNode{}});
    return;
  }
  if (ts_node_child_count(n) > 0) parents_.push_back({n.id, ancestors.back()});
  TSSymbol s = ts_node_symbol(n);
  if (s == raise_ || s == assert_) {
    for (const TSNode& a : ancestors)
      if (ts_node_symbol(a) == def_) raising_.insert(a.id);
  } else if (s == ret_) {
    for (auto a = ancestors.rbegin(); a != ancestors.rend(); ++a) {
      TSSymbol as = ts_node_symbol(*a);
      if (as == def_) returns_[a->id].push_back(n);
      if (as == def_ || as == lambda_) break;
    }
  }
}

ModuleIndex::ModuleIndex(TreeShape shape, const std::vector<Capture>& defs, const std::string& src)
    : src_(src),
      parents_(std::move(shape.parents_)),
      raising_(std::move(shape.raising_)),
      returns_(std::move(shape.returns_)) {
  std::sort(parents_.begin(), parents_.end(), [](const Link& a, const Link& b) { return std::less<>()(a.id, b.id); });
  for (const auto& c : defs) {
    if (c.name == "function" || c.name == "class")
      scopes_.push_back(Scope{ts_node_start_byte(c.node), ts_node_end_byte(c.node), c.name == "class",
                              text(field(c.node, "name")), c.node});
  }
  for (const auto& c : defs) {
    if (c.name == "function") {
      FunctionInfo f{c.node, text(field(c.node, "name")), "", enclosingClass(c.node), {}};
      std::string outer = scopeName(c.node);
      f.qualname = outer.empty() ? f.name : outer + "." + f.name;
      for (TSNode p : namedChildren(field(c.node, "parameters"))) {
        TSNode id = p;
        if (!is(p, "identifier")) id = field(p, "name");
        if (ts_node_is_null(id) && ts_node_named_child_count(p) > 0) id = ts_node_named_child(p, 0);
        if (is(id, "identifier")) f.params.push_back(text(id));
      }
      functions_.push_back(std::move(f));
    } else if (c.name == "assignment") {
      TSNode value = field(c.node, "right");
      if (ts_node_is_null(value)) continue;  // annotation only
      assigns_.push_back(Assignment{field(c.node, "left"), value, enclosingFunction(c.node), enclosingClass(c.node)});
    } else if (c.name == "call") {
      calls_.push_back(c.node);
    }
  }
  for (size_t i = 0; i < functions_.size(); ++i) functionById_[functions_[i].node.id] = i;
  for (size_t i = 0; i < assigns_.size(); ++i) assignsByFunction_[assigns_[i].function.id].push_back(i);
  for (TSNode c : calls_) callsByName_[calleeName(c)].push_back(c);
  for (size_t i = 0; i < assigns_.size(); ++i) {
    TSNode t = assigns_[i].target;
    if (!is(t, "attribute")) continue;
    std::string obj = text(field(t, "object"));
    if (obj == "self" || obj == "cls") selfAssigns_[assigns_[i].cls + "." + text(field(t, "attribute"))].push_back(i);
  }
}

const std::vector<size_t>& ModuleIndex::selfAssignments(const std::string& cls, const std::string& attr) const {
  auto it = selfAssigns_.find(cls + "." + attr);
  return it == selfAssigns_.end() ? none_ : it->second;
}

bool ModuleIndex::raises(TSNode fn) const { return !ts_node_is_null(fn) && raising_.count(fn.id) > 0; }

const std::vector<TSNode>& ModuleIndex::returnsOf(TSNode fn) const {
  auto it = ts_node_is_null(fn) ? returns_.end() : returns_.find(fn.id);
  return it == returns_.end() ? noNodes_ : it->second;
}

const std::vector<size_t>& ModuleIndex::assignmentsIn(TSNode fn) const {
  auto it = assignsByFunction_.find(ts_node_is_null(fn) ? nullptr : fn.id);
  return it == assignsByFunction_.end() ? none_ : it->second;
}

const std::vector<size_t>& ModuleIndex::assignmentsBinding(TSNode fn, const std::string& name) const {
  const void* key = ts_node_is_null(fn) ? nullptr : fn.id;
  auto scope = bindings_.find(key);
  if (scope == bindings_.end()) {
    scope = bindings_.emplace(key, std::map<std::string, std::vector<size_t>, std::less<>>()).first;
    for (size_t ai : assignmentsIn(fn))
      for (TSNode b : boundIdentifiers(assigns_[ai].target)) scope->second[text(b)].push_back(ai);
  }
  auto it = scope->second.find(name);
  return it == scope->second.end() ? none_ : it->second;
}

const std::vector<TSNode>& ModuleIndex::callsTo(const std::string& name) const {
  auto it = callsByName_.find(name);
  return it == callsByName_.end() ? noNodes_ : it->second;
}

std::string ModuleIndex::text(TSNode n) const {
  if (ts_node_is_null(n)) return {};
  return src_.substr(ts_node_start_byte(n), ts_node_end_byte(n) - ts_node_start_byte(n));
}

const FunctionInfo* ModuleIndex::function(TSNode fn) const {
  if (ts_node_is_null(fn)) return nullptr;
  auto it = functionById_.find(fn.id);
  return it == functionById_.end() ? nullptr : &functions_[it->second];
}

const FunctionInfo* ModuleIndex::functionNamed(std::string_view name, std::string_view cls) const {
  const FunctionInfo* any = nullptr;
  for (const auto& f : functions_) {
    if (f.name != name) continue;
    if (f.cls == cls) return &f;
    if (!any) any = &f;
  }
  return any;
}

std::vector<const ModuleIndex::Scope*> ModuleIndex::scopesAround(TSNode n) const {
  std::vector<const Scope*> out;  // outermost first: scopes_ is in document order
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  for (const auto& sc : scopes_) {
    if (sc.start > s) break;
    if (e <= sc.end && !(sc.start == s && sc.end == e)) out.push_back(&sc);
  }
  return out;
}

TSNode ModuleIndex::enclosingFunction(TSNode n) const {
  auto around = scopesAround(n);
  for (auto it = around.rbegin(); it != around.rend(); ++it)
    if (!(*it)->is_class) return (*it)->node;
  return TSNode{};
}

std::string ModuleIndex::enclosingClass(TSNode n) const {
  auto around = scopesAround(n);
  for (auto it = around.rbegin(); it != around.rend(); ++it)
    if ((*it)->is_class) return (*it)->name;
  return {};
}

std::string ModuleIndex::scopeName(TSNode n) const {
  std::string out;
  for (const Scope* sc : scopesAround(n)) out += (out.empty() ? "" : ".") + sc->name;
  return out;
}

TSNode ModuleIndex::parent(TSNode n) const {
  if (ts_node_is_null(n)) return TSNode{};
  auto it = std::lower_bound(parents_.begin(), parents_.end(), n.id,
                             [](const Link& l, const void* id) { return std::less<>()(l.id, id); });
  return it != parents_.end() && it->id == n.id ? it->parent : ts_node_parent(n);
}

TSNode ModuleIndex::ancestor(TSNode n, std::initializer_list<const char*> types) const {
  for (TSNode p = parent(n); !ts_node_is_null(p); p = parent(p))
    for (const char* t : types)
      if (is(p, t)) return p;
  return TSNode{};
}

std::string ModuleIndex::calleeName(TSNode call) const {
  TSNode fn = unparen(field(call, "function"));
  if (is(fn, "attribute")) return text(field(fn, "attribute"));
  if (is(fn, "identifier")) return text(fn);
  return {};
}

std::vector<TSNode> boundIdentifiers(TSNode target) {
  std::vector<TSNode> out;
  if (is(target, "identifier")) {
    out.push_back(target);
  } else if (is(target, "pattern_list") || is(target, "tuple_pattern") || is(target, "list_pattern") ||
             is(target, "tuple") || is(target, "list")) {
    for (TSNode c : namedChildren(target))
      for (TSNode id : boundIdentifiers(c)) out.push_back(id);
  }
  return out;
}

}  // namespace archscan::py
