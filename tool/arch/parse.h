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

// nullopt when the text is not an arch this table knows.
std::optional<Arch> tryParseUserArch(std::string_view text, const ArchTable& table);
// Throws ArchError with a message naming the text and how to list valid ones.
Arch parseUserArch(std::string_view text, const ArchTable& table);

}  // namespace archscan
