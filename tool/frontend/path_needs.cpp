#include "frontend/path_needs.h"

#include <algorithm>
#include <cctype>

#include "knowledge/hardware.h"
#include "knowledge/names.h"

namespace archscan {
namespace {

bool wordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The code of a body with comments blanked and prose strings (those with a
// blank in them: log messages, errors, docstrings) blanked too: words there
// describe, they do not run. Module paths and symbol names in strings
// ("deep_gemm.sm100_fp8") stay. Newlines are kept so lines still count.
// A string handed to a shared-library loader (`torch.ops.load_library(
// ".../hstu_ops_gpu_sm90")`, `ctypes.CDLL(...)`, `dlopen(...)`): loading
// registers what the library holds and runs none of its kernels, so the
// arch in its name is what a later call needs, not this path.
bool loaderArgument(std::string_view text, size_t quote) {
  size_t i = quote;
  while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n')) --i;
  if (i == 0 || text[i - 1] != '(') return false;
  --i;
  size_t e = i;
  while (i > 0 && wordChar(text[i - 1])) --i;
  std::string_view callee = text.substr(i, e - i);
  return callee == "load_library" || callee == "CDLL" || callee == "LoadLibrary" || callee == "dlopen";
}

std::string codeOf(std::string_view text, std::string_view lineComment, bool keepStrings = false) {
  std::string out(text);
  auto blank = [&](size_t from, size_t to) {
    for (size_t i = from; i < to && i < out.size(); ++i)
      if (out[i] != '\n') out[i] = ' ';
  };
  for (size_t i = 0; i < text.size();) {
    if (text.compare(i, lineComment.size(), lineComment) == 0) {
      size_t end = text.find('\n', i);
      if (end == std::string_view::npos) end = text.size();
      blank(i, end);
      i = end;
    } else if (lineComment == "//" && text.compare(i, 2, "/*") == 0) {
      size_t end = text.find("*/", i + 2);
      end = end == std::string_view::npos ? text.size() : end + 2;
      blank(i, end);
      i = end;
    } else if (text[i] == '"' || text[i] == '\'') {
      char q = text[i];
      bool triple = text.compare(i, 3, std::string(3, q)) == 0;
      size_t j = i + (triple ? 3 : 1);
      bool prose = triple;
      while (j < text.size()) {
        if (text[j] == '\\') {
          j += 2;
          continue;
        }
        if (triple ? text.compare(j, 3, std::string(3, q)) == 0 : text[j] == q) break;
        if (!triple && text[j] == '\n') break;  // an apostrophe in C++ code, not a string
        prose |= text[j] == ' ';
        ++j;
      }
      size_t end = std::min(text.size(), j + (triple ? 3 : 1));
      if ((prose || loaderArgument(text, i)) && !keepStrings) blank(i, end);
      i = end;
    } else {
      ++i;
    }
  }
  return out;
}

// What follows a word: a call `(`, a template `<`, a scope `::` or a member
// `.` make it code the path runs; anything else is a value it uses.
bool runsCode(std::string_view text, size_t end) {
  while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
  if (end >= text.size()) return false;
  char c = text[end];
  return c == '(' || c == '<' || c == '.' || (c == ':' && end + 1 < text.size() && text[end + 1] == ':');
}

// `constexpr static int ARCH_NAME = 90;`, `kArch = 100`: an arch-named
// variable set to an arch number selects that arch's code (the templates and
// kernels instantiated with it). The arch, when that is what the code does.
std::optional<Arch> archAssigned(std::string_view code, std::string_view word, size_t end, const Knowledge& k) {
  size_t i = end;
  while (i < code.size() && (code[i] == ' ' || code[i] == '\t')) ++i;
  if (i + 1 >= code.size() || code[i] != '=' || code[i + 1] == '=') return std::nullopt;
  ++i;
  while (i < code.size() && (code[i] == ' ' || code[i] == '\t')) ++i;
  size_t d = i;
  while (i < code.size() && std::isdigit(static_cast<unsigned char>(code[i]))) ++i;
  if (i - d < 2 || i - d > 3 || (i < code.size() && wordChar(code[i]))) return std::nullopt;
  int n = std::stoi(std::string(code.substr(d, i - d)));
  Arch a{n / 10, n % 10, false, Variant::None};
  if (!k.archs.find(a.major, a.minor) || !judgeName(word, k).arch_like) return std::nullopt;
  return a;
}

void addFeature(PathNeed& need, const std::string& feature, const std::string& why, int line, bool runs) {
  for (auto& e : need.needs) {
    if (e.feature != feature) continue;
    if (runs && !e.runs) e = NeedEvidence{feature, why, line, true};  // code that runs it says more than a value
    return;
  }
  need.needs.push_back(NeedEvidence{feature, why, line, runs});
}

}  // namespace

std::optional<PathNeed> pathNeedIn(std::string_view text, int first_line, int arm, const Knowledge& k,
                                   std::string_view lineComment, NeedWords words) {
  std::string code = codeOf(text, lineComment);
  PathNeed need;
  need.arm = arm;
  int line = first_line;
  for (size_t i = 0; i < code.size();) {
    if (code[i] == '\n') ++line;
    if (!wordChar(code[i]) || (i > 0 && wordChar(code[i - 1]))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < code.size() && wordChar(code[j])) ++j;
    std::string_view word(code.data() + i, j - i);
    auto n = needNamedBy(word, k);
    std::string cited = "`" + std::string(word) + "`";
    bool assigned = false;
    if (!n && words == NeedWords::NamesAndFeatures) {
      if (auto a = archAssigned(code, word, j, k)) {
        const KnownArch* known = k.archs.find(a->major, a->minor);
        if (!known->isa.signature.empty()) {
          n = Need{known->isa.signature, *a};
          assigned = true;
          cited = "`" + std::string(word) + " = " + std::to_string(a->smInt()) + "`";
        }
      }
    }
    if (n && n->named && words == NeedWords::FeaturesOnly) n.reset();
    if (n) {
      // A feature word (tcgen05, UMMA, TMEM) names the hardware itself; an
      // arch in a name runs code only when the name is called or entered.
      bool runs = !n->named || assigned || runsCode(code, j);
      for (const auto& f : n->features) addFeature(need, f, cited, line, runs);
      if (n->named && std::find(need.named.begin(), need.named.end(), *n->named) == need.named.end())
        need.named.push_back(*n->named);
    }
    i = j;
  }
  // Inline PTX sits in strings with blanks in them: read them, less comments.
  for (const auto& f : featuresInPtx(codeOf(text, lineComment, true), k))
    addFeature(need, f, "inline PTX (" + f + ")", first_line, true);
  if (need.needs.empty()) return std::nullopt;
  return need;
}

void addValueNeeds(std::vector<Site>& sites, std::string_view text, const Knowledge& k, std::string_view lineComment) {
  for (Site& s : sites) {
    if (s.kind != SiteKind::Mapping || s.nesting > 0 || !s.needs.empty()) continue;
    for (size_t i = 0; i < s.entries.size(); ++i) {
      const Entry& e = s.entries[i];
      if (e.value.empty() || e.value.end > text.size()) continue;
      std::string_view value = text.substr(e.value.begin, e.value.end - e.value.begin);
      if (auto need = pathNeedIn(value, e.line, static_cast<int>(i), k, lineComment))
        s.needs.push_back(std::move(*need));
    }
  }
}

void addScopeLibraryNeeds(std::vector<Site>& sites, const Knowledge& k) {
  for (Site& s : sites) {
    if (s.scope.empty() || s.build_list || s.kind == SiteKind::Guard || s.polarity != Polarity::Allow) continue;
    // The function itself: the last part of `Class.method` or `ns::fn`.
    std::string_view scope = s.scope;
    for (std::string_view sep : {".", "::"})
      if (size_t at = scope.rfind(sep); at != std::string_view::npos) scope = scope.substr(at + sep.size());
    std::vector<std::string> words = splitWords(scope);
    const Feature* library = nullptr;
    for (const auto& f : k.features)
      for (const auto& m : f.modules) {
        std::vector<std::string> mw = splitWords(m);
        if (mw.empty()) continue;
        // Its words in order, or run together (`can_use_deepgemm_grouped`).
        std::string joined;
        for (const auto& w : mw) joined += w;
        if (std::search(words.begin(), words.end(), mw.begin(), mw.end()) != words.end() ||
            (mw.size() > 1 && std::find(words.begin(), words.end(), joined) != words.end()))
          library = &f;
      }
    if (!library) continue;
    std::vector<int> arms;
    for (size_t i = 0; i < s.entries.size(); ++i)
      arms.push_back(s.kind == SiteKind::Mapping ? int(i) : s.entries[i].arm);
    for (const auto& r : s.ranges)
      if (!r.negated) arms.push_back(r.arm);
    for (int arm : arms) {
      if (arm == kFallbackArm) continue;
      bool recorded = false;
      for (const auto& n : s.needs) recorded |= n.arm == arm;
      if (recorded) continue;
      PathNeed need;
      need.arm = arm;
      need.needs.push_back(NeedEvidence{library->name, "`" + std::string(scope) + "`", s.line, true});
      s.needs.push_back(std::move(need));
    }
  }
}

bool mentionsSubject(std::string_view text, std::string_view subject) {
  if (subject.empty()) return false;
  for (size_t at = text.find(subject); at != std::string_view::npos; at = text.find(subject, at + 1)) {
    bool before = at > 0 && (wordChar(text[at - 1]) || text[at - 1] == '.');
    bool after = at + subject.size() < text.size() && wordChar(text[at + subject.size()]);
    if (!before && !after) return true;
  }
  return false;
}

}  // namespace archscan
