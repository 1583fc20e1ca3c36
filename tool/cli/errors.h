#pragma once
// Every error a command can meet becomes one line on stderr and exit code 2.
#include <functional>

namespace archscan {

int guarded(const std::function<int()>& command);

}  // namespace archscan
