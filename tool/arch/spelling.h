#pragma once
// How one site writes its arch keys, inferred from all of them together, and
// how to write a new key in the same style.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "arch/arch.h"
#include "arch/arch_table.h"
#include "arch/interned.h"

namespace archscan {

enum class SpellingKind {
  MajorInt,  // 9, 10, 12
  SmInt,  // 90, 100, 120
  CudaArchInt,  // 900, 1000, 1200 (__CUDA_ARCH__)
  DottedString,  // "9.0", "10.3a"
  SmString,  // "sm_90", "sm90a", "90a", "compute_90"
  MajorString,  // "9", "12"
  Tuple,  // (9, 0)
  Unknown,
};

const char* spellingName(SpellingKind k);

// A key literal as the source spells it, reduced to what classification needs.
struct KeyLiteral {
  enum class Type { Int, String, Tuple } type = Type::Int;
  long long value = 0;  // Int
  std::string text;  // String: the content without quotes
  char quote = '"';  // String
  int first = 0, second = 0;  // Tuple (major, minor)
  std::string tuple_sep = ", ";  // Tuple: what separates the two ints
};

struct SpellingStyle {
  SpellingKind kind = SpellingKind::Unknown;
  char quote = '"';  // '\0': written without quotes (CMake list items)
  Interned prefix;  // "sm_", "sm", "compute_", "" (SmString)
  Interned tuple_sep = ", ";
  Interned suffix;  // build-list items: "-real", "-virtual", "+PTX"
};

struct ClassifiedKey {
  Arch arch;
  SpellingStyle style;
  bool known = true;  // in the table of known archs (targets of the run count as known)
};

// A well-formed arch in some spelling (major 1-99, minor 0-9), known or
// not; nullopt when the literal cannot be a compute capability.
std::optional<ClassifiedKey> classifyAnyKey(const KeyLiteral& key, const ArchTable& table);
// Only an arch the table knows: what a lone key must be to count.
std::optional<ClassifiedKey> classifyKey(const KeyLiteral& key, const ArchTable& table);
// Whether the unknown archs among a site's keys may count: each shares its
// major with a known key of the site, and the known keys are the majority
// ("10.7" beside "10.0" and "10.3"). Toolkit versions ("12.8", "13.0") and
// lists of them do not pass.
bool unknownsAreFamilyMates(const std::vector<ClassifiedKey>& keys);

// The spelling shared by all keys, or Unknown when they disagree (impure).
SpellingKind commonSpelling(const std::vector<ClassifiedKey>& keys);

// What the two questions above ask of a site's keys, gathered one key at a
// time: a literal of a million keys is judged without a second copy of them,
// and in O(n log n), not O(n^2).
class KeyTally {
 public:
  void add(const ClassifiedKey& key);
  size_t size() const { return known_ + unknown_; }
  SpellingKind commonSpelling() const { return size() == 0 || mixed_ ? SpellingKind::Unknown : kind_; }
  bool unknownsAreFamilyMates() const;

 private:
  size_t known_ = 0, unknown_ = 0;
  SpellingKind kind_ = SpellingKind::Unknown;
  bool mixed_ = false;
  bool unknownMajorOnly_ = false;
  std::set<int> knownMajors_;  // of known keys that name a minor too
  std::set<int> unknownMajors_;
};

// The arch written the way `style` writes keys; variant as given in `arch`.
std::string encode(const Arch& arch, const SpellingStyle& style);

}  // namespace archscan
