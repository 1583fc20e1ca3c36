#pragma once
// State shared by the extraction passes over one Python file.
#include <map>
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
  // What each imported local name stands for, as a dotted path (`q` of
  // `import pkg._qattn_sm90 as q`: pkg._qattn_sm90), and whether it names a
  // module's member (`from pkg import f`) rather than a module. Filled once
  // the imports are read.
  std::map<std::string, std::pair<std::string, bool>> imported;

  // Archs named by the enclosing function (is_sm100a_supported -> sm_100a).
  std::vector<Arch> scopeArchs(TSNode n) const;
  // Name evidence of the enclosing function, for literals returned or tested there.
  bool scopeArchLike(TSNode n) const;
};

}  // namespace archscan::py
