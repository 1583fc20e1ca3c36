#include "context.h"

#include "knowledge/names.h"
#include "ts_util.h"

namespace archscan::py {

std::vector<Arch> PyContext::scopeArchs(TSNode n) const {
  TSNode fn = idx.enclosingFunction(n);
  if (ts_node_is_null(fn)) return {};
  return judgeName(idx.text(field(fn, "name")), k).named_archs;
}

bool PyContext::scopeArchLike(TSNode n) const {
  TSNode fn = idx.enclosingFunction(n);
  if (ts_node_is_null(fn)) return false;
  return judgeName(idx.text(field(fn, "name")), k).arch_like;
}

}  // namespace archscan::py
