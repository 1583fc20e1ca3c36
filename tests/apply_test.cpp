// The atomic writer: all files or none, also when a step fails halfway, and
// (with the journal and recovery) also when the process dies at any step.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "patch/apply.h"
#include "patch/journal.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

using test::slurp;
using test::spit;

class ApplyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = test::freshDir("archscan-apply");
    fs::create_directories(dir / "a");
    fs::create_directories(dir / "b");
    spit(dir / "a/one.py", "T = {9: 1, 10: 2}\n");
    spit(dir / "b/two.py", "S = [9, 10]\r\n");
    ::chmod((dir / "b/two.py").c_str(), 0755);
  }
  void TearDown() override { fs::remove_all(dir); }

  std::vector<FileWrite> writes() {
    return {{(dir / "a/one.py").string(), "T = {9: 1, 10: 2}\n", "T = {9: 1, 10: 2, 12: 2}\n"},
            {(dir / "b/two.py").string(), "S = [9, 10]\r\n", "S = [9, 10, 12]\r\n"}};
  }
  size_t entries() {
    size_t n = 0;
    for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) ++n;
    return n;
  }
  ApplyOptions options() {
    ApplyOptions o;
    o.journal_dir = cacheDirOf(dir.string());
    return o;
  }
  fs::path dir;
};

// Fails one chosen call; everything else is real.
class FailingOps : public FileOps {
 public:
  int failRenameAt = -1, failTempAt = -1, renames = 0, temps = 0;
  std::string changeOnRead;  // path whose content "changes" under us
  std::string read(const std::string& path) override {
    if (path == changeOnRead) return "changed by someone else\n";
    return FileOps::read(path);
  }
  void create(const std::string& path, const std::string& content, unsigned mode) override {
    bool temp =
        path.find(".archscan-") != std::string::npos && path.size() > 4 && path.substr(path.size() - 4) == ".new";
    if (temp && temps++ == failTempAt)
      throw ApplyError(path + ": cannot create a file beside it: Read-only file system");
    FileOps::create(path, content, mode);
  }
  void rename(const std::string& from, const std::string& to) override {
    bool journal = from.find(".archscan-cache") != std::string::npos;
    if (!journal && renames++ == failRenameAt) throw ApplyError(to + ": cannot replace: Input/output error");
    FileOps::rename(from, to);
  }
};

