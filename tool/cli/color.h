#pragma once
// Whether a report gets ANSI colour.
#include <string>

namespace archscan {

// --color always/never decide. auto: colour only on standard output, never
// with NO_COLOR set, always with FORCE_COLOR set (to anything but 0), else
// when standard output is a terminal.
bool useColor(const std::string& mode, bool toStdout);

}  // namespace archscan
