#include "arch/spelling.h"

#include "arch/parse.h"

namespace archscan {

const char* spellingName(SpellingKind k) {
  switch (k) {
    case SpellingKind::MajorInt:
      return "major-int";
    case SpellingKind::SmInt:
      return "sm-int";
    case SpellingKind::CudaArchInt:
      return "cuda-arch-int";
    case SpellingKind::DottedString:
      return "dotted-string";
    case SpellingKind::SmString:
      return "sm-string";
    case SpellingKind::MajorString:
      return "major-string";
    case SpellingKind::Tuple:
      return "tuple";
    case SpellingKind::Unknown:
      break;
  }
  return "unknown";
}

namespace {

std::optional<ClassifiedKey> make(int major, int minor, Variant v, SpellingStyle style, const ArchTable& t) {
  if (major < 1 || major > 99 || minor < 0 || minor > 9) return std::nullopt;
  return ClassifiedKey{Arch{major, minor, false, v}, std::move(style), t.isKnown(major, minor)};
}

std::optional<ClassifiedKey> classifyInt(long long n, const ArchTable& t) {
  if (n < 0) return std::nullopt;
  if (n < 20) {
    if (n < 1) return std::nullopt;
    return ClassifiedKey{Arch{static_cast<int>(n), 0, true, Variant::None},
                         {SpellingKind::MajorInt},
                         t.isKnownMajor(static_cast<int>(n))};
  }
  if (n < 200) return make(int(n / 10), int(n % 10), Variant::None, {SpellingKind::SmInt}, t);
  if (n < 2000 && n % 10 == 0)
    return make(int(n / 100), int((n / 10) % 10), Variant::None, {SpellingKind::CudaArchInt}, t);
  return std::nullopt;
}

std::optional<ClassifiedKey> classifyString(const KeyLiteral& key, const ArchTable& t) {
  auto text = splitArchText(key.text);
  if (!text || text->whole.size() > 4) return std::nullopt;
  const std::string& prefix = text->prefix;
  Variant v = text->variant;
  if (text->dotted) {
    if (!prefix.empty() || text->fraction.size() != 1) return std::nullopt;
    return make(std::stoi(text->whole), std::stoi(text->fraction), v, {SpellingKind::DottedString, key.quote}, t);
  }
  int n = std::stoi(text->whole);
  if (n < 20 && prefix.empty() && v == Variant::None) {
    if (n < 1) return std::nullopt;
    return ClassifiedKey{Arch{n, 0, true, Variant::None}, {SpellingKind::MajorString, key.quote}, t.isKnownMajor(n)};
  }
  if (n < 20 || n >= 200) return std::nullopt;
  return make(n / 10, n % 10, v, {SpellingKind::SmString, key.quote, prefix}, t);
}

}  // namespace

std::optional<ClassifiedKey> classifyKey(const KeyLiteral& key, const ArchTable& table) {
  auto c = classifyAnyKey(key, table);
  if (c && !c->known) return std::nullopt;
  return c;
}

void KeyTally::add(const ClassifiedKey& key) {
  if (size() == 0) kind_ = key.style.kind;
  else mixed_ |= key.style.kind != kind_;
  if (key.known) {
    ++known_;
    if (!key.arch.major_only) knownMajors_.insert(key.arch.major);
  } else {
    ++unknown_;
    unknownMajorOnly_ |= key.arch.major_only;
    unknownMajors_.insert(key.arch.major);
  }
}

bool KeyTally::unknownsAreFamilyMates() const {
  if (unknown_ == 0) return true;
  if (unknown_ >= known_ || unknownMajorOnly_) return false;
  for (int major : unknownMajors_)
    if (!knownMajors_.count(major)) return false;
  return true;
}

bool unknownsAreFamilyMates(const std::vector<ClassifiedKey>& keys) {
  KeyTally t;
  for (const auto& k : keys) t.add(k);
  return t.unknownsAreFamilyMates();
}

std::optional<ClassifiedKey> classifyAnyKey(const KeyLiteral& key, const ArchTable& table) {
  switch (key.type) {
    case KeyLiteral::Type::Int:
      return classifyInt(key.value, table);
    case KeyLiteral::Type::String:
      return classifyString(key, table);
    case KeyLiteral::Type::Tuple: {
      SpellingStyle st{SpellingKind::Tuple};
      st.tuple_sep = key.tuple_sep;
      return make(key.first, key.second, Variant::None, st, table);
    }
  }
  return std::nullopt;
}

SpellingKind commonSpelling(const std::vector<ClassifiedKey>& keys) {
  KeyTally t;
  for (const auto& k : keys) t.add(k);
  return t.commonSpelling();
}

std::string encode(const Arch& arch, const SpellingStyle& style) {
  std::string v = arch.variant == Variant::None ? "" : std::string(1, static_cast<char>(arch.variant));
  std::string q = style.quote ? std::string(1, style.quote) : std::string();
  switch (style.kind) {
    case SpellingKind::MajorInt:
      return std::to_string(arch.major);
    case SpellingKind::SmInt:
      return std::to_string(arch.smInt());
    case SpellingKind::CudaArchInt:
      return std::to_string(arch.major * 100 + arch.minor * 10);
    case SpellingKind::DottedString:
      return q + std::to_string(arch.major) + "." + std::to_string(arch.minor) + v + style.suffix + q;
    case SpellingKind::SmString:
      return q + style.prefix + std::to_string(arch.smInt()) + v + style.suffix + q;
    case SpellingKind::MajorString:
      return q + std::to_string(arch.major) + q;
    case SpellingKind::Tuple:
      return "(" + std::to_string(arch.major) + style.tuple_sep + std::to_string(arch.minor) + ")";
    case SpellingKind::Unknown:
      break;
  }
  return arch.name();
}

}  // namespace archscan
