#include "shell_lexer.h"

#include <cctype>

namespace archscan::shell {
namespace {

enum class Mode { Shell, Blanks, Whole };

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool nameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool nameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool shellOperatorChar(char c) {
  return c == ';' || c == '&' || c == '|' || c == '(' || c == ')' || c == '<' || c == '>';
}

class Reader {
 public:
  Reader(std::string_view src, uint32_t begin, uint32_t end, int line, std::vector<std::pair<int, std::string>>& errors)
      : s_(src),
        p_(begin),
        end_(std::min<uint32_t>(end, static_cast<uint32_t>(src.size()))),
        line_(line),
        errors_(errors) {}

  bool done() const { return p_ >= end_; }
  char peek(uint32_t ahead = 0) const { return p_ + ahead < end_ ? s_[p_ + ahead] : '\0'; }
  uint32_t pos() const { return p_; }
  int line() const { return line_; }
  void advance() {
    if (s_[p_] == '\n') ++line_;
    ++p_;
  }
  bool continuation() const { return peek() == '\\' && (peek(1) == '\n' || (peek(1) == '\r' && peek(2) == '\n')); }
  void skipContinuation() {
    advance();
    while (peek() != '\n') advance();
    advance();
  }

  // Blanks and continuations between words; in Blanks mode newlines too.
  void skipBlanks(Mode m) {
    while (!done()) {
      if (blank(peek()) || (m != Mode::Shell && peek() == '\n')) advance();
      else if (continuation()) skipContinuation();
      else break;
    }
  }
  void skipToLineEnd() {
    while (!done() && peek() != '\n') advance();
  }

  Word word(Mode m) {
    Word w;
    w.begin = p_;
    w.line = line_;
    while (!done()) {
      char c = peek();
      if (m != Mode::Whole && (blank(c) || c == '\n')) break;
      if (m == Mode::Shell && shellOperatorChar(c)) break;
      if (continuation()) {
        skipContinuation();
      } else if (c == '\'') {
        single(w.value, false);
      } else if (c == '$' && peek(1) == '\'') {
        advance();
        single(w.value, true);
      } else if (c == '"') {
        dbl(w.value);
      } else if (c == '\\') {
        advance();
        if (!done()) {
          w.value.push(peek(), p_, false);
          advance();
        }
      } else if (c == '$' || c == '`') {
        reference(w.value, false);
      } else {
        w.value.push(c, p_, false);
        advance();
      }
    }
    w.end = p_;
    return w;
  }

 private:
  void error(int line, const std::string& msg) { errors_.push_back({line, msg}); }

  void single(Slice& v, bool ansi) {
    int at = line_;
    advance();
    while (!done() && peek() != '\'') {
      if (ansi && peek() == '\\' && p_ + 1 < end_) advance();
      v.push(peek(), p_, true);
      advance();
    }
    if (done()) error(at, "unterminated single quote");
    else advance();
  }

  void dbl(Slice& v) {
    int at = line_;
    advance();
    while (!done() && peek() != '"') {
      char c = peek();
      if (continuation()) {
        skipContinuation();
      } else if (c == '\\' && (peek(1) == '"' || peek(1) == '\\' || peek(1) == '$' || peek(1) == '`')) {
        advance();
        v.push(peek(), p_, true);
        advance();
      } else if (c == '$' || c == '`') {
        reference(v, true);
      } else {
        v.push(c, p_, true);
        advance();
      }
    }
    if (done()) error(at, "unterminated double quote");
    else advance();
  }

