#pragma once
// Tables declared const and empty (`static const std::unordered_map<...>
// kernelsSM90 = {};`): a path that returns or reads one launches nothing,
// whatever arch its name spells, so the name is no evidence of a need.
#include <string_view>
#include <vector>

#include "model/facts.h"
#include "raw_lexer.h"

namespace archscan::cpp {

// Drops from every site's needs the evidence that cites such a table of
// `source` (lexed into `tokens`), and the needs left with no evidence.
void dropEmptyTableNeeds(std::vector<Site>& sites, std::string_view source, const std::vector<Token>& tokens);

}  // namespace archscan::cpp
