#pragma once
// State shared by the extraction passes over one Python file.
#include <set>
#include <string>

#include "knowledge/knowledge.h"
#include "model/facts.h"
#include "module_index.h"
#include "subject.h"

namespace archscan::py {

struct PyContext {
  const Knowledge& k;
  const ModuleIndex& idx;
  const SubjectEvaluator& eval;
  FileFacts& facts;
  std::set<uint32_t> consumed;  // start bytes of comparisons already inside a chain

  // Archs named by the enclosing function (is_sm100a_supported -> sm_100a).
  std::vector<Arch> scopeArchs(TSNode n) const;
  // Name evidence of the enclosing function, for literals returned or tested there.
  bool scopeArchLike(TSNode n) const;
};

}  // namespace archscan::py
