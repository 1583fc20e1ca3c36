#pragma once
// `if constexpr (arch::is_major_v<10>) {...} else if constexpr
// (arch::is_major_v<9>) {...} else { static_assert(...); }`: what an arch
// that no arm names gets, read from the tokens of the chain around a
// template argument.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/facts.h"
#include "raw_lexer.h"

namespace archscan::cpp {

struct ConstexprChainEnd {
  uint32_t chain_begin = 0;  // the first `if` of the chain: one chain, one site
  OnMissing on_missing = OnMissing::Fallback;
  std::string reason;
  std::string message;  // the failing statement's strings, for gate detection
};

// The end of the `if constexpr` chain whose condition holds the byte `at`,
// or nullopt when `at` is not in such a condition.
std::optional<ConstexprChainEnd> constexprChainEnd(std::string_view text, const std::vector<Token>& tokens,
                                                   uint32_t at);

}  // namespace archscan::cpp
