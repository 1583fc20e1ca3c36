#include "patch/journal.h"

#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <random>
#include <set>
#include <sstream>

#include "util/input_file.h"
#include "util/json_writer.h"
#include "util/nesting.h"
#include "util/source_text.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

std::string hex(uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, h);
  return buf;
}

std::string beside(const std::string& path, const std::string& id, const char* suffix) {
  fs::path p(path);
  return (p.parent_path() / ("." + p.filename().string() + ".archscan-" + id + suffix)).string();
}

std::string dirOf(const std::string& path) {
  auto d = fs::path(path).parent_path().string();
  return d.empty() ? "." : d;
}

// What a target holds now, judged by its hashes.
enum class State { Old, New, Other };

State stateOf(const JournalTarget& t, FileOps& ops) {
  if (!ops.exists(t.path)) return State::Other;
  uint64_t h;
  try {
    h = contentHash(ops.read(t.path));
  } catch (const ApplyError&) {
    return State::Other;
  }
  return h == t.new_hash ? State::New : h == t.old_hash ? State::Old : State::Other;
}

std::string plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string readJournal(const std::string& path) {
  try {
    return readInputFile(path, 1u << 24);
  } catch (const std::exception& e) {
    throw ApplyError(std::string(e.what()) + " (the journal of an interrupted write)");
  }
}

// Completes or rolls back one journal's transaction; what was done, as one line.
std::string settle(const std::string& journalPath, const std::string& root, FileOps& ops) {
  Journal j = parseJournal(readJournal(journalPath), journalPath, root);
  std::vector<State> states;
  for (const auto& t : j.targets) states.push_back(stateOf(t, ops));
  bool allNew = std::all_of(states.begin(), states.end(), [](State s) { return s == State::New; });

  std::vector<std::string> problems;
  if (!allNew) {
    for (size_t i = 0; i < j.targets.size(); ++i) {
      const JournalTarget& t = j.targets[i];
      if (states[i] == State::Other) problems.push_back(t.path + " is neither its old nor its new content");
      if (states[i] != State::New) continue;
      bool backupOk = false;
      try {
        backupOk = ops.exists(t.backup) && contentHash(ops.read(t.backup)) == t.old_hash;
      } catch (const ApplyError&) {
      }
      if (!backupOk) problems.push_back(t.path + " was replaced and its backup " + t.backup + " is missing or changed");
    }
  }
  if (!problems.empty()) {
    std::string all;
    for (const auto& p : problems) all += (all.empty() ? "" : "; ") + p;
    throw ApplyError(journalPath + ": cannot settle an interrupted write: " + all +
                     "; nothing was changed. Either put each file back to its old or new content and run "
                     "`archscan recover` again, or keep the files as they are with `archscan recover --discard`");
  }

  std::set<std::string> dirs;
  for (const auto& t : j.targets) dirs.insert(dirOf(t.path));
  size_t restored = 0;
  if (!allNew) {
    for (size_t i = 0; i < j.targets.size(); ++i) {
      if (states[i] != State::New) continue;
      ops.rename(j.targets[i].backup, j.targets[i].path);
      ++restored;
      ops.reached("restore " + std::to_string(restored));
    }
    for (const auto& d : dirs) ops.syncDir(d);
  }
  size_t leftovers = 0;
  for (const auto& t : j.targets) leftovers += ops.remove(t.temp) + ops.remove(t.backup);
  for (const auto& d : dirs) ops.syncDir(d);
  ops.reached("leftovers");
  ops.remove(journalPath);
  ops.syncDir(dirOf(journalPath));

  std::string what =
      "an interrupted write (transaction " + j.id + ", " + plural(j.targets.size(), "file", "files") + ")";
  std::string removed = "; removed " + plural(leftovers, "leftover file", "leftover files");
  if (allNew) return "completed " + what + ": every new file was in place" + removed;
  if (restored == 0) return "rolled back " + what + ": it had replaced no file yet" + removed;
  return "rolled back " + what + ": restored " + std::to_string(restored) + " from their backups" + removed;
}

}  // namespace

std::string cacheDirOf(const std::string& root) {
  std::error_code ec;
  fs::path r = root.empty() ? fs::path(".") : fs::path(root);
  if (!fs::is_directory(r, ec)) r = r.parent_path().empty() ? fs::path(".") : r.parent_path();
  return (r / ".archscan-cache").string();
}

std::string newTransactionId() {
  auto now = std::chrono::system_clock::now().time_since_epoch();
  std::random_device rd;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%llx-%x-%08x",
                static_cast<unsigned long long>(std::chrono::duration_cast<std::chrono::seconds>(now).count()),
                static_cast<unsigned>(::getpid()), static_cast<unsigned>(rd()));
  return buf;
}

Journal plannedJournal(const std::vector<FileWrite>& writes, const std::string& id) {
  Journal j;
  j.id = id;
  for (const auto& w : writes)
    j.targets.push_back({w.path, contentHash(w.expected), contentHash(w.content), beside(w.path, id, ".new"),
                         beside(w.path, id, ".old")});
  return j;
}

