#pragma once
// The cheap test before a parse: does the text mention any of a front-end's
// trigger words? Case-insensitive; one pass per word over a lower-cased copy.
#include <string_view>
#include <vector>

namespace archscan {

// Words every arch decision in practice sits near, in any language: a
// capability source, an arch name.
const std::vector<std::string_view>& archTriggerWords();

// The arch words plus the framework words Python and build files decide near
// (cuda, torch, nvcc, ...). C++ is held to arch words only: "cuda" and
// "device" are in every CUDA header, and a Clang parse costs far more.
const std::vector<std::string_view>& archOrFrameworkWords();

// Whether `text` contains any of `words` (given in lower case), ignoring case.
bool mentionsAny(std::string_view text, const std::vector<std::string_view>& words);

}  // namespace archscan
