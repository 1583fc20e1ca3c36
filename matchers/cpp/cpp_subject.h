#pragma once
// Judging what the Clang pass traced: whether an operand reaches a capability
// source, carries an arch-like or vetoing name; and what a block of code does
// when control reaches it (falls through, returns, crashes).
#include <string>
#include <string_view>

#include "knowledge/knowledge.h"
#include "observations.h"
#include "raw_lexer.h"

namespace archscan::cpp {

Subject judgeOperand(const Operand& o, const Knowledge& k);

struct BlockExit {
  Exit exit = Exit::Falls;
  std::string what;  // the crashing or returning statement, shortened
  std::string message;  // the string literals of that statement, for gate detection
  bool skips = false;  // GTEST_SKIP(): a test skipped, not a crash
};
// The contents of the string literals among tokens[from, to), space-separated.
std::string stringLiterals(std::string_view text, const std::vector<Token>& tokens, size_t from, size_t to);
// Reads the file's tokens inside text[s.begin, s.end) in order; the first
// decisive one wins.
BlockExit exitOf(std::string_view text, const std::vector<Token>& tokens, const Span& s);

// The callee or macro whose argument list encloses `at`: `DG_HOST_ASSERT` for
// a comparison inside `DG_HOST_ASSERT(arch == 9 || arch == 10)`; "" if none.
std::string enclosingCallee(std::string_view text, uint32_t at);

// assert, static_assert, TORCH_CHECK, *_ASSERT, *_CHECK: a false argument aborts.
// A call that ends the program or the kernel: abort, __trap, a project's
// UNREACHABLE, *_THROW, *_ERROR or NOT_IMPLEMENTED macro.
bool isCrashCall(const std::string& id);
bool isAssertLike(const std::string& callee);

// Archs a function's own name spells (`run_sm90_kernel`) and whether it is arch-like.
struct NameInfo {
  bool arch_like = false;
  std::vector<Arch> archs;
};
NameInfo functionName(const std::string& qualified, const Knowledge& k);

}  // namespace archscan::cpp