std::string journalJson(const Journal& j) {
  std::ostringstream out;
  JsonWriter w(out, JsonWriter::Bytes::Exact);  // recovery must find the very files it names
  w.beginObject().field("archscan_journal", 1).field("id", j.id).key("targets").beginArray();
  for (const auto& t : j.targets)
    w.beginObject()
        .field("path", t.path)
        .field("old_hash", hex(t.old_hash))
        .field("new_hash", hex(t.new_hash))
        .field("temp", t.temp)
        .field("backup", t.backup)
        .endObject();
  w.endArray().endObject();
  w.finish();
  return out.str();
}

Journal parseJournal(const std::string& text, const std::string& origin, const std::string& root) {
  auto bad = [&](const std::string& why) -> ApplyError {
    return ApplyError(origin + ": not a journal archscan can settle (" + why + "); inspect and delete it");
  };
  Journal j;
  std::error_code ec;
  fs::path base = fs::weakly_canonical(fs::absolute(root, ec), ec);
  if (!fs::is_directory(base, ec)) base = base.parent_path();
  if (auto deep = nestingProblem(text)) throw bad("line " + std::to_string(deep->line) + ": " + deep->what);
  try {
    YAML::Node n = YAML::Load(text);
    if (!n.IsMap() || !n["archscan_journal"] || n["archscan_journal"].as<std::string>() != "1")
      throw bad("no version 1");
    j.id = n["id"].as<std::string>();
    if (j.id.empty() || j.id.find_first_not_of("0123456789abcdef-") != std::string::npos) throw bad("a bad id");
    if (!n["targets"].IsSequence()) throw bad("no targets");
    for (const auto& t : n["targets"]) {
      JournalTarget jt;
      jt.path = t["path"].as<std::string>();
      jt.old_hash = std::stoull(t["old_hash"].as<std::string>(), nullptr, 16);
      jt.new_hash = std::stoull(t["new_hash"].as<std::string>(), nullptr, 16);
      jt.temp = t["temp"].as<std::string>();
      jt.backup = t["backup"].as<std::string>();
      // Recovery renames and deletes what a journal names: only archscan's own
      // files beside targets inside this root, never anything else.
      fs::path real = fs::weakly_canonical(jt.path, ec);
      fs::path rel = real.lexically_relative(base);
      if (ec || !fs::path(jt.path).is_absolute() || rel.empty() || *rel.begin() == ".." || rel == ".")
        throw bad("a target outside " + base.string());
      if (jt.temp != beside(jt.path, j.id, ".new") || jt.backup != beside(jt.path, j.id, ".old"))
        throw bad("a temporary or backup not beside its target");
      j.targets.push_back(jt);
    }
  } catch (const YAML::Exception& e) {
    throw bad(e.msg);
  } catch (const std::logic_error& e) {  // stoull
    throw bad("a bad hash");
  }
  return j;
}

namespace {

// Each journal under `root`, in name order, handed to `each` (which says
// what it did); an unfinished journal (a crash while it was written, when
// nothing else exists yet) is removed. The folder goes when empty: a write or
// a recovery killed after removing its journal, before removing the folder,
// leaves it so, and nothing else does (the folder's name is archscan's, and
// the content cache keeps its .gitignore there).
std::vector<std::string> forEachJournal(const std::string& root, FileOps& ops,
                                        const std::function<std::string(const std::string&)>& each) {
  std::vector<std::string> done;
  std::string dir = cacheDirOf(root);
  if (!ops.exists(dir)) return done;
  std::vector<std::string> names = ops.list(dir);
  std::sort(names.begin(), names.end());
  for (const auto& name : names) {
    if (!startsWith(name, "txn-")) continue;
    std::string path = dir + "/" + name;
    if (endsWith(name, ".json.tmp")) {
      if (ops.remove(path)) done.push_back("removed an unfinished journal " + path);
    } else if (endsWith(name, ".json")) {
      done.push_back(each(path));
    }
  }
  ops.removeDir(dir);  // only when empty
  return done;
}

}  // namespace

std::vector<std::string> recoverInterrupted(const std::string& root, FileOps& ops) {
  return forEachJournal(root, ops, [&](const std::string& path) { return settle(path, root, ops); });
}

std::vector<std::string> discardInterrupted(const std::string& root, FileOps& ops) {
  return forEachJournal(root, ops, [&](const std::string& path) {
    // Only what the journal names beside its targets, as recovery would.
    Journal j = parseJournal(readJournal(path), path, root);
    size_t removed = 0;
    for (const auto& t : j.targets) removed += ops.remove(t.temp) + ops.remove(t.backup);
    ops.remove(path);
    return "discarded " + path + ": " + plural(j.targets.size(), "file", "files") + " kept as they are, " +
           plural(removed, "leftover", "leftovers") + " deleted";
  });
}

}  // namespace archscan
