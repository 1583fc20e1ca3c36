#pragma once
// A lexer for the CMake language: a file is a flat list of command
// invocations `name(args)`. Arguments are bracket (`[=[...]=]`), quoted
// (`"..."`, with escapes and `\`-newline continuations) or unquoted (with
// `${VAR}` references and nested parentheses kept as arguments); comments
// are `# line` and `#[[ bracket ]]`. Every argument keeps its byte range.
// Total on any input: malformed text yields fewer commands, never a crash.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace archscan::cmake {

enum class ArgKind { Unquoted, Quoted, Bracket };

struct Argument {
  ArgKind kind = ArgKind::Unquoted;
  std::string value;  // unescaped content (quotes and brackets removed)
  uint32_t begin = 0;  // the whole argument, quotes included
  uint32_t end = 0;
  uint32_t content = 0;  // where `value`'s bytes start (after the quote or bracket)
  bool escaped = false;  // value differs from the source bytes (escapes, continuations)
  int line = 0;
};

struct Command {
  std::string name;  // as written; CMake command names are case-insensitive
  std::string lower;
  uint32_t begin = 0, end = 0;  // name .. closing parenthesis
  int line = 0, end_line = 0;
  std::vector<Argument> args;
};

struct LexResult {
  std::vector<Command> commands;
  std::vector<std::pair<int, std::string>> errors;  // line, message
};

LexResult lex(std::string_view source);

}  // namespace archscan::cmake