  // Copies a reference's bytes into the value as written and records it.
  void reference(Slice& v, bool quoted) {
    Reference r;
    r.begin = v.text.size();
    int at = line_;
    auto copy = [&] {
      v.push(peek(), p_, quoted);
      advance();
    };
    if (peek() == '`') {
      copy();
      while (!done() && peek() != '`') {
        if (peek() == '\\' && p_ + 1 < end_) copy();
        copy();
      }
      if (done()) error(at, "unterminated backquote");
      else copy();
    } else if (peek(1) == '{' || peek(1) == '(') {
      char open = peek(1), close = open == '{' ? '}' : ')';
      copy();
      copy();
      size_t nameAt = v.text.size();
      while (!done() && nameChar(peek())) copy();
      if (open == '{') r.name = v.text.substr(nameAt);
      size_t opAt = v.text.size();
      int depth = 1;
      char q = '\0';
      while (!done()) {
        char c = peek();
        if (q) {
          if (c == q) q = '\0';
          else if (c == '\\' && q == '"' && p_ + 1 < end_) copy();
        } else if (c == '\'' || c == '"') {
          q = c;
        } else if (c == '\\' && p_ + 1 < end_) {
          copy();
        } else if (c == open) {
          ++depth;
        } else if (c == close && --depth == 0) {
          break;
        }
        copy();
      }
      if (done()) {
        error(at, std::string("unterminated $") + open);
      } else {
        std::string rest = v.text.substr(opAt);
        size_t opLen = rest.rfind(":-", 0) == 0 || rest.rfind(":=", 0) == 0
                           ? 2
                           : (rest.rfind('-', 0) == 0 || rest.rfind('=', 0) == 0 ? 1 : 0);
        if (open == '{' && !r.name.empty() && opLen > 0) {
          r.has_default = true;
          r.default_begin = opAt + opLen;
          r.default_end = v.text.size();
          char f = v.text[r.default_begin];
          if (r.default_end - r.default_begin >= 2 && (f == '"' || f == '\'') && v.text[r.default_end - 1] == f) {
            ++r.default_begin;
            --r.default_end;
          }
        } else if (open == '{' && !rest.empty()) {
          r.name.clear();  // ${#X}, ${X/a/b}, ${{ expr }}: not the variable's value
        }
        copy();
      }
    } else if (nameStart(peek(1))) {
      copy();
      size_t nameAt = v.text.size();
      while (!done() && nameChar(peek())) copy();
      r.name = v.text.substr(nameAt);
    } else if (p_ + 1 < end_ && (std::isdigit(static_cast<unsigned char>(peek(1))) ||
                                 std::string_view("@*#?$!-").find(peek(1)) != std::string_view::npos)) {
      copy();
      copy();
    } else {
      copy();  // a lone `$` is a character
      return;
    }
    r.end = v.text.size();
    v.refs.push_back(r);
  }

