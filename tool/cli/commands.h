#pragma once
// The commands, each a function of its settings returning the exit code:
// 0 clean, 1 findings at or above --fail-on, 2 usage or input error.
#include <string>

#include "cli/settings.h"

namespace archscan {

int runCheck(const Settings& s);
int runAudit(const Settings& s);
int runPatch(const Settings& s);
int runFix(const Settings& s);
int runArchs(const Settings& s);
int runRules(const Settings& s);
int runExplain(const Settings& s);
int runCompletion(const Settings& s);
int runExtract(const Settings& s);
int runRecover(const Settings& s);

// "archscan 0.1.0 (built with clang 19.1.7)"
std::string versionText();

// The whole command line: parse, settle the settings, run the command.
int runCommandLine(int argc, char** argv);

}  // namespace archscan
