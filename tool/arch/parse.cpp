#include "arch/parse.h"

#include <cctype>

#include "arch/suggest.h"

namespace archscan {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

bool allDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// Any well-formed compute capability: an audit before an upgrade runs exactly
// when no table, archscan's included, knows the new arch yet.
std::optional<Arch> wellFormed(int major, int minor, Variant v) {
  if (major < 1 || major > 99 || minor < 0 || minor > 9) return std::nullopt;
  return Arch{major, minor, false, v};
}

// A run of digits as an sm int (120), a major (12) or a __CUDA_ARCH__ value (1200).
std::optional<Arch> fromNumber(const std::string& digits, Variant v) {
  if (digits.size() > 5) return std::nullopt;
  int n = std::stoi(digits);
  if (n >= 200 && n % 10 == 0) return wellFormed(n / 100, (n / 10) % 10, v);
  if (n >= 20) return wellFormed(n / 10, n % 10, v);
  return wellFormed(n, 0, v);
}

}  // namespace

std::optional<ArchText> splitArchText(std::string_view text) {
  ArchText t;
  std::string s(text);
  for (std::string_view prefix : {"compute_", "sm_", "sm"}) {
    if (s.rfind(prefix, 0) == 0) {
      t.prefix = std::string(prefix);
      s = s.substr(prefix.size());
      break;
    }
  }
  if (s.size() > 1 && (s.back() == 'a' || s.back() == 'f')) {
    t.variant = s.back() == 'a' ? Variant::A : Variant::F;
    s.pop_back();
  }
  if (auto dot = s.find('.'); dot != std::string::npos) {
    t.dotted = true;
    t.whole = s.substr(0, dot);
    t.fraction = s.substr(dot + 1);
    if (!allDigits(t.fraction)) return std::nullopt;
  } else {
    t.whole = s;
  }
  if (!allDigits(t.whole)) return std::nullopt;
  return t;
}

std::optional<Arch> tryParseUserArch(std::string_view text, const ArchTable& table) {
  // A control character (`sm_120\n` from a script's echo) is never part of
  // an arch, and trimming it away would hide the caller's mistake.
  for (char c : text)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return std::nullopt;
  std::string s = lower(trim(text));
  if (s.empty()) return std::nullopt;
  if (auto it = table.aliases.find(s); it != table.aliases.end()) return it->second;

  if (s.front() == '(' && s.back() == ')') {  // (12, 0)
    auto comma = s.find(',');
    if (comma == std::string::npos) return std::nullopt;
    std::string a = trim(s.substr(1, comma - 1)), b = trim(s.substr(comma + 1, s.size() - comma - 2));
    if (!allDigits(a) || !allDigits(b) || a.size() > 3 || b.size() > 3) return std::nullopt;
    return wellFormed(std::stoi(a), std::stoi(b), Variant::None);
  }
  auto t = splitArchText(s);
  if (!t) return std::nullopt;
  if (t->dotted) {
    if (t->whole.size() > 3 || t->fraction.size() > 3) return std::nullopt;
    return wellFormed(std::stoi(t->whole), std::stoi(t->fraction), t->variant);
  }
  return fromNumber(t->whole, t->variant);
}

std::optional<std::string> archControlCharacterProblem(std::string_view text) {
  std::string shown;  // control characters spelled out, so the one-line error stays one line
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (c == '\n') shown += "\\n";
    else if (c == '\t') shown += "\\t";
    else if (u < 0x20 || u == 0x7f)
      shown += "\\x" + std::string(1, "0123456789abcdef"[u >> 4]) + "0123456789abcdef"[u & 15];
    else shown += c;
  }
  if (shown == text) return std::nullopt;
  return "'" + shown + "' is not a compute capability: it holds a control character";
}

Arch parseUserArch(std::string_view text, const ArchTable& table) {
  if (auto a = tryParseUserArch(text, table)) return *a;
  if (auto problem = archControlCharacterProblem(text)) throw ArchError(*problem);
  if (auto near = suggestArch(text, table))
    throw ArchError("'" + std::string(text) + "' is not a compute capability; did you mean '" + *near +
                    "'? (`archscan archs` lists the known ones)");
  throw ArchError("'" + std::string(text) +
                  "' is not a compute capability (expected e.g. sm_120, 12.0, 120, sm_90a or a GPU name; `archscan "
                  "archs` lists the known ones)");
}

}  // namespace archscan
