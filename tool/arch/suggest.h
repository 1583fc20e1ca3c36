#pragma once
// "Did you mean ...?" for names users type: GPU names (rtx5090 -> rtx-5090),
// and any closed list of words (subcommands, rule ids).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arch/arch_table.h"

namespace archscan {

// The candidate closest to `word` by edit distance (case, '-', '_' and ' '
// ignored), when it is close enough to be a typo: at most a third of the
// word's length, and at most 2 edits. nullopt when none is, or when two
// candidates are equally close.
std::optional<std::string> closestWord(std::string_view word, const std::vector<std::string>& candidates);

// A GPU name or arch name from the table that `text` was probably meant to be.
std::optional<std::string> suggestArch(std::string_view text, const ArchTable& table);

}  // namespace archscan