TEST_F(ApplyTest, WritesAllFilesKeepingModeBits) {
  FileOps ops;
  size_t before = entries();
  applyWrites(writes(), ops, options());
  EXPECT_EQ(slurp(dir / "a/one.py"), "T = {9: 1, 10: 2, 12: 2}\n");
  EXPECT_EQ(slurp(dir / "b/two.py"), "S = [9, 10, 12]\r\n");
  struct stat st;
  ASSERT_EQ(::stat((dir / "b/two.py").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0755u);
  EXPECT_EQ(entries(), before) << "temporaries or backups left behind";
}

TEST_F(ApplyTest, RenameFailingHalfwayChangesNoFile) {
  FailingOps ops;
  ops.failRenameAt = 1;  // the first file is already replaced when the second fails
  size_t before = entries();
  try {
    applyWrites(writes(), ops, options());
    FAIL() << "no error";
  } catch (const ApplyError& e) {
    EXPECT_NE(std::string(e.what()).find("no file was changed"), std::string::npos) << e.what();
  }
  EXPECT_EQ(slurp(dir / "a/one.py"), "T = {9: 1, 10: 2}\n");
  EXPECT_EQ(slurp(dir / "b/two.py"), "S = [9, 10]\r\n");
  EXPECT_EQ(entries(), before) << "temporaries or backups left behind";
}

TEST_F(ApplyTest, UnwritableFolderChangesNoFile) {
  FailingOps ops;
  ops.failTempAt = 1;  // like a read-only second folder
  EXPECT_THROW(applyWrites(writes(), ops, options()), ApplyError);
  EXPECT_EQ(slurp(dir / "a/one.py"), "T = {9: 1, 10: 2}\n");
  EXPECT_EQ(slurp(dir / "b/two.py"), "S = [9, 10]\r\n");
}

TEST_F(ApplyTest, FileChangedSinceReadIsNotOverwritten) {
  FailingOps ops;
  ops.changeOnRead = (dir / "b/two.py").string();
  try {
    applyWrites(writes(), ops, options());
    FAIL() << "no error";
  } catch (const ApplyError& e) {
    EXPECT_NE(std::string(e.what()).find("changed since it was read"), std::string::npos) << e.what();
  }
  EXPECT_EQ(slurp(dir / "a/one.py"), "T = {9: 1, 10: 2}\n");
}

TEST_F(ApplyTest, RealReadOnlyFolderWhenNotRoot) {
  if (::geteuid() == 0) GTEST_SKIP() << "root ignores folder permissions; FailingOps covers this case";
  ::chmod((dir / "b").c_str(), 0555);
  FileOps ops;
  EXPECT_THROW(applyWrites(writes(), ops, options()), ApplyError);
  ::chmod((dir / "b").c_str(), 0755);
  EXPECT_EQ(slurp(dir / "a/one.py"), "T = {9: 1, 10: 2}\n");
}

TEST_F(ApplyTest, ReadOnlyTargetIsRefusedUnlessForced) {
  ::chmod((dir / "b/two.py").c_str(), 0444);
  FileOps ops;
  try {
    applyWrites(writes(), ops, options());
    FAIL() << "no error";
  } catch (const ApplyError& e) {
    EXPECT_EQ(std::string(e.what()), (dir / "b/two.py").string() +
                                         ": read-only (mode 0444); not replaced, and nothing was written "
                                         "(--force replaces read-only files)");
  }
  EXPECT_EQ(slurp(dir / "a/one.py"), "T = {9: 1, 10: 2}\n");
  ApplyOptions forced = options();
  forced.force = true;
  applyWrites(writes(), ops, forced);
  EXPECT_EQ(slurp(dir / "b/two.py"), "S = [9, 10, 12]\r\n");
  struct stat st;
  ASSERT_EQ(::stat((dir / "b/two.py").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0444u) << "the mode is kept";
}

// A crash: not an ApplyError, so applyWrites neither rolls back nor cleans up.
struct Killed {
  std::string step;
};

// Records every step, and dies at the chosen one.
class KillingOps : public FileOps {
 public:
  std::string killAt;
  std::vector<std::string> steps;
  void reached(const std::string& step) override {
    steps.push_back(step);
    if (step == killAt) throw Killed{step};
  }
};

// Every file below `dir` with its bytes, the journal folder included.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it)
    out[fs::relative(it->path(), dir).string()] = it->is_directory() ? "<dir>" : slurp(it->path());
  return out;
}

class KillPointTest : public ::testing::Test {
 protected:
  static constexpr int kFiles = 6;
  void SetUp() override { dir = test::freshDir("archscan-kill"); }
  void TearDown() override { fs::remove_all(dir); }
  void reset() {
    fs::remove_all(dir);
    for (int i = 0; i < kFiles; ++i) spit(path(i), old(i));
  }
  fs::path path(int i) { return dir / (i % 2 ? "a" : "b/c") / ("f" + std::to_string(i) + ".py"); }
  static std::string old(int i) { return "T" + std::to_string(i) + " = {9: 1, 10: 2}\n"; }
  static std::string fresh(int i) { return "T" + std::to_string(i) + " = {9: 1, 10: 2, 12: 2}\n"; }
  std::vector<FileWrite> writes() {
    std::vector<FileWrite> w;
    for (int i = 0; i < kFiles; ++i) w.push_back({path(i).string(), old(i), fresh(i)});
    return w;
  }
  ApplyOptions options() {
    ApplyOptions o;
    o.journal_dir = cacheDirOf(dir.string());
    return o;
  }
  std::map<std::string, std::string> expected(bool newContent) {
    std::map<std::string, std::string> m;
    for (int i = 0; i < kFiles; ++i) {
      fs::path p = path(i);
      for (fs::path d = p.parent_path(); d != dir; d = d.parent_path()) m[fs::relative(d, dir).string()] = "<dir>";
      m[fs::relative(p, dir).string()] = newContent ? fresh(i) : old(i);
    }
    return m;
  }
  fs::path dir;
};

TEST_F(KillPointTest, EveryStepRecoversToAllOldOrAllNewWithNoLeftovers) {
  reset();
  KillingOps dry;
  applyWrites(writes(), dry, options());
  // journal, a temporary and a backup per file, a rename per file, backups removed.
  ASSERT_EQ(dry.steps.size(), 3u * kFiles + 2) << "the steps changed; this test must see each";
  auto allOld = expected(false), allNew = expected(true);
  ASSERT_EQ(snapshot(dir), allNew);

  for (const auto& step : dry.steps) {
    SCOPED_TRACE("killed after " + step);
    reset();
    KillingOps ops;
    ops.killAt = step;
    EXPECT_THROW(applyWrites(writes(), ops, options()), Killed);
    FileOps real;
    std::vector<std::string> said = recoverInterrupted(dir.string(), real);
    ASSERT_EQ(said.size(), 1u);
    auto now = snapshot(dir);
    bool renamedAll = step == "rename " + std::to_string(kFiles) || step == "backups removed";
    EXPECT_EQ(now, renamedAll ? allNew : allOld);
    EXPECT_EQ(said[0].rfind(renamedAll ? "completed" : "rolled back", 0), 0u) << said[0];
    EXPECT_TRUE(recoverInterrupted(dir.string(), real).empty()) << "a second recovery finds nothing";
  }
}

TEST_F(KillPointTest, RecoveryKilledHalfwayIsFinishedByTheNextOne) {
  reset();
  KillingOps ops;
  ops.killAt = "rename 3";
  EXPECT_THROW(applyWrites(writes(), ops, options()), Killed);
  KillingOps recovering;
  recovering.killAt = "restore 2";
  EXPECT_THROW(recoverInterrupted(dir.string(), recovering), Killed);
  FileOps real;
  auto said = recoverInterrupted(dir.string(), real);
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0].rfind("rolled back", 0), 0u) << said[0];
  EXPECT_EQ(snapshot(dir), expected(false));
}

