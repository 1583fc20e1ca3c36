#pragma once
// The command line, built from the option table: one CLI11 subcommand per
// command, one option per table row that the command takes.
#include <optional>
#include <set>
#include <string>
#include <variant>

#include "config/options.h"

namespace archscan {

// What the user asked for.
struct Invocation {
  Command command = kCheck;
  Options options;
  std::set<std::string> given;  // the options given on the command line, by name
};

// Parses argv. On --help, --version or a usage error it prints what is due
// and returns the exit code instead.
std::variant<Invocation, int> parseCommandLine(int argc, char** argv);

}  // namespace archscan
