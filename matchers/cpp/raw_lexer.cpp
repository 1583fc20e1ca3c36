#include "raw_lexer.h"

#include <algorithm>
#include <cctype>

namespace archscan::cpp {
namespace {

bool identStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' || (c & 0x80); }
bool identChar(char c) { return identStart(c) || std::isdigit(static_cast<unsigned char>(c)); }

struct Cursor {
  std::string_view s;
  uint32_t i;
  uint32_t end;
  int line;
  bool atLineStart = true;

  bool done() const { return i >= end; }
  char at(uint32_t k) const { return k < end ? s[k] : '\0'; }
  void advance() {
    if (s[i] == '\n') ++line;
    ++i;
  }
  // A backslash-newline is not there as far as tokens go.
  bool splice() {
    if (at(i) == '\\' && (at(i + 1) == '\n' || (at(i + 1) == '\r' && at(i + 2) == '\n'))) {
      i += at(i + 1) == '\r' ? 3 : 2;
      ++line;
      return true;
    }
    return false;
  }
  void skipBlockComment() {
    i += 2;
    while (!done() && !(s[i] == '*' && at(i + 1) == '/')) advance();
    i = std::min(end, i + 2);
  }
  void skipLineComment() {
    while (!done() && s[i] != '\n') {
      if (!splice()) ++i;
    }
  }
  void skipQuoted(char q) {
    ++i;
    while (!done() && s[i] != q && s[i] != '\n') {
      if (s[i] == '\\' && i + 1 < end) {
        if (s[i + 1] == '\n') ++line;
        i += 2;
      } else {
        ++i;
      }
    }
    if (!done() && s[i] == q) ++i;
  }
  // R"delim( ... )delim"
  bool skipRawString() {
    uint32_t open = s.find('(', i + 2);
    if (open == std::string_view::npos || open >= end || open - (i + 2) > 16) return false;
    std::string close = ")" + std::string(s.substr(i + 2, open - (i + 2))) + "\"";
    size_t stop = s.find(close, open);
    uint32_t to = stop == std::string_view::npos || stop >= end ? end : static_cast<uint32_t>(stop + close.size());
    while (i < to) advance();
    return true;
  }
};

const char* const kPuncts[] = {"<<=", ">>=", "...", "->*", "==", "!=", "<=", ">=", "&&", "||", "::", "->", "<<",
                               ">>",  "++",  "--",  "+=",  "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##"};

}  // namespace

std::vector<Token> lexCpp(std::string_view text, uint32_t begin, uint32_t end, int firstLine) {
  Cursor c{text, begin, std::min<uint32_t>(end, static_cast<uint32_t>(text.size())), firstLine};
  std::vector<Token> out;
  while (!c.done()) {
    if (c.splice()) continue;
    char ch = c.s[c.i];
    if (ch == '\n') {
      c.advance();
      c.atLineStart = true;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(ch))) {
      ++c.i;
      continue;
    }
    if (ch == '/' && c.at(c.i + 1) == '*') {
      c.skipBlockComment();
      continue;
    }
    if (ch == '/' && c.at(c.i + 1) == '/') {
      c.skipLineComment();
      continue;
    }
    Token t;
    t.begin = c.i;
    t.line = c.line;
    if (ch == '#' && c.atLineStart) {
      // The directive runs to the first newline not escaped by a backslash;
      // comments inside it are skipped so `// x` cannot hide the next line.
      t.kind = Tok::Directive;
      while (!c.done() && c.s[c.i] != '\n') {
        if (c.splice()) continue;
        if (c.s[c.i] == '/' && c.at(c.i + 1) == '*') c.skipBlockComment();
        else if (c.s[c.i] == '/' && c.at(c.i + 1) == '/') c.skipLineComment();
        else if (c.s[c.i] == '"' || c.s[c.i] == '\'') c.skipQuoted(c.s[c.i]);
        else ++c.i;
      }
      t.end = c.i;
      out.push_back(t);
      continue;
    }
    c.atLineStart = false;
    if (ch == 'R' && c.at(c.i + 1) == '"' && c.skipRawString()) {
      t.kind = Tok::String;
    } else if (identStart(ch)) {
      while (!c.done() && identChar(c.s[c.i])) ++c.i;
      // Encoding prefixes glue to the literal: u8"x", L'x'.
      if (!c.done() && (c.s[c.i] == '"' || c.s[c.i] == '\'') && c.i - t.begin <= 2) {
        char q = c.s[c.i];
        c.skipQuoted(q);
        t.kind = q == '"' ? Tok::String : Tok::Char;
      } else {
        t.kind = Tok::Ident;
      }
    } else if (std::isdigit(static_cast<unsigned char>(ch)) ||
               (ch == '.' && std::isdigit(static_cast<unsigned char>(c.at(c.i + 1))))) {
      // A pp-number: digits, letters, dots, digit separators, exponent signs.
      t.kind = Tok::Number;
      ++c.i;
      while (!c.done()) {
        char d = c.s[c.i];
        if ((d == '+' || d == '-') &&
            (c.s[c.i - 1] == 'e' || c.s[c.i - 1] == 'E' || c.s[c.i - 1] == 'p' || c.s[c.i - 1] == 'P')) {
          ++c.i;
        } else if (identChar(d) || d == '.' || (d == '\'' && identChar(c.at(c.i + 1)))) {
          ++c.i;
        } else {
          break;
        }
      }
    } else if (ch == '"' || ch == '\'') {
      c.skipQuoted(ch);
      t.kind = ch == '"' ? Tok::String : Tok::Char;
    } else {
      t.kind = Tok::Punct;
      uint32_t len = 1;
      for (const char* p : kPuncts) {
        std::string_view pv(p);
        if (text.substr(c.i, pv.size()) == pv && c.i + pv.size() <= c.end) {
          len = static_cast<uint32_t>(pv.size());
          break;
        }
      }
      c.i += len;
    }
    t.end = c.i;
    out.push_back(t);
  }
  return out;
}

