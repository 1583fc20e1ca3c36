#include "module_index.h"

#include <algorithm>
#include <cstring>
#include <functional>

#include "ts_util.h"

namespace archscan::py {
namespace {

// One cursor walk gives the parent of every inner node below root (sorted
// by node id), and, per function definition, whether a raise or assert sits
// anywhere in it and which return statements are its own. A tree cursor
// visits the same (visible) nodes ts_node_parent links and keeps the path
// down in `path`, so each node costs one step, however deep it sits. Leaves
// are most of a tree and callers walk up from inner nodes, so leaves are left
// out of the parents (and asked of ts_node_parent).
void walkBelow(TSNode root, std::vector<ModuleIndex::Link>& parents, std::set<const void*>& raising,
               std::map<const void*, std::vector<TSNode>>& returns) {
  if (ts_node_is_null(root)) return;
  const TSLanguage* lang = ts_tree_language(root.tree);
  auto symbol = [&](const char* name) {
    return ts_language_symbol_for_name(lang, name, static_cast<uint32_t>(std::strlen(name)), true);
  };
  const TSSymbol def = symbol("function_definition"), lambda = symbol("lambda"), ret = symbol("return_statement"),
                 raise = symbol("raise_statement"), assert_ = symbol("assert_statement");
  parents.push_back({root.id, TSNode{}});
  TSTreeCursor c = ts_tree_cursor_new(root);
  std::vector<TSNode> path{root};
  for (;;) {
    if (!ts_tree_cursor_goto_first_child(&c)) {
      bool more = false;
      while (!path.empty()) {
        path.pop_back();
        if ((more = ts_tree_cursor_goto_next_sibling(&c))) break;
        if (!ts_tree_cursor_goto_parent(&c)) break;
      }
      if (!more) break;
    }
    TSNode n = ts_tree_cursor_current_node(&c);
    if (ts_node_child_count(n) > 0) parents.push_back({n.id, path.back()});
    TSSymbol s = ts_node_symbol(n);
    if (s == raise || s == assert_) {
      for (const TSNode& a : path)
        if (ts_node_symbol(a) == def) raising.insert(a.id);
    } else if (s == ret) {
      for (auto a = path.rbegin(); a != path.rend(); ++a) {
        TSSymbol as = ts_node_symbol(*a);
        if (as == def) returns[a->id].push_back(n);
        if (as == def || as == lambda) break;
      }
    }
    path.push_back(n);
  }
  ts_tree_cursor_delete(&c);
  std::sort(parents.begin(), parents.end(), [](const auto& a, const auto& b) { return std::less<>()(a.id, b.id); });
}

}  // namespace

ModuleIndex::ModuleIndex(TSNode root, const std::vector<Capture>& defs, const std::string& src)
    : src_(src) {
  walkBelow(root, parents_, raising_, returns_);
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
  auto it = std::lower_bound(parents_.begin(), parents_.end(), n.id, [](const Link& l, const void* id) { return std::less<>()(l.id, id); });
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