TEST_F(KillPointTest, TargetEditedAfterTheCrashStopsRecoveryUntouched) {
  reset();
  KillingOps ops;
  ops.killAt = "rename 2";
  EXPECT_THROW(applyWrites(writes(), ops, options()), Killed);
  spit(path(4), "edited by hand\n");
  auto before = snapshot(dir);
  FileOps real;
  try {
    recoverInterrupted(dir.string(), real);
    FAIL() << "no error";
  } catch (const ApplyError& e) {
    EXPECT_NE(std::string(e.what()).find(path(4).string() + " is neither its old nor its new content"),
              std::string::npos)
        << e.what();
    // Both ways out are named.
    EXPECT_NE(std::string(e.what()).find("run `archscan recover` again"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("`archscan recover --discard`"), std::string::npos) << e.what();
  }
  EXPECT_EQ(snapshot(dir), before);

  // --discard keeps every file as it is now and removes only the journal
  // and the temporary and backup files it names.
  std::map<std::string, std::string> files;
  for (const auto& [rel, content] : before)
    if (rel.find(".archscan-cache") == std::string::npos && rel.find(".archscan-") == std::string::npos)
      files[rel] = content;
  auto done = discardInterrupted(dir.string(), real);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_NE(done[0].find("kept as they are"), std::string::npos) << done[0];
  EXPECT_EQ(snapshot(dir), files);
  EXPECT_EQ(slurp(path(4)), "edited by hand\n");
  EXPECT_TRUE(recoverInterrupted(dir.string(), real).empty());  // nothing left to settle
}

// Killed after removing its journal, before removing the folder it made
// (the last flush of a write or of a recovery): the folder is left empty.
class KilledBeforeRemovingTheFolder : public FileOps {
 public:
  void removeDir(const std::string&) noexcept override {}
};

TEST_F(KillPointTest, EmptyJournalFolderLeftByAKilledWriteGoesOnTheNextRun) {
  reset();
  KilledBeforeRemovingTheFolder killed;
  applyWrites(writes(), killed, options());
  ASSERT_TRUE(fs::is_directory(dir / ".archscan-cache"));
  ASSERT_TRUE(fs::is_empty(dir / ".archscan-cache"));
  FileOps real;
  EXPECT_TRUE(recoverInterrupted(dir.string(), real).empty()) << "no write to settle";
  EXPECT_EQ(snapshot(dir), expected(true));
}

TEST_F(KillPointTest, EmptyJournalFolderLeftByAKilledRecoveryGoesOnTheNextRun) {
  reset();
  KillingOps ops;
  ops.killAt = "rename 3";
  EXPECT_THROW(applyWrites(writes(), ops, options()), Killed);
  KilledBeforeRemovingTheFolder killed;
  ASSERT_EQ(recoverInterrupted(dir.string(), killed).size(), 1u);
  ASSERT_TRUE(fs::is_directory(dir / ".archscan-cache"));
  ASSERT_TRUE(fs::is_empty(dir / ".archscan-cache"));
  FileOps real;
  EXPECT_TRUE(discardInterrupted(dir.string(), real).empty()) << "no journal to discard";
  EXPECT_EQ(snapshot(dir), expected(false));
}

TEST_F(KillPointTest, JournalFolderHoldingAnythingElseStays) {
  reset();
  spit(dir / ".archscan-cache/.gitignore", "*\n");
  FileOps real;
  EXPECT_TRUE(recoverInterrupted(dir.string(), real).empty());
  EXPECT_EQ(slurp(dir / ".archscan-cache/.gitignore"), "*\n");
}

TEST_F(KillPointTest, JournalNamingAFileOutsideTheRootIsRefused) {
  reset();
  fs::path outside = dir.parent_path() / ("archscan-outside-" + std::to_string(::getpid()) + ".py");
  spit(outside, "keep\n");
  std::vector<FileWrite> w{{outside.string(), "keep\n", "changed\n"}};
  Journal j = plannedJournal(w, "1-2-3");
  spit(dir / ".archscan-cache/txn-1-2-3.json", journalJson(j));
  FileOps real;
  try {
    recoverInterrupted(dir.string(), real);
    FAIL() << "no error";
  } catch (const ApplyError& e) {
    EXPECT_NE(std::string(e.what()).find("a target outside"), std::string::npos) << e.what();
  }
  EXPECT_EQ(slurp(outside), "keep\n");
  fs::remove(outside);
}

}  // namespace
}  // namespace archscan
