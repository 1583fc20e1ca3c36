#pragma once
// Every error a command can meet becomes one line on stderr (one per
// problem) and exit code 2; nothing is written.
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/facts.h"
#include "scan.h"

namespace archscan {

// Input a scan could not take; the message holds one line per problem.
// Every input error of a scan, each printed on a line of its own.
struct InputError : std::runtime_error {
  explicit InputError(std::vector<std::string> errors);
  std::vector<std::string> lines;
};

int guarded(const std::function<int()>& command);

// "file:line: level: message", or "level: message" for a diagnostic about the invocation.
std::string diagnosticLine(const Diagnostic& d);
// Throws InputError naming every input error of the scan.
void requireInput(const ScanResult& r);

}  // namespace archscan
