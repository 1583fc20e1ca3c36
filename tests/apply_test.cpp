// The atomic writer: all files or none, also when a step fails halfway.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "patch/apply.h"
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
  std::string writeTemp(const std::string& beside, const std::string& content, unsigned mode) override {
    if (temps++ == failTempAt) throw ApplyError(beside + ": cannot create a temporary file beside it: Read-only file system");
    return FileOps::writeTemp(beside, content, mode);
  }
  void rename(const std::string& from, const std::string& to) override {
    if (renames++ == failRenameAt) throw ApplyError(to + ": cannot replace: Input/output error");
    FileOps::rename(from, to);
  }
};

TEST_F(ApplyTest, WritesAllFilesKeepingModeBits) {
  FileOps ops;
  size_t before = entries();
  applyWrites(writes(), ops);
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
    applyWrites(writes(), ops);
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
  EXPECT_THROW(applyWrites(writes(), ops), ApplyError);
  EXPECT_EQ(slurp(dir / "a/one.py"), "T = {9: 1, 10: 2}\n");
  EXPECT_EQ(slurp(dir / "b/two.py"), "S = [9, 10]\r\n");
}

TEST_F(ApplyTest, FileChangedSinceReadIsNotOverwritten) {
  FailingOps ops;
  ops.changeOnRead = (dir / "b/two.py").string();
  try {
    applyWrites(writes(), ops);
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
  EXPECT_THROW(applyWrites(writes(), ops), ApplyError);
  ::chmod((dir / "b").c_str(), 0755);
  EXPECT_EQ(slurp(dir / "a/one.py"), "T = {9: 1, 10: 2}\n");
}

}  // namespace
}  // namespace archscan
