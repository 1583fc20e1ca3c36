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

// Whether `text` holds a literal shaped like an arch or a test of one, in any
// language: "9.0" or '10.0a' quoted, a (9, 0) pair, a comparison with 70..129
// (`>= 90`), an arch number as a dict key (`{90: ...`, `{9: ...`), or the words sm or cc
// standing alone. Python tables keyed by
// "9.0" and tests on an imported helper's result need no arch word.
bool mentionsArchLiteral(std::string_view text);

// Whether `text` names an arch word as code does, ignoring case: an
// archTriggerWords() word that is not part of a longer word that never is
// about archs (recompute_, ssm_state, gsm8k, search, hierarchy, archive,
// capable).
bool mentionsArchWord(std::string_view text);

// Whether `text` contains any of `words` (given in lower case), ignoring case.
bool mentionsAny(std::string_view text, const std::vector<std::string_view>& words);

}  // namespace archscan
