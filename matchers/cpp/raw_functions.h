#pragma once
// Function definitions found from the tokens alone, with the names their
// bodies call. Clang drops a function whose signature names a type from a
// header it could not find (`torch::Tensor` without the torch headers), yet
// the raw lexer still reads the sites in it; callers of such functions are
// found here.
#include <string>
#include <string_view>
#include <vector>

#include "observations.h"
#include "raw_lexer.h"

namespace archscan::cpp {

struct RawFunction {
  std::string name;  // as spelled before its parameter list (unqualified)
  Span body;  // from `{` to `}`
};

// The name of the function whose body the `{` at token i opens (`name(...)
// [const|noexcept|override] {`), or "" for a control statement or a block.
std::string functionHeadName(std::string_view text, const std::vector<Token>& tokens, size_t i);

// Outermost `name(...) [qualifiers] {` ... `}` definitions, not control
// statements; lambdas and nested blocks are part of their function.
std::vector<RawFunction> rawFunctions(std::string_view text, const std::vector<Token>& tokens);

// The names the tokens of `body` call (`name(`), unique, at most `most`.
std::vector<std::string> callsIn(std::string_view text, const std::vector<Token>& tokens, const Span& body,
                                 size_t most);

}  // namespace archscan::cpp
