#pragma once
// What a C++ edit must not break, read without headers: brackets that close
// what they open, and #if groups that end. The patcher compares the count
// before and after its edits; a file that was unbalanced already (a brace
// opened in each branch of an #if) stays comparable.
#include <string_view>

namespace archscan::cpp {

// Brackets left open, closed without an opener or by the wrong kind, and
// #if/#endif that do not pair, in code and in each directive's operands.
int imbalances(std::string_view text);

}  // namespace archscan::cpp
