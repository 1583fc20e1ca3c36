#pragma once
// A syntactic safety net under Clang: every `switch` read from the raw
// tokens. Clang drops case labels whose identifiers come from a missing
// header (`case CudaArch::Sm100a:`), and whole functions inside an unknown
// macro or a branch the preprocessor skips; those labels and switches are
// recovered here and marked as read from text.
#include <string_view>
#include <vector>

#include "observations.h"
#include "raw_lexer.h"

namespace archscan::cpp {

// Raw switches of the file, with subject, labels and default position.
std::vector<SwitchObs> rawSwitches(std::string_view text, const std::vector<Token>& tokens);

// Adds to `clang` what only the raw reading has: labels Clang lost in a
// switch it saw, and switches it never saw.
void recoverSwitches(std::vector<SwitchObs>& clang, const std::vector<SwitchObs>& raw);

// Raw if / else-if chains (heads only), with bodies, else and the next statement.
std::vector<ChainObs> rawChains(std::string_view text, const std::vector<Token>& tokens);

// Raw chains inside `#define` bodies (`if constexpr (SM == 100) {...} else if
// constexpr (SM == 90) {...}` across continuation lines): Clang sees them
// only where the macro is expanded, and not at all when it never is. Each
// is marked as produced by its macro and named for it.
std::vector<ChainObs> macroBodyChains(std::string_view text, const std::vector<Token>& tokens);

// `NAME<100>` template arguments inside `#define` bodies (`if constexpr
// (arch::is_major_v<10>)` in a dispatch macro), which Clang never sees when
// the macro is not expanded in the file.
std::vector<TemplateArgObs> macroBodyTemplateArgs(std::string_view text, const std::vector<Token>& tokens);

// Adds the raw chains Clang never saw (a branch the preprocessor skipped, an
// unknown macro). A test on a name Clang traced in the same function borrows
// that trace.
void recoverChains(Observations& obs, const std::vector<ChainObs>& raw);

}  // namespace archscan::cpp
