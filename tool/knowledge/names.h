#pragma once
// Identifier words: `_WORLD_SIZES_MULTIMEM` -> world sizes multimem,
// `getSMVersion` -> get sm version, `gen_gemm_sm120_module` -> gen gemm sm120 module.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arch/arch.h"
#include "knowledge/knowledge.h"

namespace archscan {

std::vector<std::string> splitWords(std::string_view identifier);

struct NameVerdict {
  bool arch_like = false;  // an arch word or phrase, not cancelled by a negative one
  bool negative = false;  // a negative word or phrase outside the arch phrases
  bool deny = false;  // a deny-list word (BROKEN_ARCHS)
  std::vector<Arch> named_archs;  // archs the name spells (sm120 -> sm_120)
};

NameVerdict judgeName(std::string_view identifier, const Knowledge& k);

}  // namespace archscan
