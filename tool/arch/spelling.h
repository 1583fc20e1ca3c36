#pragma once
// How one site writes its arch keys, inferred from all of them together, and
// how to write a new key in the same style.
#include <optional>
#include <string>
#include <vector>

#include "arch/arch.h"
#include "arch/arch_table.h"

namespace archscan {

enum class SpellingKind {
  MajorInt,      // 9, 10, 12
  SmInt,         // 90, 100, 120
  CudaArchInt,   // 900, 1000, 1200 (__CUDA_ARCH__)
  DottedString,  // "9.0", "10.3a"
  SmString,      // "sm_90", "sm90a", "90a", "compute_90"
  MajorString,   // "9", "12"
  Tuple,         // (9, 0)
  Unknown,
};

const char* spellingName(SpellingKind k);

// A key literal as the source spells it, reduced to what classification needs.
struct KeyLiteral {
  enum class Type { Int, String, Tuple } type = Type::Int;
  long long value = 0;     // Int
  std::string text;        // String: the content without quotes
  char quote = '"';        // String
  int first = 0, second = 0;  // Tuple (major, minor)
  std::string tuple_sep = ", ";  // Tuple: what separates the two ints
};

struct SpellingStyle {
  SpellingKind kind = SpellingKind::Unknown;
  char quote = '"';             // '\0': written without quotes (CMake list items)
  std::string prefix;           // "sm_", "sm", "compute_", "" (SmString)
  std::string tuple_sep = ", ";
  std::string suffix;           // build-list items: "-real", "-virtual", "+PTX"
};

struct ClassifiedKey {
  Arch arch;
  SpellingStyle style;
};

// nullopt when the literal is not a known arch in any spelling.
std::optional<ClassifiedKey> classifyKey(const KeyLiteral& key, const ArchTable& table);

// The spelling shared by all keys, or Unknown when they disagree (impure).
SpellingKind commonSpelling(const std::vector<ClassifiedKey>& keys);

// The arch written the way `style` writes keys; variant as given in `arch`.
std::string encode(const Arch& arch, const SpellingStyle& style);

}  // namespace archscan
