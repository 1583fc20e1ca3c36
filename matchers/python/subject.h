#pragma once
// Decides whether an expression is a compute capability: it reaches a
// capability source through simple assignments, unpacking, [0], major*10+minor,
// f-strings, conditional expressions, self.x set in another method, one level
// of helper return values, and parameters whose same-module callers pass one.
#include <tree_sitter/api.h>

#include <map>
#include <set>
#include <string>

#include "knowledge/knowledge.h"
#include "model/facts.h"
#include "module_index.h"

namespace archscan::py {

class SubjectEvaluator {
 public:
  SubjectEvaluator(const ModuleIndex& idx, const Knowledge& k) : idx_(idx), k_(k) {}

  // Evidence and family binding of the expression at `expr`.
  Subject evaluate(TSNode expr) const;
  // Whether a same-module function returns a capability.
  bool returnsCapability(const FunctionInfo& f) const;

 private:
  struct Walk {
    int depth = 0;
    int budget = 2000;  // evaluation steps per question: big generated files stay linear
    std::set<const void*> visiting;  // ids of nodes under evaluation (a call and its callee share a start byte)
  };
  Evidence eval(TSNode expr, Walk& w) const;
  Evidence evalIdentifier(TSNode id, Walk& w) const;
  Evidence evalSelfAttribute(const std::string& cls, const std::string& attr, Walk& w) const;
  Evidence evalCall(TSNode call, Walk& w) const;
  Evidence evalParameter(const FunctionInfo& f, size_t index, Walk& w) const;
  bool returnsCapability(const FunctionInfo& f, Walk& w) const;
  std::string binding(TSNode expr) const;
  void judge(const std::string& name, Evidence& e) const;
  bool negativeSource(const std::string& text) const;

  const ModuleIndex& idx_;
  const Knowledge& k_;
  // Memos: one evaluator serves one file on one thread.
  mutable std::map<const void*, bool> returns_;
  mutable std::map<std::pair<const void*, size_t>, Evidence> params_;
};

// Merges evidence: any positive, any negative.
void merge(Evidence& into, const Evidence& from);

}  // namespace archscan::py
