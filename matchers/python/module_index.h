#pragma once
// An index of one Python file's functions, classes, assignments and calls,
// so subject evaluation can follow names without re-walking the tree.
#include <tree_sitter/api.h>

#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "query_set.h"

namespace archscan::py {

struct FunctionInfo {
  TSNode node;
  std::string name;
  std::string qualname;  // Class.method, outer.inner
  std::string cls;  // enclosing class for methods
  std::vector<std::string> params;
};

struct Assignment {
  TSNode target;  // identifier, attribute, pattern_list, tuple_pattern, ...
  TSNode value;
  TSNode function;  // enclosing function, null at module or class level
  std::string cls;  // enclosing class (for class bodies and methods)
};

// What ModuleIndex needs of every node, gathered on the tree patterns' walk
// (QuerySet::run): the parent of every inner node, the functions that hold
// a raise or assert anywhere in them, and the return statements that are
// each function's own (not those of functions or lambdas nested in it).
class TreeShape : public NodeVisitor {
 public:
  explicit TreeShape(const TSLanguage* lang);
  void visit(TSNode n, const std::vector<TSNode>& ancestors) override;

  struct Link {  // a node (by id) and its parent
    const void* id;
    TSNode parent;
  };

 private:
  friend class ModuleIndex;
  TSSymbol def_, lambda_, ret_, raise_, assert_;
  std::vector<Link> parents_;  // leaves are left out: callers walk up from inner nodes
  std::set<const void*> raising_;
  std::map<const void*, std::vector<TSNode>> returns_;
};

class ModuleIndex {
 public:
  // `shape` has seen the walk of the tree `definitions` were captured from.
  ModuleIndex(TreeShape shape, const std::vector<Capture>& definitions, const std::string& src);

  std::string text(TSNode n) const;
  const std::string& source() const { return src_; }

  const std::vector<FunctionInfo>& functions() const { return functions_; }
  const std::vector<Assignment>& assignments() const { return assigns_; }
  const std::vector<TSNode>& calls() const { return calls_; }

  const FunctionInfo* function(TSNode fn) const;
  // A raise or assert anywhere in function `fn`, nested definitions included.
  bool raises(TSNode fn) const;
  // The return statements of function `fn` itself (not of functions or
  // lambdas nested in it), in document order.
  const std::vector<TSNode>& returnsOf(TSNode fn) const;
  // Assignments whose enclosing function is `fn` (null node: module and class level).
  const std::vector<size_t>& assignmentsIn(TSNode fn) const;
  // Those of them that bind `name`, in order; an assignment once per target
  // spelled `name` (`a, a = ...` twice).
  const std::vector<size_t>& assignmentsBinding(TSNode fn, const std::string& name) const;
  // `self.attr = ...` / `cls.attr = ...` in the methods of class `cls`.
  const std::vector<size_t>& selfAssignments(const std::string& cls, const std::string& attr) const;
  // Calls to a function of this name (f(...), obj.f(...)).
  const std::vector<TSNode>& callsTo(const std::string& name) const;
  const FunctionInfo* functionNamed(std::string_view name, std::string_view cls = {}) const;
  // Nearest enclosing function definition of n (null node at module level).
  TSNode enclosingFunction(TSNode n) const;
  // The class a node belongs to: a class body, or a method's class.
  std::string enclosingClass(TSNode n) const;
  // Dotted scope: Class.method, outer.inner, or "" at module level.
  std::string scopeName(TSNode n) const;
  // The name a call invokes: `f` for f(), `get` for a.b.get().
  std::string calleeName(TSNode call) const;
  // What ts_node_parent answers, by a binary search: that walks down from the
  // root on every call, so asking it once per literal made deeply nested
  // input quadratic (and cubic where a walk goes up several levels).
  TSNode parent(TSNode n) const;
  // The nearest ancestor of one of the given types, or a null node.
  TSNode ancestor(TSNode n, std::initializer_list<const char*> types) const;

 private:
  using Link = TreeShape::Link;
  const std::string& src_;
  std::vector<FunctionInfo> functions_;
  std::vector<Assignment> assigns_;
  std::vector<TSNode> calls_;
  std::map<const void*, size_t> functionById_;
  std::map<const void*, std::vector<size_t>> assignsByFunction_;
  // Filled per function on its first question: a kernel function holds
  // hundreds of assignments, and each name read in it was looked for in all.
  mutable std::map<const void*, std::map<std::string, std::vector<size_t>, std::less<>>> bindings_;
  std::map<std::string, std::vector<TSNode>> callsByName_;
  std::map<std::string, std::vector<size_t>> selfAssigns_;
  std::vector<Link> parents_;  // by node id
  std::set<const void*> raising_;  // function nodes holding a raise or assert
  std::map<const void*, std::vector<TSNode>> returns_;  // by function node
  // Function and class definitions by byte range: scope questions are
  // answered by containment, because ts_node_parent walks down from the root
  // on every call and made deep files quadratic.
  struct Scope {
    uint32_t start, end;
    bool is_class;
    std::string name;
    TSNode node;
  };
  std::vector<Scope> scopes_;
  std::vector<const Scope*> scopesAround(TSNode n) const;
  std::vector<size_t> none_;
  std::vector<TSNode> noNodes_;  // what callsTo and returnsOf give for none
};

// Names bound by an assignment target (x; a, b; (a, b)).
std::vector<TSNode> boundIdentifiers(TSNode target);

}  // namespace archscan::py
