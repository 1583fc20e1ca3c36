// Braced initialisers keyed or filled by arch, read from their tokens:
// `std::unordered_map<int, Config> kConfigs{{80, a}, {90, b}}`, arrays of
// `{arch, value}` structs, `constexpr int kArchs[] = {90, 100}`.
#include <set>

#include "cpp_arms.h"
#include "cpp_sites.h"
#include "knowledge/names.h"
#include "raw_lexer.h"

namespace archscan::cpp {
namespace {

struct Item {
  size_t first = 0, last = 0;  // token indices, inclusive
};

// Items separated by commas at depth 1 inside tokens[open..close].
std::vector<Item> items(std::string_view text, const std::vector<Token>& t, size_t open, size_t close) {
  std::vector<Item> out;
  int depth = 0;
  size_t start = open + 1;
  for (size_t i = open; i <= close && i < t.size(); ++i) {
    std::string_view s = spell(text, t[i]);
    if (s == "{" || s == "(" || s == "[") ++depth;
    if (s == "}" || s == ")" || s == "]") --depth;
    if ((s == "," && depth == 1) || (i == close)) {
      if (i > start) out.push_back({start, i - 1});
      start = i + 1;
    }
  }
  return out;
}

}  // namespace

void initializerSites(const SiteInput& in, std::vector<Site>& out) {
  auto archOf = [&](const Token& tok) {
    auto v = integerValue(spell(in.text, tok));
    return v ? classifyInt(*v, in.k) : std::nullopt;
  };
  for (const auto& init : in.obs.inits) {
    auto [from, to] = tokensWithin(in.tokens, init.init.begin, init.init.end);
    std::vector<Token> t(in.tokens.begin() + from, in.tokens.begin() + to);
    if (t.empty() || spell(in.text, t[0]) != "{") continue;
    size_t close = matchingToken(in.text, t, 0);
    if (close >= t.size()) continue;
    Site s;
    // Tallied, not kept: a brace list of a million arch keys holds them once, in its entries.
    KeyTally keys;
    SpellingStyle firstStyle;
    int pairs = 0, plain = 0;
    bool pure = true;
    std::vector<Item> elements = items(in.text, t, 0, close);
    s.entries.reserve(elements.size());
    for (const Item& it : elements) {
      const Token& a = t[it.first];
      if (spell(in.text, a) == "{") {  // {90, value}
        size_t inner = matchingToken(in.text, t, it.first);
        auto parts = items(in.text, t, it.first, inner);
        if (parts.size() < 2 || parts[0].first != parts[0].last || t[parts[0].first].kind != Tok::Number) {
          pure = false;
          break;
        }
        const Token& k = t[parts[0].first];
        auto key = archOf(k);
        if (!key) {
          pure = false;
          break;
        }
        Span keySpan{k.begin, k.end, k.line, k.line};
        Span item{a.begin, t[inner].end, a.line, t[inner].line};
        Entry e = entryAt(*key, std::string(spell(in.text, k)), keySpan, item, EntryForm::Key);
        e.value = ByteRange{t[parts[1].first].begin, t[parts.back().last].end};
        s.entries.push_back(std::move(e));
        if (keys.size() == 0) firstStyle = key->style;
        keys.add(*key);
        ++pairs;
      } else if (it.first == it.last && a.kind == Tok::Number) {  // 90
        auto key = archOf(a);
        if (!key) {
          pure = false;
          break;
        }
        Span span{a.begin, a.end, a.line, a.line};
        Entry e = entryAt(*key, std::string(spell(in.text, a)), span, span, EntryForm::Element);
        e.container = ByteRange{t[0].begin, t[close].end};
        s.entries.push_back(std::move(e));
        if (keys.size() == 0) firstStyle = key->style;
        keys.add(*key);
        ++plain;
      } else {
        pure = false;
        break;
      }
    }
    if (!pure || keys.size() == 0 || (pairs && plain) || keys.commonSpelling() == SpellingKind::Unknown) continue;
    NameVerdict name = judgeName(init.name, in.k);
    if (name.negative && !name.arch_like) continue;
    if (name.arch_like) {
      s.evidence.name = true;
      s.evidence.reasons.push_back("'" + init.name + "' is an arch-like name");
    }
    s.name_archs = name.named_archs;
    // One key proves nothing without a name saying it is an arch.
    if (keys.size() < 2 && !name.arch_like) continue;
    s.kind = pairs ? SiteKind::Mapping : SiteKind::Set;
    s.spelling = firstStyle;
    s.name = init.function.empty() ? init.name : init.function + "::" + init.name;
    s.binding = init.function.empty() ? init.name : dottedName(init.function) + "." + init.name;
    s.scope = init.function;
    s.extent = ByteRange{init.whole.begin, init.whole.end};
    s.container = ByteRange{t[0].begin, t[close].end};
    s.line = init.whole.line;
    s.end_line = init.whole.end_line;
    finishSite(s, init.function, init.origin, in.k);
    out.push_back(std::move(s));
  }
}

}  // namespace archscan::cpp
