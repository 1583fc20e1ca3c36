#include "lexer.h"

#include <cctype>

namespace archscan::cmake {
namespace {

class Lexer {
 public:
  explicit Lexer(std::string_view s) : s_(s) {}

  LexResult run() {
    while (pos_ < s_.size()) {
      skipSpaceAndComments(true);
      if (pos_ >= s_.size()) break;
      char c = s_[pos_];
      if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
        command();
      } else {
        // Not a command start: report once and resync at the next line.
        out_.errors.push_back({line_, std::string("unexpected '") + c + "'"});
        while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
      }
    }
    return std::move(out_);
  }

 private:
  bool at(char c) const { return pos_ < s_.size() && s_[pos_] == c; }

  void advance() {
    if (pos_ < s_.size() && s_[pos_] == '\n') ++line_;
    ++pos_;
  }

  // `[`, any `=`, `[`: the opening of a bracket; returns its level or -1.
  int bracketOpen(size_t p) const {
    if (p >= s_.size() || s_[p] != '[') return -1;
    size_t q = p + 1;
    while (q < s_.size() && s_[q] == '=') ++q;
    if (q < s_.size() && s_[q] == '[') return static_cast<int>(q - p - 1);
    return -1;
  }

  // Consumes a bracket body after its opening; returns the content range.
  std::pair<size_t, size_t> bracketBody(int level) {
    std::string close = "]" + std::string(static_cast<size_t>(level), '=') + "]";
    size_t start = pos_;
    size_t found = s_.find(close, pos_);
    if (found == std::string_view::npos) {
      out_.errors.push_back({line_, "unterminated bracket"});
      while (pos_ < s_.size()) advance();
      return {start, s_.size()};
    }
    while (pos_ < found) advance();
    pos_ += close.size();
    return {start, found};
  }

  void skipSpaceAndComments(bool newlines) {
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (c == ' ' || c == '\t' || c == '\r' || (newlines && c == '\n')) {
        advance();
      } else if (c == '#') {
        int level = bracketOpen(pos_ + 1);
        if (level >= 0) {
          pos_ += static_cast<size_t>(level) + 3;
          bracketBody(level);
        } else {
          while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
        }
      } else {
        break;
      }
    }
  }

  void command() {
    Command cmd;
    cmd.begin = static_cast<uint32_t>(pos_);
    cmd.line = line_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
    cmd.name = std::string(s_.substr(cmd.begin, pos_ - cmd.begin));
    for (char ch : cmd.name) cmd.lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    skipSpaceAndComments(false);
    if (!at('(')) {
      out_.errors.push_back({line_, "expected '(' after " + cmd.name});
      return;
    }
    advance();
    int depth = 1;
    while (pos_ < s_.size() && depth > 0) {
      skipSpaceAndComments(true);
      if (pos_ >= s_.size()) break;
      char c = s_[pos_];
      if (c == ')') {
        advance();
        --depth;
        if (depth == 0) break;
        continue;
      }
      if (c == '(') {  // nested parentheses (if() conditions) are arguments' structure only
        advance();
        ++depth;
        continue;
      }
      Argument a;
      a.line = line_;
      a.begin = static_cast<uint32_t>(pos_);
      int level = bracketOpen(pos_);
      if (c == '"') {
        quoted(a);
      } else if (level >= 0) {
        a.kind = ArgKind::Bracket;
        pos_ += static_cast<size_t>(level) + 2;
        auto [b, e] = bracketBody(level);
        a.content = static_cast<uint32_t>(b);
        a.value = std::string(s_.substr(b, e - b));
      } else {
        unquoted(a);
      }
      a.end = static_cast<uint32_t>(pos_);
      if (a.end > a.begin) cmd.args.push_back(std::move(a));
      else advance();  // never loop in place
    }
    if (depth > 0) out_.errors.push_back({cmd.line, "unterminated " + cmd.name + "("});
    cmd.end = static_cast<uint32_t>(pos_);
    cmd.end_line = line_;
    out_.commands.push_back(std::move(cmd));
  }

  void quoted(Argument& a) {
    a.kind = ArgKind::Quoted;
    advance();  // opening quote
    a.content = static_cast<uint32_t>(pos_);
    while (pos_ < s_.size() && s_[pos_] != '"') {
      char c = s_[pos_];
      if (c == '\\' && pos_ + 1 < s_.size()) {
        char n = s_[pos_ + 1];
        a.escaped = true;
        advance();
        if (n == '\n') {  // line continuation
          advance();
          continue;
        }
        a.value += n == 'n' ? '\n' : n == 't' ? '\t' : n == 'r' ? '\r' : n == ';' ? ';' : n;
        if (n == ';') a.value.insert(a.value.size() - 1, "\\");  // \; keeps its meaning in lists
        advance();
        continue;
      }
      a.value += c;
      advance();
    }
    if (pos_ >= s_.size()) out_.errors.push_back({a.line, "unterminated quoted argument"});
    else advance();  // closing quote
  }

  void unquoted(Argument& a) {
    a.kind = ArgKind::Unquoted;
    a.content = static_cast<uint32_t>(pos_);
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '(' || c == ')' || c == '#' || c == '"') break;
      if (c == '\\' && pos_ + 1 < s_.size()) {
        a.escaped = true;
        a.value += s_[pos_ + 1];
        pos_ += 2;
        continue;
      }
      a.value += c;
      ++pos_;
    }
  }

  std::string_view s_;
  size_t pos_ = 0;
  int line_ = 1;
  LexResult out_;
};

}  // namespace

LexResult lex(std::string_view source) { return Lexer(source).run(); }

}  // namespace archscan::cmake
