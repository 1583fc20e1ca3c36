#include "knowledge/names.h"

#include <cctype>

#include "arch/parse.h"

namespace archscan {
namespace {

bool isLower(char c) { return std::islower(static_cast<unsigned char>(c)); }
bool isUpper(char c) { return std::isupper(static_cast<unsigned char>(c)); }
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)); }

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// "sm" + digits (+ a|f), as a single word or as "sm" followed by a digit word.
std::optional<Arch> smWord(const std::string& w, const std::string* next, const Knowledge& k) {
  std::string digits;
  if (w.size() > 2 && w.rfind("sm", 0) == 0 && isDigit(w[2])) {
    digits = w.substr(2);
  } else if (w == "sm" && next && !next->empty() && isDigit((*next)[0])) {
    digits = *next;
  } else {
    return std::nullopt;
  }
  return tryParseUserArch("sm_" + digits, k.archs);
}

bool phraseAt(const std::vector<std::string>& words, size_t i, const std::vector<std::string>& phrase) {
  if (i + phrase.size() > words.size()) return false;
  for (size_t j = 0; j < phrase.size(); ++j)
    if (words[i + j] != phrase[j]) return false;
  return true;
}

}  // namespace

std::vector<std::string> splitWords(std::string_view id) {
  std::vector<std::string> words;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) words.push_back(lower(cur));
    cur.clear();
  };
  for (size_t i = 0; i < id.size(); ++i) {
    char c = id[i];
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      flush();
      continue;
    }
    if (!cur.empty()) {
      char p = cur.back();
      bool lowerToUpper = (isLower(p) || isDigit(p)) && isUpper(c);
      // "SMVersion": the V starts a new word when followed by lower case.
      bool acronymEnd = isUpper(p) && isUpper(c) && i + 1 < id.size() && isLower(id[i + 1]);
      // "sm100a" stays one word, but "100Foo" splits; a digit after letters
      // stays with them so sm90 is one word.
      if (lowerToUpper || acronymEnd) flush();
    }
    cur += c;
  }
  flush();
  return words;
}

NameVerdict judgeName(std::string_view identifier, const Knowledge& k) {
  NameVerdict v;
  auto words = splitWords(identifier);
  std::vector<bool> used(words.size(), false);
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string* next = i + 1 < words.size() ? &words[i + 1] : nullptr;
    if (auto a = smWord(words[i], next, k)) {
      v.arch_like = true;
      v.named_archs.push_back(*a);
      used[i] = true;
      if (words[i] == "sm") used[i + 1] = true;
      continue;
    }
    for (const auto& ph : k.arch_names.phrases) {
      if (phraseAt(words, i, ph)) {
        v.arch_like = true;
        for (size_t j = 0; j < ph.size(); ++j) used[i + j] = true;
      }
    }
    if (k.arch_names.words.count(words[i])) {
      v.arch_like = true;
      used[i] = true;
    }
  }
  for (size_t i = 0; i < words.size(); ++i) {
    if (k.deny_names.count(words[i])) v.deny = true;
    for (const auto& ph : k.negative_names.phrases) {
      if (!phraseAt(words, i, ph)) continue;
      bool overlaps = false;
      for (size_t j = 0; j < ph.size(); ++j) overlaps |= used[i + j];
      if (!overlaps) v.negative = true;
    }
    if (!used[i] && k.negative_names.words.count(words[i])) v.negative = true;
  }
  if (v.negative) v.arch_like = false;
  return v;
}

}  // namespace archscan
