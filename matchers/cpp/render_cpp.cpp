#include "render_cpp.h"

#include <cctype>
#include <optional>

namespace archscan {
namespace {

bool blank(char c) { return c == ' ' || c == '\t'; }

std::string withKey(const std::string& src, const Entry& like, const std::string& key) {
  std::string item = src.substr(like.item.begin, like.item.end - like.item.begin);
  item.replace(like.key.begin - like.item.begin, like.key.end - like.key.begin, key);
  return item;
}

size_t lineStartOf(const std::string& src, size_t pos) {
  size_t nl = pos == 0 ? std::string::npos : src.rfind('\n', pos - 1);
  return nl == std::string::npos ? 0 : nl + 1;
}

// The first line of the logical line holding `pos` (following `\` continuations back).
size_t logicalLineStart(const std::string& src, size_t pos) {
  size_t ls = lineStartOf(src, pos);
  while (ls >= 2) {
    size_t prevEnd = ls - 1;  // the '\n'
    if (prevEnd > 0 && src[prevEnd - 1] == '\r') --prevEnd;
    if (prevEnd == 0 || src[prevEnd - 1] != '\\') break;
    ls = lineStartOf(src, prevEnd - 1);
  }
  return ls;
}

// The directive a position is in (`define`, `if`, `elif`), or "" outside one.
std::string directiveAt(const std::string& src, size_t pos) {
  size_t p = logicalLineStart(src, pos);
  while (p < src.size() && blank(src[p])) ++p;
  if (p >= src.size() || src[p] != '#') return "";
  ++p;
  while (p < src.size() && blank(src[p])) ++p;
  size_t b = p;
  while (p < src.size() && std::isalpha(static_cast<unsigned char>(src[p]))) ++p;
  return src.substr(b, p - b);
}

// What touches [b, e) on either side, skipping blanks: the operator or
// bracket that decides whether `a || b` needs parentheses there.
std::string before(const std::string& src, size_t b) {
  size_t p = b;
  while (p > 0 && blank(src[p - 1])) --p;
  if (p == 0 || src[p - 1] == '\n') return "^";
  if (p >= 2 && (src.compare(p - 2, 2, "||") == 0 || src.compare(p - 2, 2, "&&") == 0)) return src.substr(p - 2, 2);
  if (p >= 3 && src.compare(p - 3, 3, "#if") == 0) return "#if";
  if (p >= 5 && src.compare(p - 5, 5, "#elif") == 0) return "#if";
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  if (word(src[p - 1])) {  // `and`, `or`, `not`: a whole word
    size_t w = p;
    while (w > 0 && word(src[w - 1])) --w;
    return src.substr(w, p - w);
  }
  return std::string(1, src[p - 1]);
}

std::string after(const std::string& src, size_t e) {
  size_t p = e;
  while (p < src.size() && blank(src[p])) ++p;
  if (p >= src.size() || src[p] == '\n' || src[p] == '\r') return "$";
  if (src.compare(p, 2, "||") == 0 || src.compare(p, 2, "&&") == 0) return src.substr(p, 2);
  if (src.compare(p, 2, "//") == 0 || src.compare(p, 2, "/*") == 0) return "$";
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  if (word(src[p])) {
    size_t w = p;
    while (w < src.size() && word(src[w])) ++w;
    return src.substr(p, w - p);
  }
  return std::string(1, src[p]);
}

// `x == 100` -> `x == 100 || x == 120`; `x != 100` -> `x != 100 && x != 120`.
// Parenthesized unless the neighbours are a bracket, the line's start or
// end, or an operator the new one does not change the meaning of.
EntryEdit widenWith(const std::string& src, const Entry& like, const std::string& key, bool negated) {
  EntryEdit r;
  std::string item = src.substr(like.item.begin, like.item.end - like.item.begin);
  std::string l = before(src, like.item.begin), rt = after(src, like.item.end);
  // A condition written with `and`/`or` (DeepGEMM's style) is widened in kind.
  bool words = l == "and" || l == "or" || l == "not" || rt == "and" || rt == "or";
  std::string op = negated ? (words ? " and " : " && ") : (words ? " or " : " || ");
  // `&&` binds tighter than `||`, so `a || x != 100 && x != 120` keeps its meaning.
  auto fits = [&](const std::string& n) {
    return n == "(" || n == ")" || n == "^" || n == "$" || n == "#if" || n == "=" || n == ";" || n == "||" ||
           n == "or" || (negated && (n == "&&" || n == "and"));
  };
  bool leftOk = fits(l) && l != ")" && l != ";", rightOk = fits(rt) && rt != "(" && rt != "=" && rt != "#if";
  std::string text = item + op + withKey(src, like, key);
  r.begin = like.item.begin;
  r.end = like.item.end;
  r.text = leftOk && rightOk ? text : "(" + text + ")";
  return r;
}

// `CudaArch::Sm100a` with the new key 120 gives `CudaArch::Sm120a`: the one
// run of two or three digits in the name is the arch, in sm spelling.
std::optional<std::string> renamedLabel(const std::string& name, const std::string& key) {
  bool smKey = key.size() >= 2 && key.size() <= 3;
  for (char c : key) smKey &= std::isdigit(static_cast<unsigned char>(c)) != 0;
  if (!smKey) return std::nullopt;
  size_t runs = 0, at = 0, len = 0;
  for (size_t i = 0; i < name.size();) {
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < name.size() && std::isdigit(static_cast<unsigned char>(name[j]))) ++j;
    ++runs, at = i, len = j - i;
    i = j;
  }
  if (runs != 1 || len < 2 || len > 3) return std::nullopt;
  return name.substr(0, at) + key + name.substr(at + len);
}

std::string lastComponent(const std::string& name) {
  size_t c = name.rfind("::");
  return c == std::string::npos ? name : name.substr(c + 2);
}

// `word` as a whole identifier somewhere in `src`.
bool spelledIn(const std::string& src, const std::string& word) {
  auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t p = src.find(word); p != std::string::npos; p = src.find(word, p + 1)) {
    bool before = p == 0 || !ident(src[p - 1]);
    bool after = p + word.size() >= src.size() || !ident(src[p + word.size()]);
    if (before && after) return true;
  }
  return false;
}

