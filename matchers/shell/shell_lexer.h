#pragma once
// A lexer for POSIX shell and bash, enough to read variable assignments,
// compiler flags and `case` labels: it turns a script into words and
// operators (newline, `;`, `;;`, `&&`, `||`, `|`, `&`, `(`, `)`,
// redirections), removing quotes ('...', "...", $'...') and backslash
// escapes, joining `\`-newline continuations, dropping `#` comments, and
// recording $NAME / ${NAME} / ${NAME:-default} / $(...) / `...` / ${{ expr }}
// references. Here-document bodies are skipped. It does not parse control
// flow: `if`, `then`, `case` are words like any other. Total on any input:
// an unterminated quote or substitution is an error, never a crash.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "word.h"

namespace archscan::shell {

struct Token {
  bool op = false;
  std::string text;  // the operator ("\n" for a newline); empty for a word
  Word word;  // a word's value and range
  int line = 0;
};

struct ShellCommand {
  std::vector<Word> words;
  int line = 0;
  bool redirected = false;  // its output or input goes to or from a file (`>`, `>>`, `<`)
  std::string ended_by;  // the operator after it ("\n", ";", "|", "&&", ...); empty at the end
};

struct ShellLex {
  std::string_view source;  // the whole source; [begin, end) was lexed, here-document bodies included
  uint32_t begin = 0, end = 0;
  std::vector<Token> tokens;
  std::vector<ShellCommand> commands;  // the words between separating operators
  std::vector<std::pair<int, std::string>> errors;  // line, message
};

// Lexes source[begin, end); offsets and lines (first_line is the line of
// `begin`) are those of the whole source.
ShellLex lexShell(std::string_view source, uint32_t begin, uint32_t end, int first_line);
inline ShellLex lexShell(std::string_view source) {
  return lexShell(source, 0, static_cast<uint32_t>(source.size()), 1);
}

// Words without shell operators, as Dockerfile ENV and ARG split them: only
// blanks separate words (with `whole`, not even those: one word), and `;`,
// `&`, `|`, `#` are ordinary characters. Quotes, escapes and references as above.
std::vector<Word> lexWords(std::string_view source, uint32_t begin, uint32_t end, int first_line, bool whole,
                           std::vector<std::pair<int, std::string>>& errors);

// NAME=VALUE (or NAME+=VALUE) read from a script.
struct Assignment {
  std::string name;
  bool append = false;
  Slice value;  // after the `=`
  uint32_t begin = 0, end = 0;  // the whole word
  int line = 0;
};

// `NAME=VALUE` in one word (`-D` and `--` prefixes and a CMake `:TYPE`
// allowed when `argument`); the name must be written unquoted unless `argument`.
std::optional<Assignment> splitAssignment(const Word& w, bool argument);

// The assignments of each command: leading NAME=VALUE words, the arguments
// of export/local/declare/typeset/readonly/env, and NAME=VALUE, -DNAME=VALUE
// and --NAME=VALUE arguments of other commands (cmake -D, docker
// --build-arg, `echo "NAME=VALUE" >> "$GITHUB_ENV"`).
std::vector<Assignment> assignments(const ShellCommand& c);

}  // namespace archscan::shell
