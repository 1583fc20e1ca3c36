#pragma once
// Counts in prose: "1 finding", "2 findings". Every printer says counts the
// same way, so a reader never meets "1 findings".
#include <string>

namespace archscan {

// "1 file", "0 files"; `many` for words whose plural is not the word plus "s".
inline std::string counted(size_t n, const std::string& one, const std::string& many = "") {
  return std::to_string(n) + " " + (n == 1 ? one : many.empty() ? one + "s" : many);
}

}  // namespace archscan
