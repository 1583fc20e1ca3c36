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

// How a body's words are read: names of archs count in host code, where a
// call of `gemm_sm100()` launches that arch's kernel; in device code under a
// `#if`, an arch in a name (`CacheHintSm100`, `SM90_ENABLED`) says little about
// the instructions, so only feature words and inline PTX count there.
enum class NeedWords { NamesAndFeatures, FeaturesOnly };

// The need of `text` (an arm's body starting on `first_line`), or nullopt
// when no word of its code says anything about the hardware. Comments
// (`lineComment`: "#" or "//", which also reads /* */) and prose strings are
// not code.
std::optional<PathNeed> pathNeedIn(std::string_view text, int first_line, int arm, const Knowledge& k,
                                   std::string_view lineComment, NeedWords words = NeedWords::NamesAndFeatures);

// The needs of mapping values: a table `{100: gen_sm100_module, 90:
// gen_sm90_module}` chooses a path per key as a chain does per arm (the
// need's arm is the entry's index). Every front-end calls it on its sites.
void addValueNeeds(std::vector<Site>& sites, std::string_view text, const Knowledge& k, std::string_view lineComment);

// A decision inside a function named for a kernel library
// (`_has_deep_gemm`, `_flash_mla_head_padding`, `flash_attn_3_available`)
// decides whether that library runs: each arm it admits by its keys or
// ranges needs the library, unless the arm records a need of its own. Its
// else or default (the function declining) needs nothing. The library is
// named by its module's words in order (`deep_gemm`: deep, gemm), or by
// them run together (`can_use_deepgemm_grouped`).
void addScopeLibraryNeeds(std::vector<Site>& sites, const Knowledge& k);

// Whether `text` tests `subject` again (a nested decision on the same
// capability): then the arm's body chooses for itself, and its words are
// not one path's needs.
bool mentionsSubject(std::string_view text, std::string_view subject);

}  // namespace archscan
