#pragma once
#include <stdexcept>

namespace archscan {

// A command line that asks for something that cannot be: exit 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace archscan
