#pragma once
// How deep a JSON or YAML text nests, found without parsing it. The parsers
// archscan uses (yaml-cpp, llvm::json) recurse once per level, so a hostile
// or damaged file nested 50,000 deep would overflow the stack before they
// could report anything: every reader asks this first.
#include <optional>
#include <string>
#include <string_view>

namespace archscan {

// Deeper than any file archscan reads or writes (facts nest about 8 levels).
inline constexpr int kMaxNesting = 256;

struct NestingProblem {
  int line = 0;
  std::string what;  // "nested deeper than 256 levels"
  // "origin:line: what", the form of every input error.
  std::string at(const std::string& origin) const { return origin + ":" + std::to_string(line) + ": " + what; }
};

// Where the brackets ([ {) outside quoted strings, or YAML's block sequences
// (`- - - x`), first nest deeper than `limit`, or a line is indented more
// than 4 * limit columns; nullopt otherwise. Linear in the text, no recursion.
std::optional<NestingProblem> nestingProblem(std::string_view text, int limit = kMaxNesting);

}  // namespace archscan
