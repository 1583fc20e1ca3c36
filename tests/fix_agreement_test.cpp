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

INSTANTIATE_TEST_SUITE_P(Testdata, FixAgreesWithCheck, ::testing::ValuesIn(test::caseNames()), test::caseTestName);

}  // namespace
}  // namespace archscan
