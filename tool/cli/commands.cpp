#include "cli/commands.h"

#include "cli/app.h"
#include "cli/errors.h"
#include "cli/recover.h"

namespace archscan {

int runCommandLine(int argc, char** argv) {
  auto parsed = parseCommandLine(argc, argv);
  if (auto* code = std::get_if<int>(&parsed)) return *code;
  const Invocation& inv = std::get<Invocation>(parsed);
  return guarded([&] {
    Settings s = settle(inv);
    // A --write that was interrupted is completed or rolled back before
    // anything reads the tree it left.
    if (s.command & kScanning) recoverRoots(s.paths);
    switch (inv.command) {
      case kCheck:
        return runCheck(s);
      case kAudit:
        return runAudit(s);
      case kPatch:
        return runPatch(s);
      case kFix:
        return runFix(s);
      case kArchs:
        return runArchs(s);
      case kRules:
        return runRules(s);
      case kExplain:
        return runExplain(s);
      case kCompletion:
        return runCompletion(s);
      case kExtract:
        return runExtract(s);
      case kRecover:
        return runRecover(s);
    }
    return 2;
  });
}

}  // namespace archscan
