#pragma once
// What a stretch of code needs from the hardware, read from the words it is
// written with: callees, kernels and modules named for an arch
// (`grouped_gemm_sm100`, "deep_gemm.sm90_fp8"), feature words (`tcgen05`,
// `umma`, `wgmma`) and inline PTX (`tcgen05.mma`). Every language's front-end
// hands an arm's body here; the hardware model (knowledge/hardware.h) says
// what the words mean.
#include <optional>
#include <string_view>
#include <vector>

#include "knowledge/knowledge.h"
#include "model/facts.h"

namespace archscan {

// The need of `text` (an arm's body starting on `first_line`), or nullopt
// when no word in it says anything about the hardware.
std::optional<PathNeed> pathNeedIn(std::string_view text, int first_line, int arm, const Knowledge& k);

// The needs of mapping values: a table `{100: gen_sm100_module, 90:
// gen_sm90_module}` chooses a path per key as a chain does per arm (the
// need's arm is the entry's index). Every front-end calls it on its sites.
void addValueNeeds(std::vector<Site>& sites, std::string_view text, const Knowledge& k);

// Whether `text` tests `subject` again (a nested decision on the same
// capability): then the arm's body chooses for itself, and its words are
// not one path's needs.
bool mentionsSubject(std::string_view text, std::string_view subject);

}  // namespace archscan