// Whether only a joiner lies between two entries of one arm: `case 100:
// case 103:` share a body, `sm == 100 || sm == 103` a branch.
bool joined(const std::string& src, const Entry& a, const Entry& b) {
  std::string words;
  for (size_t i = a.item.end; i < b.item.begin; ++i) {
    if (src.compare(i, 2, "//") == 0) {
      i = src.find('\n', i);
      if (i == std::string::npos || i >= b.item.begin) return false;
      continue;
    }
    char c = src[i];
    bool space = blank(c) || c == '\n' || c == '\r' || c == '\\';  // `\` continues an #if
    if (!space) words += c;
    else if (!words.empty() && words.back() != ' ') words += ' ';
  }
  while (!words.empty() && words.back() == ' ') words.pop_back();
  if (a.form == EntryForm::Case) return words == ":case" || words == ": case";
  bool negated = src.substr(a.item.begin, a.item.end - a.item.begin).find("!=") != std::string::npos;
  return negated ? words == "&&" || words == "and" : words == "||" || words == "or";
}

// A test conjoined with another (`fp8 && sm == 100 || sm == 103`) keeps its
// own widening: the neighbour's arm does not require `fp8`.
bool conjoined(const std::string& src, const Entry& e) {
  if (e.form == EntryForm::Case) return false;
  std::string l = before(src, e.item.begin), r = after(src, e.item.end);
  return l == "&&" || l == "and" || r == "&&" || r == "and";
}

}  // namespace

const Entry& cppAnchor(const std::string& src, const std::vector<Entry>& entries, const Entry& like, const Arch& add) {
  if (conjoined(src, like)) return like;
  const Entry* at = &like;
  for (;;) {
    const Entry* next = nullptr;
    for (const Entry& e : entries)
      if (e.form == like.form && e.arm == like.arm && e.item.begin >= at->item.end &&
          (!next || e.item.begin < next->item.begin))
        next = &e;
    if (!next || next->arch.smInt() <= at->arch.smInt() || next->arch.smInt() >= add.smInt() ||
        !joined(src, *at, *next) || conjoined(src, *next))
      return *at;
    at = next;
  }
}

