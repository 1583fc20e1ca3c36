#include "cli/errors.h"

#include <iostream>
#include <stdexcept>

#include "util/escape.h"

namespace archscan {

// Every error archscan raises (ArchError, UsageError, ConfigError, PatchError,
// ApplyError, InputError, ...) is a std::runtime_error whose message names the place.
int guarded(const std::function<int()>& command) {
  try {
    return command();
  } catch (const InputError& e) {
    for (const auto& line : e.lines) std::cerr << "archscan: " << printable(line) << "\n";
  } catch (const std::runtime_error& e) {
    std::cerr << "archscan: " << printable(e.what()) << "\n";  // one line, whatever names it quotes
  }
  return 2;
}

std::string diagnosticLine(const Diagnostic& d) {
  if (d.file.empty()) return d.level + ": " + printable(d.message);
  return printable(d.file) + (d.line ? ":" + std::to_string(d.line) : "") + ": " + d.level + ": " +
         printable(d.message);
}

namespace {
std::string joinedLines(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& l : lines) text += (text.empty() ? "" : "\n") + l;
  return text;
}
}  // namespace

InputError::InputError(std::vector<std::string> errors)
    : std::runtime_error(joinedLines(errors)), lines(std::move(errors)) {}

void requireInput(const ScanResult& r) {
  if (r.input_errors.empty()) return;
  std::vector<std::string> lines;
  for (const auto& d : r.input_errors) {
    // Read errors already start with the file's name.
    bool named = d.message.rfind(d.file + ":", 0) == 0;
    lines.push_back(named ? d.message : d.file + (d.line ? ":" + std::to_string(d.line) : "") + ": " + d.message);
  }
  throw InputError(std::move(lines));
}

}  // namespace archscan
