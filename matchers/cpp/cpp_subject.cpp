#include "cpp_subject.h"

#include <algorithm>
#include <cctype>

#include "knowledge/names.h"
#include "raw_lexer.h"

namespace archscan::cpp {
namespace {

// getSMVersion, get_sm_version and GetSmVersion are one helper: compared
// ignoring case and underscores, without building strings (this runs for
// every function a header declares).
bool sameFolded(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  for (;;) {
    while (i < a.size() && a[i] == '_') ++i;
    while (j < b.size() && b[j] == '_') ++j;
    if (i == a.size() || j == b.size()) return i == a.size() && j == b.size();
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[j]))) return false;
    ++i, ++j;
  }
}

bool inFolded(const std::set<std::string>& set, const std::string& name) {
  for (const auto& s : set)
    if (sameFolded(s, name)) return true;
  return false;
}

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

bool isCrashCall(const std::string& id) {
  static const std::set<std::string> kAlways = {
      "abort",       "exit",          "_Exit",           "quick_exit",
      "terminate",   "__trap",        "__builtin_trap",  "__builtin_unreachable",
      "unreachable", "__assert_fail", "llvm_unreachable"};
  if (kAlways.count(id)) return true;
  std::string u = upper(id);
  // Project macros: DG_HOST_UNREACHABLE, TLLM_THROW, NVTE_ERROR, TORCH_CHECK_NOT_IMPLEMENTED.
  return u.find("UNREACHABLE") != std::string::npos || endsWith(u, "_THROW") || endsWith(u, "_ERROR") ||
         u.find("NOT_IMPLEMENTED") != std::string::npos || u == "FATAL" || endsWith(u, "_FATAL");
}

bool isAssertLike(const std::string& callee) {
  std::string u = upper(callee);
  return u == "ASSERT" || u == "STATIC_ASSERT" || u == "CHECK" || u == "DCHECK" || endsWith(u, "_ASSERT") ||
         endsWith(u, "_CHECK") || u.find("_CHECK_") != std::string::npos || endsWith(u, "_EXPECTS") ||
         u == "TORCH_CHECK" || u == "TORCH_INTERNAL_ASSERT";
}

Subject judgeOperand(const Operand& o, const Knowledge& k) {
  Subject s;
  s.text = o.text;
  s.binding = o.binding;
  Evidence& e = s.evidence;
  for (const auto& c : o.calls)
    if (inFolded(k.capability_calls, c)) {
      e.subject = true;
      e.reasons.push_back(o.text + " comes from " + c + "()");
      break;
    }
  if (!e.subject)
    for (const auto& a : o.atoms)
      if (k.capability_attributes.count(a)) {
        e.subject = true;
        e.reasons.push_back(o.text + " comes from " + a);
        break;
      }
  if (!e.subject) {
    bool member =
        std::count(o.atoms.begin(), o.atoms.end(), "major") + std::count(o.atoms.begin(), o.atoms.end(), "minor") > 0;
    bool props = false;
    for (const auto& c : o.calls) props |= inFolded(k.property_calls, c);
    for (const auto& a : o.atoms) props |= a == "cudaDeviceProp";
    // A project helper handing out the properties: dprops = get_device_prop().
    auto propsLike = [](std::string n) {
      for (auto& c : n) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return n.find("prop") != std::string::npos;
    };
    for (const auto& n : o.names) props |= propsLike(n);
    for (const auto& c : o.calls) props |= propsLike(c);
    if (member && props) {
      e.subject = true;
      e.reasons.push_back(o.text + " reads the major/minor of device properties");
    }
  }
  // A size or count is never a capability: `getArchitectures().size() > 0`.
  static const char* const kSizes[] = {".size()", "->size()", ".length()", "->length()", ".count()", ".empty()"};
  for (const char* suffix : kSizes)
    if (endsWith(o.text, suffix) && !e.subject) {
      e.negative = true;
      e.reasons.push_back(o.text + " is a size, not a capability");
    }
  if (o.text.rfind("sizeof", 0) == 0 || o.text.rfind("std::size(", 0) == 0) e.negative = true;
  for (const auto& n : k.negative_sources) {
    bool hit = std::find(o.atoms.begin(), o.atoms.end(), n) != o.atoms.end() ||
               std::find(o.names.begin(), o.names.end(), n) != o.names.end();
    if (hit && !e.subject) {
      e.negative = true;
      e.reasons.push_back(o.text + " is " + n + ", not a capability");
    }
  }
  // The operand's own name speaks first: `log2_elements` vetoes, `sm_version` counts.
  std::vector<std::string> names = o.names;
  for (const auto& c : o.calls) names.push_back(c);
  for (size_t i = 0; i < names.size(); ++i) {
    NameVerdict v = judgeName(names[i], k);
    if (i == 0 && v.negative && !v.arch_like && !e.subject) {
      e.negative = true;
      e.reasons.push_back("'" + names[i] + "' is not an arch name");
    }
    if (v.arch_like && !e.name) {
      e.name = true;
      e.reasons.push_back("'" + names[i] + "' is an arch-like name");
    }
  }
  e.via_calls = o.undefined_calls;
  return s;
}

