#include "link/predicates.h"

#include <utility>

namespace archscan {

bool resolvePredicate(const std::vector<FileFacts>& files, const SymbolTable& syms, size_t file, Site& s) {
  // `self.is_supported()` is the class's method; a bare name may be a local
  // helper or an import.
  std::string ref = s.predicate;
  std::string cls;
  if (ref.rfind("self.", 0) == 0) {
    ref = ref.substr(5);
    auto dot = s.scope.find('.');
    cls = dot == std::string::npos ? "" : s.scope.substr(0, dot);
    if (!cls.empty()) ref = cls + "." + ref;
  }
  const FunctionSummary* fn = nullptr;
  std::string where;
  for (const auto& r : syms.resolve(file, ref, "", "")) {
    const FunctionSummary* f = findFunction(files[r.file], r.binding);
    if (f && !f->admits.empty()) {
      fn = f;
      where = files[r.file].path;
      break;
    }
  }
  if (!fn) return false;
  const ArchRange& admits = fn->admits.front();
  // Said inside the range's own text, which messages quote: no backticks.
  std::string test = fn->name + "() " + admits.text + " (" + where + ":" + std::to_string(admits.line) + ")";
  for (auto& r : s.ranges) {
    r.low = admits.low;
    r.high = admits.high;
    if (r.negated) {
      if (r.low && r.high) return false;  // the complement of [a, b) is two ranges
      std::swap(r.low, r.high);
      r.negated = false;
    }
    r.text += ", where " + test;
  }
  s.evidence.subject = true;
  s.evidence.reasons.push_back(s.predicate + "() is decided by " + test);
  if (s.subject) s.subject->evidence.subject = true;
  // The decision is written in the helper: an edit at the call would change
  // one caller, not the decision.
  s.patchable = false;
  s.unpatchable_reason = "decided inside " + fn->name + "() (" + where + ")";
  return true;
}

}  // namespace archscan
