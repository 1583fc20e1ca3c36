#include "prose.h"

#include <utility>

namespace archscan::py {
namespace {

bool tripleAt(std::string_view s, size_t at, char q) {
  return at + 2 < s.size() && s[at] == q && s[at + 1] == q && s[at + 2] == q;
}

// Where the string whose quote is at `at` ends (one past its closing
// quote), or the line's end for a one-line string left open.
size_t stringEnd(std::string_view s, size_t at) {
  char q = s[at];
  bool triple = tripleAt(s, at, q);
  size_t j = at + (triple ? 3 : 1);
  while (j < s.size()) {
    if (s[j] == '\\') {  // escapes the next character, also in raw strings
      j += 2;
      continue;
    }
    if (!triple && s[j] == '\n') return j;
    if (s[j] == q && (!triple || tripleAt(s, j, q))) return j + (triple ? 3 : 1);
    ++j;
  }
  return s.size();
}

bool blank(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\r'; }

// The quote of a string starting at `at` (`at` itself when there is no
// prefix), past r/u/b prefixes (never f: an f-string's fields are code, and
// its quote is met as a string that does not start the statement).
size_t quoteOfPlainString(std::string_view s, size_t at) {
  size_t q = at;
  while (q < s.size() && q < at + 2 &&
         (s[q] == 'r' || s[q] == 'R' || s[q] == 'u' || s[q] == 'U' || s[q] == 'b' || s[q] == 'B'))
    ++q;
  return q < s.size() && (s[q] == '"' || s[q] == '\'') ? q : std::string_view::npos;
}

void blankRange(std::string& s, size_t from, size_t to) {
  for (size_t k = from; k < to; ++k)
    if (s[k] != '\n') s[k] = ' ';
}

}  // namespace

std::string withoutProse(std::string_view source) {
  std::string out(source);
  const std::string_view view(out);
  int depth = 0;  // open brackets: a newline inside them continues the statement
  bool statementStart = true;  // at the first token of a logical line
  size_t i = 0;
  while (i < out.size()) {
    char c = out[i];
    if (blank(c)) {
      ++i;
      continue;
    }
    bool first = std::exchange(statementStart, false);
    if (c == '\n') {
      statementStart = depth == 0;
      ++i;
    } else if (c == '\\' && i + 1 < out.size() && out[i + 1] == '\n') {
      statementStart = first;  // a continued line goes on with the same statement
      i += 2;
    } else if (c == '#') {
      size_t end = view.find('\n', i);
      if (end == std::string_view::npos) end = out.size();
      if (view.substr(i, end - i).find("archscan") == std::string_view::npos) blankRange(out, i, end);
      i = end;  // the newline there decides the next statement start
    } else if (size_t q = quoteOfPlainString(view, i); q != std::string_view::npos) {
      size_t end = stringEnd(view, q);
      // A statement of its own: the line goes on with nothing but blanks or a comment.
      size_t k = end;
      while (k < out.size() && blank(out[k])) ++k;
      bool alone = first && depth == 0 && (k == out.size() || out[k] == '\n' || out[k] == '#');
      if (alone) blankRange(out, i, end);
      i = end;
    } else {
      if (c == '(' || c == '[' || c == '{') ++depth;
      if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
      ++i;
    }
  }
  return out;
}

}  // namespace archscan::py
