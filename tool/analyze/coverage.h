#pragma once
// Whether a site handles an arch: by an entry, by a range, or not at all.
#include <string>

#include "arch/arch.h"
#include "model/facts.h"

namespace archscan {

enum class Coverage { Covered, CoveredByRange, Missing };

Coverage coverage(const Site& s, const Arch& a);
// Distinct archs of a site's entries, in order.
std::vector<Arch> entryArchs(const Site& s);
// "9, 10" / "(9, 0), (10, 0)": the keys as the site spells them.
std::string keyList(const Site& s);
// A single-key site whose other path does not crash is usually intentional, and
// so is a build list of one arch-specific target (sm_90a).
bool archSpecific(const Site& s, OnMissing onMissing);
// A site inside something named for exactly its archs (is_sm100a_supported),
// or named so itself (GEMM_SM90_ARCHS): a per-arch variant, not a table.
bool namedForItsArchs(const Site& s);
// An earlier check in the same function stops `a` before it reaches the site.
bool unreachable(const Site& s, const Arch& a);

}  // namespace archscan
