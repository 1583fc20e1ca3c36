#pragma once
// Conditions read from tokens rather than from an AST: `#if` operands, and
// text Clang did not type. Same shape as the Clang pass produces.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "observations.h"
#include "raw_lexer.h"

namespace archscan::cpp {

// The subject of `defined(__CUDA_ARCH_FEAT_SM100_ALL)` tests: one family of
// macros, one per arch-specific target, named here as knowledge.yaml lists it.
inline constexpr std::string_view kFeatureMacros = "__CUDA_ARCH_FEAT_SM*_ALL";

// Macros a file defines as another capability macro: `#define ARCH __CUDA_ARCH__`.
using MacroAliases = std::map<std::string, std::string>;

// The tests of tokens[begin, end) in disjunctive normal form.
Condition rawCondition(std::string_view text, const std::vector<Token>& tokens, size_t begin, size_t end,
                       const MacroAliases& aliases);

// An operand known only by its tokens: names, calls and atoms from the words.
Operand rawOperand(std::string_view text, const std::vector<Token>& tokens, size_t begin, size_t end);

Span tokenSpan(const Token& first, const Token& last);

}  // namespace archscan::cpp
