#pragma once
// `bool is_sm9x = dprops->major == 9; if (is_sm9x) {...}`: a test stored in
// a flag and branched on later. What a missing arch does is decided where
// the flag is read, not where it is computed.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cpp_subject.h"
#include "observations.h"
#include "raw_lexer.h"

namespace archscan::cpp {

struct FlagUse {
  std::string flag;  // is_sm9x
  int line = 0;  // of the `if (flag)`
  BlockExit taken;  // the branch the listed archs take
  BlockExit other;  // what unlisted archs run: the else, or the statement after
  bool has_else = false;
};

// The first `if (flag)` after the declaration that `test` initialises;
// nullopt when the test is not a flag's initialiser or the flag is not
// branched on in the same block.
std::optional<FlagUse> flagUse(std::string_view text, const std::vector<Token>& tokens, const Span& test);

}  // namespace archscan::cpp
