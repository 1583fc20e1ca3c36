#pragma once
// Parsing an arch the way a user types it on the command line or in a patch
// set: sm_120, sm120, SM120, sm_120a, sm_100f, compute_90a, 120, 12.0, 12.0a,
// 12, (12, 0), 1200, or a GPU name (rtx-pro-6000).
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "arch/arch.h"
#include "arch/arch_table.h"

namespace archscan {

struct ArchError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An arch as text, split before any knowledge is applied, with the case as
// given: "sm_120a" -> {"sm_", "120", "", a}; "12.0" -> {"", "12", "0", none};
// "compute_90" -> {"compute_", "90"}. User input and key literals are both
// read through this one splitter; what each accepts differs (a key "12" is a
// major, a user's "12" is 12.0) and is decided by its caller.
struct ArchText {
  std::string prefix;  // "compute_", "sm_", "sm" or ""
  std::string whole;  // digits (before the dot, when dotted)
  std::string fraction;  // digits after the dot; empty when not dotted
  bool dotted = false;
  Variant variant = Variant::None;
};
// nullopt when the text is not digits with an optional prefix, dot and variant.
std::optional<ArchText> splitArchText(std::string_view text);

// Any well-formed compute capability (major 1-99, minor 0-9, variant none, a
// or f) or a GPU name of the table; nullopt when the text cannot be one.
// Whether the table knows the arch is the caller's question (ArchTable::isKnown).
std::optional<Arch> tryParseUserArch(std::string_view text, const ArchTable& table);
// Throws ArchError with a message naming the text and how to list valid ones.
Arch parseUserArch(std::string_view text, const ArchTable& table);
// "'sm_120\n' is not a compute capability: it holds a control character"
// (the characters spelled out) when the text holds one; nullopt otherwise.
// The command line asks this of an arch option's value as typed, before
// anything trims it.
std::optional<std::string> archControlCharacterProblem(std::string_view text);

}  // namespace archscan