size_t matchingToken(std::string_view text, const std::vector<Token>& t, size_t open) {
  if (open >= t.size()) return t.size();
  std::string_view o = spell(text, t[open]);
  std::string_view c = o == "(" ? ")" : o == "[" ? "]" : "}";
  int depth = 0;
  for (size_t i = open; i < t.size(); ++i) {
    std::string_view s = spell(text, t[i]);
    if (s == o) ++depth;
    if (s == c && --depth == 0) return i;
  }
  return t.size();
}

std::pair<size_t, size_t> tokensWithin(const std::vector<Token>& t, uint32_t begin, uint32_t end) {
  auto first = std::lower_bound(t.begin(), t.end(), begin, [](const Token& x, uint32_t b) { return x.begin < b; });
  auto last = first;
  while (last != t.end() && last->end <= end) ++last;
  return {static_cast<size_t>(first - t.begin()), static_cast<size_t>(last - t.begin())};
}

std::optional<long long> integerValue(std::string_view lit) {
  std::string digits;
  for (char ch : lit)
    if (ch != '\'') digits += ch;
  while (!digits.empty() &&
         (digits.back() == 'u' || digits.back() == 'U' || digits.back() == 'l' || digits.back() == 'L'))
    digits.pop_back();
  if (digits.empty()) return std::nullopt;
  int base = 10;
  size_t start = 0;
  if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) base = 16, start = 2;
  else if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'b' || digits[1] == 'B')) base = 2, start = 2;
  else if (digits.size() > 1 && digits[0] == '0') base = 8, start = 1;
  long long v = 0;
  for (size_t k = start; k < digits.size(); ++k) {
    char ch = digits[k];
    int d = std::isdigit(static_cast<unsigned char>(ch))    ? ch - '0'
            : std::isxdigit(static_cast<unsigned char>(ch)) ? std::tolower(ch) - 'a' + 10
                                                            : 99;
    if (d >= base) return std::nullopt;
    if (v > (1LL << 50)) return std::nullopt;
    v = v * base + d;
  }
  return v;
}

DirectiveHead directiveHead(std::string_view text, const Token& d) {
  DirectiveHead h;
  uint32_t i = d.begin + 1;
  auto skipSpace = [&] {
    while (i < d.end) {
      if (text[i] == ' ' || text[i] == '\t') ++i;
      else if (text[i] == '\\' && i + 1 < d.end && (text[i + 1] == '\n' || text[i + 1] == '\r'))
        i += text[i + 1] == '\r' ? 3 : 2;
      else break;
    }
  };
  skipSpace();
  while (i < d.end && identChar(text[i])) h.name += text[i++];
  skipSpace();
  h.operands = i;
  return h;
}

const Token* directiveAround(const std::vector<Token>& tokens, uint32_t at) {
  auto after =
      std::upper_bound(tokens.begin(), tokens.end(), at, [](uint32_t a, const Token& t) { return a < t.begin; });
  if (after == tokens.begin()) return nullptr;
  const Token& t = *(after - 1);  // the last token starting at or before `at`
  return t.kind == Tok::Directive && at < t.end ? &t : nullptr;
}

std::vector<Token> directiveOperands(std::string_view text, const Token& directive) {
  std::vector<Token> out;
  for (const auto& t : lexCpp(text, directiveHead(text, directive).operands, directive.end, directive.line))
    if (spell(text, t) != "\\") out.push_back(t);
  return out;
}

}  // namespace archscan::cpp
