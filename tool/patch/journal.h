#pragma once
// The journal of a write transaction (apply.h) and recovery from one that a
// crash interrupted, the way databases and git settle a half-done write: if
// every new file is in place the transaction is completed, otherwise every
// target is rolled back to its backup; either way its temporaries, backups
// and journal are removed. A target that is neither its old nor its new
// bytes (edited since the crash) stops recovery before anything changes.
#include <cstdint>
#include <string>
#include <vector>

#include "patch/apply.h"

namespace archscan {

struct JournalTarget {
  std::string path;  // absolute, symlinks resolved
  uint64_t old_hash = 0;
  uint64_t new_hash = 0;
  std::string temp;  // beside path: .NAME.archscan-ID.new
  std::string backup;  // beside path: .NAME.archscan-ID.old
};

struct Journal {
  std::string id;  // [0-9a-f-]+
  std::vector<JournalTarget> targets;
};

// ROOT/.archscan-cache; for a file, the cache of its folder.
std::string cacheDirOf(const std::string& root);
std::string newTransactionId();
// The journal of writing `writes` as transaction `id`.
Journal plannedJournal(const std::vector<FileWrite>& writes, const std::string& id);
std::string journalJson(const Journal& j);
// Throws ApplyError naming `origin` when the text is not a journal, or names
// a path outside `root` or a temporary or backup not named as apply names them.
Journal parseJournal(const std::string& text, const std::string& origin, const std::string& root);

// Settles every journal under `root` (an interrupted write), removing its
// leftovers; returns one line per journal saying what was done. Throws
// ApplyError when a journal cannot be settled; then nothing was changed.
std::vector<std::string> recoverInterrupted(const std::string& root, FileOps& ops);

// What a person chose after editing a file of an interrupted write by hand:
// every file stays as it is; the journals under `root` and the temporary and
// backup files they name (beside their targets, never anything else) are
// deleted. One line per journal.
std::vector<std::string> discardInterrupted(const std::string& root, FileOps& ops);

}  // namespace archscan
