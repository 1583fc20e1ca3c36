#include "frontend/prefilter.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace archscan {

const std::vector<std::string_view>& archTriggerWords() {
  static const std::vector<std::string_view> words = {"capab", "arch",      "sm_",   "sm1",     "sm9",
                                                      "sm8",   "smversion", "major", "compute_"};
  return words;
}

const std::vector<std::string_view>& archOrFrameworkWords() {
  static const std::vector<std::string_view> words = [] {
    std::vector<std::string_view> w = archTriggerWords();
    for (std::string_view x : {"cuda", "torch", "device", "gpu", "nvcc", "triton"}) w.push_back(x);
    return w;
  }();
  return words;
}

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }
bool wordChar(char c) { return digit(c) || c == '_' || std::isalpha(static_cast<unsigned char>(c)); }

// Digits starting at `i`: how many (0 if none).
size_t digitsAt(std::string_view t, size_t i) {
  size_t n = 0;
  while (i + n < t.size() && digit(t[i + n])) ++n;
  return n;
}

size_t blanksAt(std::string_view t, size_t i) {
  size_t n = 0;
  while (i + n < t.size() && (t[i + n] == ' ' || t[i + n] == '\t')) ++n;
  return n;
}

// 70..129 as an sm number: no arch has minor 4 or 8, so 128 (a common size)
// and 84 are not one.
bool smNumber(int n) { return n >= 70 && n < 130 && n % 10 != 4 && n % 10 != 8; }

// "9.0", '12.1a'
bool quotedDotted(std::string_view t, size_t q) {
  size_t i = q + 1, d = digitsAt(t, i);
  if (d < 1 || d > 2 || i + d >= t.size() || t[i + d] != '.') return false;
  // "2.0" and "1.8" are versions: CUDA 12 and 13 build nothing older than 5.0.
  int major = d == 1 ? t[i] - '0' : (t[i] - '0') * 10 + (t[i + 1] - '0');
  if (major < 5 || major > 19) return false;
  i += d + 1;
  if (digitsAt(t, i) != 1) return false;
  ++i;
  if (i < t.size() && (t[i] == 'a' || t[i] == 'f')) ++i;
  return i < t.size() && t[i] == t[q];
}

// (9, 0)
bool majorMinorPair(std::string_view t, size_t open) {
  size_t i = open + 1;
  i += blanksAt(t, i);
  size_t d = digitsAt(t, i);
  if (d < 1 || d > 2) return false;
  int major = d == 1 ? t[i] - '0' : (t[i] - '0') * 10 + (t[i + 1] - '0');
  // CUDA 12 and 13 build nothing older than Maxwell (5.x).
  if (major < 5 || major > 19) return false;
  i += d;
  i += blanksAt(t, i);
  if (i >= t.size() || t[i] != ',') return false;
  ++i;
  i += blanksAt(t, i);
  // No arch has minor 4 or 8; (8, 4) and (16, 8) are shapes and tile sizes.
  if (digitsAt(t, i) != 1 || t[i] == '4' || t[i] == '8') return false;
  i += 1;
  i += blanksAt(t, i);
  return i < t.size() && t[i] == ')';
}

// The sm number (70..129) written at `i`, or 0.
int smNumberAt(std::string_view t, size_t i) {
  size_t d = digitsAt(t, i);
  if (d < 2 || d > 3 || (i + d < t.size() && (wordChar(t[i + d]) || t[i + d] == '.'))) return 0;
  int n = 0;
  for (size_t j = 0; j < d; ++j) n = n * 10 + (t[i + j] - '0');
  return smNumber(n) ? n : 0;
}

// >= 90, == 100, != 80, < 120: an sm number after a comparison; not after
// `=`, which in Python assigns (`hidden_size=128` was most of what passed).
bool comparedSm(std::string_view t, size_t op) {
  size_t i = op + 1;
  bool equals = i < t.size() && t[i] == '=';
  if ((t[op] == '=' || t[op] == '!') && !equals) return false;
  if (equals) ++i;
  i += blanksAt(t, i);
  return smNumberAt(t, i) != 0;
}

