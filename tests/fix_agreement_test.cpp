// check and fix must never disagree about a site: every edit a finding
// carries as its fix (JSON `fix.edits`, SARIF `fixes`) is an edit `fix --add
// ARCH --like LIKE` plans for the same tree, byte for byte.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include "process.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

using EditKey = std::tuple<std::string, long, long, std::string>;  // file, offset, replaces, text

EditKey keyOf(const YAML::Node& e) {
  return {e["file"].as<std::string>(), e["offset"].as<long>(), e["replaces"].as<long>(), e["text"].as<std::string>()};
}

class FixAgreesWithCheck : public ::testing::TestWithParam<std::string> {};

TEST_P(FixAgreesWithCheck, EveryFindingsFixIsPlannedByFix) {
  fs::path dir = fs::path(TESTDATA_DIR) / GetParam();
  ProcessResult c = runProcess(
      ARCHSCAN_BIN, {"check", ".", "--target", "sm_120", "--format", "json", "-q", "--no-cache"}, dir.string());
  ASSERT_LT(c.exit_code, 2) << c.err;
  // The finding's edits, by the `like` arch its fix copies.
  std::map<std::string, std::vector<std::pair<std::string, EditKey>>> wanted;
  for (const auto& f : YAML::Load(c.out)["findings"]) {
    const YAML::Node& fix = f["fix"];
    if (!fix || fix.IsNull() || !fix["edits"] || fix["add"].as<std::string>() != "sm_120") continue;
    std::string where =
        f["file"].as<std::string>() + ":" + f["line"].as<std::string>() + " " + f["rule"].as<std::string>();
    for (const auto& e : fix["edits"]) wanted[fix["like"].as<std::string>()].push_back({where, keyOf(e)});
  }
  for (const auto& [like, edits] : wanted) {
    ProcessResult r = runProcess(
        ARCHSCAN_BIN, {"fix", ".", "--add", "sm_120", "--like", like, "--format", "json", "-q", "--no-cache"},
        dir.string());
    ASSERT_EQ(r.exit_code, 0) << GetParam() << " like " << like << ": " << r.err;
    std::set<EditKey> planned;
    for (const auto& e : YAML::Load(r.out)["edits"]) planned.insert(keyOf(e));
    for (const auto& [where, e] : edits)
      EXPECT_TRUE(planned.count(e)) << GetParam() << ": the fix of " << where << " (like " << like << ") inserts '"
                                    << std::get<3>(e) << "' at offset " << std::get<1>(e) << " of " << std::get<0>(e)
                                    << ", which fix does not plan";
  }
}

// After `fix --write`, check and fix still agree: every finding whose fix
// fix planned is gone, or sits at a site fix listed as not patched, with
// its reason. None may survive a write without a word.
TEST_P(FixAgreesWithCheck, AfterWriteEveryFixableFindingIsGoneOrRefused) {
  fs::path dir = test::freshDir("fix-agree");
  fs::copy(fs::path(TESTDATA_DIR) / GetParam(), dir, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  ProcessResult c = runProcess(
      ARCHSCAN_BIN, {"check", ".", "--target", "sm_120", "--format", "json", "-q", "--no-cache"}, dir.string());
  ASSERT_LT(c.exit_code, 2) << c.err;
  std::set<std::string> likes;
  std::set<std::pair<std::string, std::string>> fixable;  // (file:line, rule)
  for (const auto& f : YAML::Load(c.out)["findings"]) {
    const YAML::Node& fix = f["fix"];
    if (!fix || fix.IsNull() || fix["add"].as<std::string>() != "sm_120") continue;
    likes.insert(fix["like"].as<std::string>());
    fixable.insert({f["file"].as<std::string>() + ":" + f["line"].as<std::string>(), f["rule"].as<std::string>()});
  }
  std::set<std::string> refused;  // file:line of each site fix left alone
  for (const auto& like : likes) {
    ProcessResult r =
        runProcess(ARCHSCAN_BIN,
                   {"fix", ".", "--add", "sm_120", "--like", like, "--write", "--format", "json", "-q", "--no-cache"},
                   dir.string());
    ASSERT_EQ(r.exit_code, 0) << GetParam() << " like " << like << ": " << r.err;
    for (const auto& n : YAML::Load(r.out)["not_patched"])
      refused.insert(n["file"].as<std::string>() + ":" + n["line"].as<std::string>());
  }
  ProcessResult after = runProcess(
      ARCHSCAN_BIN, {"check", ".", "--target", "sm_120", "--format", "json", "-q", "--no-cache"}, dir.string());
  ASSERT_LT(after.exit_code, 2) << after.err;
  for (const auto& f : YAML::Load(after.out)["findings"]) {
    std::string where = f["file"].as<std::string>() + ":" + f["line"].as<std::string>();
    if (!fixable.count({where, f["rule"].as<std::string>()})) continue;
    EXPECT_TRUE(refused.count(where)) << GetParam() << ": " << where << " " << f["rule"].as<std::string>()
                                      << " had a fix, is still reported after fix --write, and fix did not say why";
  }
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Testdata, FixAgreesWithCheck, ::testing::ValuesIn(test::caseNames()), test::caseTestName);

}  // namespace
}  // namespace archscan
