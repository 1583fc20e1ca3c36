// archscan patch / fix from the command line: errors exit 2 with one line
// naming the place and write nothing; conflicts name both edits; symlinks out
// of the root are never written; fix --emit-patchset round-trips.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "process.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

using test::slurp;
using test::spit;



const char* kTable =
    "import torch\n"
    "\n"
    "def recipe():\n"
    "    arch_major = torch.cuda.get_device_capability()[0]\n"
    "    if arch_major == 9:\n"
    "        return 1\n"
    "    elif arch_major == 10:\n"
    "        return 2\n"
    "    else:\n"
    "        raise ValueError(arch_major)\n";

class PatchCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = test::freshDir("archscan-cli");
    spit(dir / "tree/recipes.py", kTable);
  }
  void TearDown() override { fs::remove_all(dir); }
  ProcessResult run(const std::vector<std::string>& args) { return runProcess(ARCHSCAN_BIN, args, dir.string()); }
  fs::path dir;
};

TEST_F(PatchCli, MalformedPatchSetIsOneLineExit2NothingWritten) {
  spit(dir / "bad.yaml", "archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    colour: red\n");
  ProcessResult r = run({"patch", "bad.yaml", "tree", "--write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "archscan: bad.yaml:5:5: unknown key 'colour' in rules[0] (allowed: add, except, like, values, where)\n");
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), kTable);
}

TEST_F(PatchCli, NotACapabilityInFixExits2) {
  ProcessResult r = run({"fix", "tree", "--add", "sm_9999", "--like", "sm_100", "--write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'sm_9999' is not a compute capability"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), kTable);
}

TEST_F(PatchCli, GlobSelectingNothingIsAnError) {
  spit(dir / "ps.yaml", "archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    where: {sites: [\"NO_SUCH_*\"]}\n");
  ProcessResult r = run({"patch", "ps.yaml", "tree"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "archscan: ps.yaml:5:21: where.sites 'NO_SUCH_*' selects no site in the scanned tree\n");
}

TEST_F(PatchCli, ConflictingEditsAbortNamingBoth) {
  // Both rules widen the same `arch_major == 10` comparison differently.
  spit(dir / "a.yaml", "archscan: 1\nname: a\nrules:\n  - add: sm_120\n    like: sm_100\n");
  spit(dir / "b.yaml", "archscan: 1\nname: b\nrules:\n  - add: sm_110\n    like: sm_100\n");
  ProcessResult r = run({"patch", "a.yaml", "b.yaml", "tree", "--write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("conflicting edits: tree/recipes.py:7 (recipe[arch_major], a: add sm_120) and "
                       "tree/recipes.py:7 (recipe[arch_major], b: add sm_110)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), kTable);
}

TEST_F(PatchCli, FixEmitsAnEquivalentPatchSet) {
  ProcessResult fix = run({"fix", "tree", "--add", "sm_120", "--like", "sm_100", "--emit-patchset", "kept.yaml"});
  ASSERT_EQ(fix.exit_code, 0) << fix.err;
  EXPECT_NE(fix.out.find("+    elif arch_major in (10, 12):"), std::string::npos) << fix.out;
  ProcessResult patch = run({"patch", "kept.yaml", "tree"});
  ASSERT_EQ(patch.exit_code, 0) << patch.err;
  EXPECT_EQ(patch.out, fix.out);
  EXPECT_NE(slurp(dir / "kept.yaml").find("archscan: 1"), std::string::npos);
}

TEST_F(PatchCli, SymlinkOutOfTheRootIsNeverWritten) {
  spit(dir / "outside/table.py", kTable);
  fs::create_symlink(dir / "outside/table.py", dir / "tree/linked.py");
  ProcessResult r = run({"fix", "tree", "--add", "sm_120", "--like", "sm_100", "--write"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(dir / "outside/table.py"), kTable);
  EXPECT_TRUE(fs::is_symlink(dir / "tree/linked.py"));
  EXPECT_NE(slurp(dir / "tree/recipes.py"), kTable);
}

TEST_F(PatchCli, JsonListsEditsWithValueSource) {
  spit(dir / "tree/sizes.py",
       "import torch\nCAP = torch.cuda.get_device_capability()[0]\nSIZES = {9: 4, 10: 8}\n\ndef size():\n    return SIZES[CAP]\n");
  spit(dir / "ps.yaml", "archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    values: {SIZES: \"16\"}\n");
  ProcessResult r = run({"patch", "ps.yaml", "tree", "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"text\": \", 12: 16\""), std::string::npos) << r.out;  // a one-line dict stays one line
  EXPECT_NE(r.out.find("\"value_source\": \"override\""), std::string::npos) << r.out;
  ProcessResult plain = run({"fix", "tree", "--add", "sm_120", "--like", "sm_100", "--format", "json"});
  EXPECT_NE(plain.out.find("\"value_source\": \"copied-from sm_100\""), std::string::npos) << plain.out;
}

TEST_F(PatchCli, SingleElementTupleStaysValidAndRangesAreListed) {
  spit(dir / "tree/gates.py",
       "import torch\n"
       "SUPPORTED_ARCHS = (10,)\n"
       "def check():\n"
       "    major = torch.cuda.get_device_capability()[0]\n"
       "    if major not in SUPPORTED_ARCHS:\n"
       "        raise RuntimeError(major)\n"
       "def tiles(sm_version):\n"
       "    if 100 <= sm_version < 120:\n"
       "        return 256\n"
       "    raise RuntimeError(sm_version)\n");
  ProcessResult r = run({"fix", "tree/gates.py", "--add", "sm_120", "--like", "sm_100"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("+SUPPORTED_ARCHS = (10, 12,)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("tree/gates.py:8: not patched: tiles[sm_version] (sm_120): a range; ranges are never patched"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace archscan
