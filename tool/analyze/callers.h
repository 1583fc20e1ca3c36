#pragma once
// A refusal judged by the functions that call it. A helper deep in a
// library (a scale-factor layout transform, a recipe lookup) often refuses
// every arch but 9 and 10 on its own, yet is called only by dispatchers
// whose every path is a wgmma or tcgen05 kernel: sm_120 could not use what
// it returns. Such a refusal is part of the callers' hardware gate, not a
// forgotten key.
#include <optional>
#include <string>

#include "knowledge/knowledge.h"
#include "link/program.h"

namespace archscan {

// When every function that calls the one holding site `i` keeps `t` from
// anything it can run (a site in it is a hardware gate or a wrong path for
// t, or its own callers do so, up to three calls up): the callers and where
// each decides, for the message. nullopt when some caller may serve t, or
// no caller is known.
std::optional<std::string> callersGate(const Program& p, size_t i, const Arch& t, const Knowledge& k);

// When every function that calls the one holding site `i` (up to three
// calls up) holds a check that crashes for `t`: t never reaches the site,
// and the check is where it is decided (and reported). The first such check,
// for the message; nullopt when some caller lets t through or none is known.
std::optional<std::string> callersCheck(const Program& p, size_t i, const Arch& t, const Knowledge& k);

}  // namespace archscan
