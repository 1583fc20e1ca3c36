#include "cli/errors.h"

#include <iostream>
#include <sstream>
#include <stdexcept>

namespace archscan {

// Every error archscan raises (ArchError, UsageError, ConfigError, PatchError,
// ApplyError, InputError, ...) is a std::runtime_error whose message names the place.
int guarded(const std::function<int()>& command) {
  try {
    return command();
  } catch (const std::runtime_error& e) {
    std::istringstream lines(e.what());
    for (std::string line; std::getline(lines, line);) std::cerr << "archscan: " << line << "\n";
  }
  return 2;
}

std::string diagnosticLine(const Diagnostic& d) {
  if (d.file.empty()) return d.level + ": " + d.message;
  return d.file + (d.line ? ":" + std::to_string(d.line) : "") + ": " + d.level + ": " + d.message;
}

void requireInput(const ScanResult& r) {
  if (r.input_errors.empty()) return;
  std::string text;
  for (const auto& d : r.input_errors) {
    // Read errors already start with the file's name.
    bool named = d.message.rfind(d.file + ":", 0) == 0;
    text += (text.empty() ? "" : "\n") + (named ? d.message : d.file + ": " + d.message);
  }
  throw InputError(text);
}

}  // namespace archscan