// {90: ..., 100: ...} or {9: ..., 10: ...}: an arch number as a dict key,
// also at the start of a line of a multi-line dict.
bool archKey(std::string_view t, size_t open) {
  size_t i = open + 1;
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')) ++i;
  size_t d = digitsAt(t, i);
  if (d < 1 || d > 3) return false;
  int n = 0;
  for (size_t j = 0; j < d; ++j) n = n * 10 + (t[i + j] - '0');
  i += d;
  i += blanksAt(t, i);
  bool arch = (n >= 5 && n < 20) || smNumber(n);
  return i < t.size() && t[i] == ':' && arch;
}

// [80, 86, 89, 90], (90, 100): a list that starts with two distinct sm
// numbers (`device_cc() not in [80, 90]`); (100, 100) is a shape.
bool archList(std::string_view t, size_t open) {
  size_t i = open + 1;
  i += blanksAt(t, i);
  int a = smNumberAt(t, i);
  if (!a) return false;
  i += digitsAt(t, i);
  i += blanksAt(t, i);
  if (i >= t.size() || t[i] != ',') return false;
  ++i;
  i += blanksAt(t, i);
  int b = smNumberAt(t, i);
  return b && b != a;
}

bool loneWord(std::string_view t, size_t i, std::string_view w) {
  if (t.compare(i, w.size(), w) != 0) return false;
  bool before = i == 0 || !wordChar(t[i - 1]);
  bool after = i + w.size() >= t.size() || !wordChar(t[i + w.size()]);
  return before && after;
}

}  // namespace

bool mentionsArchLiteral(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if ((c == '"' || c == '\'') && quotedDotted(text, i)) return true;
    if (c == '(' && majorMinorPair(text, i)) return true;
    if ((c == '[' || c == '(' || c == '{') && archList(text, i)) return true;
    if ((c == '<' || c == '>' || c == '=' || c == '!') && comparedSm(text, i)) return true;
    if ((c == '{' || c == ',') && archKey(text, i)) return true;
    if ((c == 's' || c == 'c') && (loneWord(text, i, "sm") || loneWord(text, i, "cc"))) return true;
  }
  return false;
}

namespace {

// ASCII only, without std::tolower's per-byte locale call: the words are ASCII.
std::string lowered(std::string_view text) {
  std::string low(text.size(), '\0');
  std::transform(text.begin(), text.end(), low.begin(), [](char c) { return c >= 'A' && c <= 'Z' ? char(c + 32) : c; });
  return low;
}

bool letterAt(std::string_view low, size_t i) { return i < low.size() && low[i] >= 'a' && low[i] <= 'z'; }

bool endsWithAt(std::string_view low, size_t at, std::string_view before) {
  return at >= before.size() && low.compare(at - before.size(), before.size(), before) == 0;
}

// Whether the arch word `w` found at `at` is one, not part of a longer word
// that never is (measured on real Python trees, where these were most of
// the files that reached the parser for nothing).
bool archWordAt(std::string_view low, size_t at, std::string_view w) {
  size_t after = at + w.size();
  if (w == "compute_")  // compute_90, compute_capability; not recompute_ or compute_loss
    return after < low.size() && (digit(low[after]) || low.compare(after, 3, "cap") == 0);
  if (w.rfind("sm", 0) == 0 && w != "smversion")  // sm_, sm90: not ssm_state, asm_, gsm8k
    return at == 0 || !letterAt(low, at - 1);
  if (w == "capab") return low.compare(after, 2, "le") != 0;  // capability, not nvls_capable
  if (w == "arch")  // not search, research, hierarchy, archive, nor a model's architecture
    return !endsWithAt(low, at, "se") && !endsWithAt(low, at, "hier") && low.compare(after, 2, "iv") != 0 &&
           low.compare(after, 8, "itecture") != 0;
  return true;
}

}  // namespace

bool mentionsAny(std::string_view text, const std::vector<std::string_view>& words) {
  std::string low = lowered(text);
  for (auto w : words)
    if (low.find(w) != std::string::npos) return true;
  return false;
}

bool mentionsArchWord(std::string_view text) {
  std::string low = lowered(text);
  for (auto w : archTriggerWords())
    for (size_t at = low.find(w); at != std::string::npos; at = low.find(w, at + 1))
      if (archWordAt(low, at, w)) return true;
  return false;
}

}  // namespace archscan
