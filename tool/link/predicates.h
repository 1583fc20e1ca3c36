#pragma once
// Decisions made by calling a helper that tests the capability itself:
// `if is_sm_at_least_90():`, `assert is_supported()`, `if not
// _is_sm100_or_newer(): raise`. The call site is where the path is chosen,
// so it is the site; the helper's definition says which archs it is true for.
#include <vector>

#include "link/symbols.h"
#include "model/facts.h"

namespace archscan {

// Fills the placeholder ranges of a predicate site (Site::predicate) from the
// helper's definition (FunctionSummary::admits), in this file or the one it
// is imported from: the helper's range, or its complement under `not`.
// False when no definition is such a helper: the call decides on something
// else, and there is no site.
bool resolvePredicate(const std::vector<FileFacts>& files, const SymbolTable& syms, size_t file, Site& s);

}  // namespace archscan