EntryEdit renderCppCase(const std::string& src, const Entry& like, const std::string& key) {
  EntryEdit r;
  // The label around the literal: `case` before it on its line, `:` after it.
  size_t ls = lineStartOf(src, like.item.begin);
  size_t kw = src.rfind("case", like.item.begin);
  size_t colon = src.find(':', like.item.end);
  bool plain = kw != std::string::npos && kw >= ls && colon != std::string::npos;
  for (size_t i = kw + 4; plain && i < like.item.begin; ++i) plain = blank(src[i]);
  for (size_t i = like.item.end; plain && i < colon; ++i) plain = blank(src[i]);
  if (!plain) {
    r.refused = "the label of `" + like.key_text + "` is not a plain `case N:`; add a label for the new arch by hand";
    return r;
  }
  // A label spelled as a macro or enumerator gets the new arch's name when
  // this file defines or uses it; a name that may not exist is not written.
  std::string label = key;
  bool named = false;
  for (char c : like.key_text) named |= !std::isdigit(static_cast<unsigned char>(c));
  if (named) {
    std::optional<std::string> renamed = renamedLabel(like.key_text, key);
    if (!renamed || !spelledIn(src, lastComponent(*renamed))) {
      r.refused = "its labels are names (`" + like.key_text + "`) and " +
                  (renamed ? "`" + *renamed + "` is not in this file" : "the new arch's name cannot be derived") +
                  "; add the new arch's label by hand if the name is defined";
      return r;
    }
    label = *renamed;
  }
  uint32_t labelEnd = static_cast<uint32_t>(colon + 1);
  std::string copy = src.substr(kw, like.item.begin - kw) + label + src.substr(like.item.end, labelEnd - like.item.end);
  bool ownLine = true;
  for (size_t i = ls; i < kw; ++i) ownLine &= blank(src[i]);
  r.begin = r.end = labelEnd;
  if (ownLine) {
    size_t eol = src.find('\n', labelEnd);
    std::string rest = eol == std::string::npos ? src.substr(labelEnd) : src.substr(labelEnd, eol - labelEnd);
    size_t p = rest.find_first_not_of(" \t\r");
    bool aloneOnLine = p == std::string::npos || rest.compare(p, 2, "//") == 0;  // `case 100:` then a newline
    if (aloneOnLine && eol != std::string::npos) {
      bool crlf = eol > 0 && src[eol - 1] == '\r';
      r.begin = r.end = static_cast<uint32_t>(crlf ? eol - 1 : eol);
      r.text = (crlf ? "\r\n" : "\n") + src.substr(ls, kw - ls) + copy;
      return r;
    }
  }
  r.text = " " + copy;
  return r;
}

EntryEdit renderCppCompare(const std::string& src, const Entry& like, const std::string& key) {
  EntryEdit r;
  std::string item = src.substr(like.item.begin, like.item.end - like.item.begin);
  std::string dir = directiveAt(src, like.item.begin);
  if (dir == "define") {
    r.refused = "inside a macro definition, which may be used elsewhere; widen the macro or its uses by hand";
    return r;
  }
  bool defined = item.compare(0, 7, "defined") == 0;
  bool eq = item.find("==") != std::string::npos, ne = item.find("!=") != std::string::npos;
  if (!defined && eq == ne) {
    r.refused = "cannot widen the comparison `" + item + "`";
    return r;
  }
  return widenWith(src, like, key, ne);
}

EntryEdit renderCppTemplateArg(const std::string& src, const Entry& like, const std::string& key) {
  EntryEdit r;
  std::string l = before(src, like.item.begin), rt = after(src, like.item.end);
  bool inCondition = (l == "(" || l == "||" || l == "&&" || l == "=" || l == "!") &&
                     (rt == ")" || rt == "||" || rt == "&&" || rt == ";");
  if (directiveAt(src, like.item.begin) == "define") {
    r.refused = "inside a macro definition, which may be used elsewhere; widen the macro or its uses by hand";
    return r;
  }
  if (!inCondition) {
    r.refused = "the template argument `" + src.substr(like.item.begin, like.item.end - like.item.begin) +
                "` is not a test in a condition (a specialisation or a type); add the new instantiation by hand";
    return r;
  }
  return widenWith(src, like, key, false);
}

}  // namespace archscan
