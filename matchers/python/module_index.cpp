#include "module_index.h"

#include "ts_util.h"

namespace archscan::py {

ModuleIndex::ModuleIndex(TSNode root, const std::string& src, const QuerySet& q) : src_(src) {
  for (const auto& c : q.definitions.run(root)) {
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
}

std::string ModuleIndex::text(TSNode n) const {
  if (ts_node_is_null(n)) return {};
  return src_.substr(ts_node_start_byte(n), ts_node_end_byte(n) - ts_node_start_byte(n));
}

const FunctionInfo* ModuleIndex::function(TSNode fn) const {
  for (const auto& f : functions_)
    if (same(f.node, fn)) return &f;
  return nullptr;
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

TSNode ModuleIndex::enclosingFunction(TSNode n) const { return ancestor(n, {"function_definition"}); }

std::string ModuleIndex::enclosingClass(TSNode n) const {
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) {
    if (is(p, "class_definition")) return text(field(p, "name"));
  }
  return {};
}

std::string ModuleIndex::scopeName(TSNode n) const {
  std::vector<std::string> parts;
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) {
    if (is(p, "function_definition") || is(p, "class_definition")) parts.push_back(text(field(p, "name")));
  }
  std::string out;
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) out += (out.empty() ? "" : ".") + *it;
  return out;
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
