#include "knowledge/hardware.h"

#include <algorithm>
#include <cctype>

#include "knowledge/names.h"

namespace archscan {
namespace {

bool contains(const std::vector<std::string>& list, const std::string& s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

// `sm100`, `sm100a`, `sm90a` (one word after splitting): the arch it names.
std::optional<Arch> armName(const std::string& word) {
  if (word.size() < 4 || word.compare(0, 2, "sm") != 0 || !std::isdigit(static_cast<unsigned char>(word[2])))
    return std::nullopt;
  size_t i = 2;
  int number = 0;
  while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i])) && number < 10000)
    number = number * 10 + (word[i++] - '0');
  Variant v = Variant::None;
  if (i < word.size() && (word[i] == 'a' || word[i] == 'f') && i + 1 == word.size())
    v = word[i++] == 'a' ? Variant::A : Variant::F;
  if (i != word.size()) return std::nullopt;
  // sm90 and sm100 name archs; sm9x-style family words and four digits do not.
  if (number < 70 || number > 199) return std::nullopt;
  return Arch{number / 10, number % 10, false, v};
}

}  // namespace

std::optional<bool> hasFeature(const Arch& a, const std::string& feature, const Knowledge& k) {
  const KnownArch* known = k.archs.find(a.major, a.minor);
  if (!known || !known->isa.known) return std::nullopt;
  for (const auto& f : k.features) {
    if (f.name != feature || f.builds.empty()) continue;
    for (const auto& b : f.builds)
      if (auto o = parseCodeObject(b); o && runsOn(*o, a.base())) return true;
    return false;
  }
  return contains(known->isa.features, feature) || contains(known->isa.specific, feature);
}

std::vector<std::string> lacking(const Arch& a, const std::vector<std::string>& needs, const Knowledge& k) {
  std::vector<std::string> out;
  for (const auto& f : needs)
    if (hasFeature(a, f, k) == false && !contains(out, f)) out.push_back(f);
  return out;
}

std::optional<Need> needNamedBy(std::string_view identifier, const Knowledge& k) {
  for (const auto& f : k.features)
    if (std::find(f.modules.begin(), f.modules.end(), identifier) != f.modules.end())
      return Need{{f.name}, std::nullopt};
  std::vector<std::string> words = splitWords(identifier);
  for (const auto& f : k.features)
    for (const auto& w : words)
      if (contains(f.words, w)) return Need{{f.name}, std::nullopt};
  for (const auto& w : words) {
    auto arch = armName(w);
    if (!arch) continue;
    const KnownArch* known = k.archs.find(arch->major, arch->minor);
    if (!known || known->isa.signature.empty()) continue;
    return Need{known->isa.signature, arch->base()};
  }
  return std::nullopt;
}

std::vector<std::string> featuresInPtx(std::string_view text, const Knowledge& k) {
  std::vector<std::string> out;
  for (const auto& f : k.features)
    for (const auto& p : f.ptx)
      if (text.find(p) != std::string_view::npos && !contains(out, f.name)) out.push_back(f.name);
  return out;
}

std::string CodeObject::name() const {
  std::string s = (ptx ? "compute_" : "sm_") + std::to_string(arch.smInt());
  if (arch.variant != Variant::None) s += static_cast<char>(arch.variant);
  return s;
}

std::optional<CodeObject> parseCodeObject(std::string_view text) {
  CodeObject o;
  std::string_view rest;
  if (text.rfind("compute_", 0) == 0) o.ptx = true, rest = text.substr(8);
  else if (text.rfind("sm_", 0) == 0) rest = text.substr(3);
  else if (text.rfind("sm", 0) == 0) rest = text.substr(2);
  else return std::nullopt;
  auto arch = armName("sm" + std::string(rest));
  if (!arch) return std::nullopt;
  o.arch = *arch;
  return o;
}

std::vector<CodeObject> flagCodeObjects(std::string_view text) {
  std::vector<CodeObject> out;
  auto add = [&](const CodeObject& o) {
    for (const auto& x : out)
      if (x.ptx == o.ptx && x.arch == o.arch) return;
    out.push_back(o);
  };
  auto name = [&](size_t& i) {
    size_t b = i;
    while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_')) ++i;
    return text.substr(b, i - b);
  };
  if (size_t at = text.find(",code="); at != std::string_view::npos && text.find("arch=") < at) {
    // after arch=: "-gencode=" holds "code=" too
    size_t i = at + 6;
    if (i < text.size() && text[i] == '[') ++i;
    while (i < text.size()) {
      if (auto o = parseCodeObject(name(i))) add(*o);
      if (i >= text.size() || text[i] != ',') break;
      ++i;
    }
    return out;
  }
  for (std::string_view prefix : {"-arch=", "--gpu-architecture=", "-arch ", "--gpu-architecture "}) {
    if (text.rfind(prefix, 0) != 0) continue;
    size_t i = prefix.size();
    std::string_view n = name(i);
    if (i != text.size()) return out;
    auto o = parseCodeObject(n);
    if (!o) return out;
    add(*o);
    if (!o->ptx) add(CodeObject{o->arch, true});  // -arch=sm_90 is -gencode arch=compute_90,code=[sm_90,compute_90]
    return out;
  }
  return out;
}

bool runsOn(const CodeObject& o, const Arch& target) {
  const Arch& a = o.arch;
  int t = target.smInt(), x = a.smInt();
  switch (a.variant) {
    case Variant::A:
      return target.major == a.major && target.minor == a.minor;
    case Variant::F:
      return target.major == a.major && target.minor >= a.minor;
    case Variant::None:
      return o.ptx ? t >= x : target.major == a.major && target.minor >= a.minor;
  }
  return false;
}

}  // namespace archscan