std::string stringLiterals(std::string_view text, const std::vector<Token>& tokens, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to && i < tokens.size(); ++i) {
    if (tokens[i].kind != Tok::String) continue;
    std::string_view t = spell(text, tokens[i]);
    size_t open = t.find('"'), close = t.rfind('"');
    if (open == std::string_view::npos || close <= open) continue;
    std::string_view body = t.substr(open + 1, close - open - 1);
    if (open > 0 && t[open - 1] == 'R') {  // R"delim( ... )delim"
      size_t paren = body.find('('), end = body.rfind(')');
      if (paren != std::string_view::npos && end != std::string_view::npos && end > paren)
        body = body.substr(paren + 1, end - paren - 1);
    }
    if (!out.empty()) out += ' ';
    out.append(body);
  }
  return out;
}

BlockExit exitOf(std::string_view text, const std::vector<Token>& fileTokens, const Span& s) {
  BlockExit out;
  if (s.end <= s.begin) return out;
  // A block inside a #define body is one directive token of the file: read its own tokens.
  const Token* directive = directiveAround(fileTokens, s.begin);
  std::vector<Token> own;
  if (directive && s.end <= directive->end) own = lexCpp(text, s.begin, s.end, s.line);
  const std::vector<Token>& tokens = own.empty() ? fileTokens : own;
  auto [from, to] = tokensWithin(tokens, s.begin, s.end);
  const Token* toks = tokens.data() + from;
  size_t count = to - from;
  auto statement = [&](size_t i) {
    size_t j = i;
    int depth = 0;
    while (j < count) {
      std::string_view t = spell(text, toks[j]);
      if (t == "(") ++depth;
      if (t == ")") --depth;
      if ((t == ";" && depth <= 0) || t == "}") break;
      ++j;
    }
    out.message = stringLiterals(text, tokens, from + i, from + j);
    std::string w(text.substr(toks[i].begin, (j < count ? toks[j].begin : s.end) - toks[i].begin));
    for (auto& c : w)
      if (c == '\n' || c == '\t') c = ' ';
    if (w.size() > 60) w = w.substr(0, 57) + "...";
    return w;
  };
  for (size_t i = 0; i < count; ++i) {
    if (toks[i].kind != Tok::Ident) continue;
    std::string id(spell(text, toks[i]));
    bool call = i + 1 < count && spell(text, toks[i + 1]) == "(";
    std::string firstArg;
    if (call && i + 2 < count) firstArg = std::string(spell(text, toks[i + 2]));
    bool falseArg =
        firstArg == "false" || firstArg == "0" || (firstArg == "!" && i + 3 < count && toks[i + 3].kind == Tok::String);
    if (id == "GTEST_SKIP") {
      out.exit = Exit::Returns;
      out.skips = true;
      out.what = statement(i);
      return out;
    }
    if (id == "throw" || (call && isCrashCall(id)) || (call && isAssertLike(id) && falseArg)) {
      out.exit = Exit::Crashes;
      out.what = statement(i);
      return out;
    }
    if (id == "return") {
      out.exit = Exit::Returns;
      out.what = statement(i);
      // `std::cerr << "This example requires ..."; return 0;`: the words
      // printed before it leaves say why.
      if (out.message.empty()) out.message = stringLiterals(text, tokens, from, from + i);
      return out;
    }
  }
  return out;
}

std::string enclosingCallee(std::string_view text, uint32_t at) {
  int depth = 0;
  for (uint32_t i = at; i > 0; --i) {
    char c = text[i - 1];
    if (c == ')') ++depth;
    if (c == ';' || c == '{' || c == '}') return {};
    if (c != '(') continue;
    if (depth > 0) {
      --depth;
      continue;
    }
    uint32_t end = i - 1;
    while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\n')) --end;
    uint32_t b = end;
    while (b > 0 && (std::isalnum(static_cast<unsigned char>(text[b - 1])) || text[b - 1] == '_' || text[b - 1] == ':'))
      --b;
    std::string name(text.substr(b, end - b));
    auto colon = name.rfind("::");
    if (colon != std::string::npos) name = name.substr(colon + 2);
    if (name == "if" || name == "while" || name == "for" || name == "switch" || name == "return") return {};
    return name;
  }
  return {};
}

NameInfo functionName(const std::string& qualified, const Knowledge& k) {
  NameInfo out;
  std::string last = qualified.substr(qualified.rfind(':') == std::string::npos ? 0 : qualified.rfind(':') + 1);
  if (last.empty()) return out;
  NameVerdict v = judgeName(last, k);
  out.arch_like = v.arch_like && !v.negative;
  out.archs = v.named_archs;
  return out;
}

}  // namespace archscan::cpp
