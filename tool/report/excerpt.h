#pragma once
#include <string>

namespace archscan {

// Lines [first, last] of a file (1-based, at most `cap` lines), or "" if unreadable.
std::string sourceExcerpt(const std::string& path, int first, int last, int cap = 40);

}  // namespace archscan