  std::string_view s_;
  uint32_t p_, end_;
  int line_;
  std::vector<std::pair<int, std::string>>& errors_;
};

const char* const kOperators[] = {";;&", ";;", ";&", "&&", "||", "|&", "<<-", "<<<", "<<", ">>", "<&",
                                  ">&",  "<>", ">|", ";",  "&",  "|",  "(",   ")",   "<",  ">"};

// The delimiter of a here-document, quotes removed.
std::string delimiter(const Word& w) { return w.value.text; }

}  // namespace

ShellLex lexShell(std::string_view source, uint32_t begin, uint32_t end, int first_line) {
  ShellLex out;
  out.source = source;
  out.begin = begin;
  out.end = end;
  Reader r(source, begin, end, first_line, out.errors);
  std::vector<std::pair<std::string, bool>> pendingHeredocs;  // delimiter, strip tabs
  ShellCommand cur;
  auto flush = [&] {
    if (!cur.words.empty()) out.commands.push_back(std::move(cur));
    cur = ShellCommand{};
  };
  while (true) {
    r.skipBlanks(Mode::Shell);
    if (r.done()) break;
    char c = r.peek();
    if (c == '#') {
      r.skipToLineEnd();
      continue;
    }
    if (c == '\n') {
      Token t;
      t.op = true;
      t.text = "\n";
      t.line = r.line();
      t.word.begin = r.pos();
      t.word.end = r.pos() + 1;
      out.tokens.push_back(t);
      r.advance();
      cur.ended_by = "\n";
      flush();
      // Here-document bodies follow the line that opened them.
      for (const auto& [delim, tabs] : pendingHeredocs) {
        while (!r.done()) {
          uint32_t ls = r.pos();
          r.skipToLineEnd();
          std::string_view text = source.substr(ls, r.pos() - ls);
          if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
          if (tabs) text.remove_prefix(std::min(text.find_first_not_of('\t'), text.size()));
          if (!r.done()) r.advance();
          if (text == delim) break;
        }
      }
      pendingHeredocs.clear();
      continue;
    }
    if (shellOperatorChar(c)) {
      std::string op;
      for (const char* o : kOperators) {
        std::string_view ov(o);
        bool match = true;
        for (size_t i = 0; i < ov.size(); ++i) match &= r.peek(static_cast<uint32_t>(i)) == ov[i];
        if (match) {
          op = o;
          break;
        }
      }
      Token t;
      t.op = true;
      t.text = op;
      t.line = r.line();
      t.word.begin = r.pos();
      for (size_t i = 0; i < op.size(); ++i) r.advance();
      t.word.end = r.pos();
      out.tokens.push_back(t);
      bool redirection = op[0] == '<' || op[0] == '>' || op == ">&" || op == "<&";
      if (!redirection) {
        cur.ended_by = op;
        flush();
      } else if (op == "<<" || op == "<<-") {
        r.skipBlanks(Mode::Shell);
        Word d = r.word(Mode::Shell);
        pendingHeredocs.push_back({delimiter(d), op == "<<-"});
      } else {
        // The redirection target is no argument of the command.
        cur.redirected = true;
        r.skipBlanks(Mode::Shell);
        if (!r.done() && !shellOperatorChar(r.peek()) && r.peek() != '\n') r.word(Mode::Shell);
      }
      continue;
    }
    Token t;
    t.line = r.line();
    t.word = r.word(Mode::Shell);
    if (t.word.end == t.word.begin) {  // nothing consumed: step over the byte
      r.advance();
      continue;
    }
    if (cur.words.empty()) cur.line = t.line;
    cur.words.push_back(t.word);
    out.tokens.push_back(std::move(t));
  }
  flush();
  return out;
}

std::vector<Word> lexWords(std::string_view source, uint32_t begin, uint32_t end, int first_line, bool whole,
                           std::vector<std::pair<int, std::string>>& errors) {
  std::vector<Word> out;
  Reader r(source, begin, end, first_line, errors);
  while (true) {
    r.skipBlanks(Mode::Blanks);
    if (r.done()) break;
    uint32_t at = r.pos();
    Word w = r.word(whole ? Mode::Whole : Mode::Blanks);
    if (r.pos() == at) {
      r.advance();
      continue;
    }
    // A whole value ends at its last non-blank byte.
    if (whole) {
      while (!w.value.text.empty() && !w.value.quoted.back() &&
             (blank(w.value.text.back()) || w.value.text.back() == '\n')) {
        w.value.text.pop_back();
        w.value.at.pop_back();
        w.value.quoted.pop_back();
      }
      // An unterminated reference ran to the end, blanks included: it ends
      // where the value now does, or a reader of it would index past the text.
      for (Reference& ref : w.value.refs) {
        ref.end = std::min(ref.end, w.value.text.size());
        ref.begin = std::min(ref.begin, ref.end);
        ref.default_end = std::min(ref.default_end, ref.end);
        ref.default_begin = std::min(ref.default_begin, ref.default_end);
      }
    }
    out.push_back(std::move(w));
  }
  return out;
}

std::optional<Assignment> splitAssignment(const Word& w, bool argument) {
  const Slice& v = w.value;
  size_t i = 0;
  if (argument) {
    if (v.text.rfind("--", 0) == 0) i = 2;
    else if (v.text.rfind("-D", 0) == 0) i = 2;
  }
  size_t nameBegin = i;
  if (i >= v.text.size() || !nameStart(v.text[i])) return std::nullopt;
  while (i < v.text.size() && (nameChar(v.text[i]) || (argument && nameBegin == 2 && v.text[i] == '-'))) {
    if (!argument && v.quoted[i]) return std::nullopt;
    ++i;
  }
  size_t nameEnd = i;
  if (argument && i < v.text.size() && v.text[i] == ':') {  // -DNAME:STRING=...
    while (i < v.text.size() && v.text[i] != '=') ++i;
  }
  bool append = i + 1 < v.text.size() && v.text[i] == '+' && v.text[i + 1] == '=';
  if (append) ++i;
  if (i >= v.text.size() || v.text[i] != '=') return std::nullopt;
  for (const Reference& r : v.refs)
    if (r.begin < i) return std::nullopt;  // the name came from an expansion
  Assignment a;
  a.name = v.text.substr(nameBegin, nameEnd - nameBegin);
  a.append = append;
  a.value = v.sub(i + 1, v.text.size());
  a.begin = w.begin;
  a.end = w.end;
  a.line = w.line;
  return a;
}

std::vector<Assignment> assignments(const ShellCommand& c) {
  std::vector<Assignment> out;
  size_t i = 0;
  for (; i < c.words.size(); ++i) {
    auto a = splitAssignment(c.words[i], false);
    if (!a) break;
    out.push_back(*a);
  }
  if (i >= c.words.size()) return out;
  const std::string& cmd = c.words[i].value.text;
  bool declares =
      cmd == "export" || cmd == "local" || cmd == "declare" || cmd == "typeset" || cmd == "readonly" || cmd == "env";
  for (++i; i < c.words.size(); ++i) {
    const Word& w = c.words[i];
    if (declares && !w.value.text.empty() && w.value.text[0] == '-') continue;
    if (auto a = splitAssignment(w, !declares)) out.push_back(*a);
  }
  return out;
}

}  // namespace archscan::shell
