#pragma once
// A total lexer for C, C++ and CUDA source that needs no headers and no
// preprocessing: comments vanish, strings and character literals are single
// tokens, and each preprocessor directive is one token spanning its (possibly
// continued) lines. It is what archscan reads when Clang cannot see the text:
// branches the preprocessor skips, case labels Sema dropped, macro arguments.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace archscan::cpp {

enum class Tok { Ident, Number, String, Char, Punct, Directive };

struct Token {
  Tok kind = Tok::Punct;
  uint32_t begin = 0;
  uint32_t end = 0;  // exclusive
  int line = 0;  // 1-based, of `begin`
};

// Tokens of text[begin, end); `firstLine` is the line number at `begin`.
std::vector<Token> lexCpp(std::string_view text, uint32_t begin = 0, uint32_t end = UINT32_MAX, int firstLine = 1);

inline std::string_view spell(std::string_view text, const Token& t) { return text.substr(t.begin, t.end - t.begin); }

// The token closing the bracket ((, [ or {) at index `open`; tokens.size() if unbalanced.
size_t matchingToken(std::string_view text, const std::vector<Token>& tokens, size_t open);

// Indices [first, last) of the tokens lying inside text[begin, end).
std::pair<size_t, size_t> tokensWithin(const std::vector<Token>& tokens, uint32_t begin, uint32_t end);

// The value of an integer literal as spelled (90, 0x5a, 1'000, 90u, 100UL);
// nullopt for floats and anything else.
std::optional<long long> integerValue(std::string_view literal);

// A directive token's name (if, elif, ifdef, else, endif, define, error, ...)
// and the byte offset where its operands begin.
struct DirectiveHead {
  std::string name;
  uint32_t operands = 0;
};
DirectiveHead directiveHead(std::string_view text, const Token& directive);

// The directive token of `tokens` whose text holds the byte `at` (a #define
// body is one token of the file), or null.
const Token* directiveAround(const std::vector<Token>& tokens, uint32_t at);

// The tokens of a directive after its name, without line continuations.
std::vector<Token> directiveOperands(std::string_view text, const Token& directive);

}  // namespace archscan::cpp
