// archscan check / audit / archs from the command line: exit codes,
// diagnostics for unreadable input, output files, and no colour in pipes.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

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


class CheckCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = test::freshDir("archscan-check");
    spit(dir / "t/table.py",
         "import torch\nCAP = torch.cuda.get_device_capability()[0]\nT = {9: 1, 10: 2}\n"
         "def f():\n    return T.get(CAP, 0)\n");
  }
  void TearDown() override { fs::remove_all(dir); }
  ProcessResult run(const std::vector<std::string>& args) { return runProcess(ARCHSCAN_BIN, args, dir.string()); }
  fs::path dir;
};

TEST_F(CheckCli, ExitCodesFollowFailOn) {
  EXPECT_EQ(run({"check", "--target", "sm_120", "t"}).exit_code, 0);  // a warning, default --fail-on error
  EXPECT_EQ(run({"check", "--target", "sm_120", "--fail-on", "warning", "t"}).exit_code, 1);
  EXPECT_EQ(run({"check", "--target", "sm_100", "--fail-on", "note", "t"}).exit_code, 0);  // covered
  EXPECT_EQ(run({"check", "--target", "sm_999", "t"}).exit_code, 2);
  EXPECT_EQ(run({"check", "--format", "yaml", "t"}).exit_code, 2);
  EXPECT_EQ(run({"audit", "t"}).exit_code, 2);  // audit needs a target
  EXPECT_EQ(run({"check", "--no-such-flag"}).exit_code, 2);
}

TEST_F(CheckCli, UnreadableInputIsADiagnosticNotASkip) {
  spit(dir / "t/latin1.py", std::string("# caf\xe9\nT2 = {9: 1}\n"));
  spit(dir / "t/broken.py", "import torch\ndef f(:\n  pass\n");
  ProcessResult r = run({"check", "--format", "json", "t", "missing-folder"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  YAML::Node json = YAML::Load(r.out);
  std::vector<std::string> got;
  for (const auto& d : json["diagnostics"])
    got.push_back(d["level"].as<std::string>() + " " + d["file"].as<std::string>() + ":" + d["line"].as<std::string>() +
                  " " + d["message"].as<std::string>().substr(0, 18));
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, (std::vector<std::string>{"error missing-folder:0 no such file or fo",
                                           "error t/latin1.py:1 not UTF-8 (invalid",
                                           "warning t/broken.py:2 syntax error; site"}));
  EXPECT_EQ(json["stats"]["files_seen"].as<int>(), 3);
}

TEST_F(CheckCli, OutputFileAndNoColourInPipes) {
  ProcessResult r = run({"check", "--target", "sm_120", "-o", "report.txt", "t"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  std::ifstream in(dir / "report.txt");
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_NE(ss.str().find("warning[missing-arch] sm_120"), std::string::npos) << ss.str();
  EXPECT_EQ(ss.str().find('\x1b'), std::string::npos);
  ProcessResult forced = run({"check", "--target", "sm_120", "--color", "always", "t"});
  EXPECT_NE(forced.out.find('\x1b'), std::string::npos);
}

TEST_F(CheckCli, ArchsListsAliases) {
  ProcessResult r = run({"archs"});
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("sm_120"), std::string::npos);
  EXPECT_NE(r.out.find("rtx-pro-6000"), std::string::npos);
  EXPECT_NE(r.out.find("dgx-spark"), std::string::npos);
}

TEST_F(CheckCli, ExcludeAndGitignoreSkipFiles) {
  spit(dir / "t/vendor/copy.py", "import torch\nCAP = torch.cuda.get_device_capability()[0]\nV = {9: 1}\nx = V[CAP]\n");
  spit(dir / "t/gen/out.py", "import torch\nCAP = torch.cuda.get_device_capability()[0]\nG = {9: 1}\nx = G[CAP]\n");
  spit(dir / "t/.gitignore", "gen/\n");
  ProcessResult r = run({"check", "--format", "json", "--exclude", "vendor", "t"});
  YAML::Node json = YAML::Load(r.out);
  EXPECT_EQ(json["stats"]["files_seen"].as<int>(), 1);
}

}  // namespace
}  // namespace archscan
