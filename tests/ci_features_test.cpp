// CI features end to end: baselines that survive moved lines, inline
// suppressions and unused ones, archscan.yaml (strict, with declared
// families and project capability sources), GitHub annotations.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "analyze/rules/rules.h"
#include "process.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

using test::slurp;
using test::spit;

const char* kTables =
    "import torch\n"
    "CAP = torch.cuda.get_device_capability()[0]\n"
    "A = {9: 1, 10: 2}\n"
    "B = {9: 3, 10: 4}\n"
    "def f():\n"
    "    return A[CAP] + B[CAP]\n";

class CiFeatures : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = test::freshDir("archscan-ci");
    spit(dir / "t/tables.py", kTables);
  }
  void TearDown() override { fs::remove_all(dir); }
  ProcessResult run(const std::vector<std::string>& args) { return runProcess(ARCHSCAN_BIN, args, dir.string()); }
  std::vector<std::string> findings(const ProcessResult& r) {
    std::vector<std::string> out;
    for (const auto& f : YAML::Load(r.out)["findings"])
      out.push_back(f["rule"].as<std::string>() + " " + f["site"]["name"].as<std::string>() + ":" +
                    f["line"].as<std::string>());
    return out;
  }
  fs::path dir;
};

TEST_F(CiFeatures, BaselineRoundTripSurvivesMovedLines) {
  ProcessResult w = run({"check", "--target", "sm_120", "--write-baseline", "base.json", "--format", "json", "t"});
  ASSERT_EQ(w.exit_code, 0) << w.err;
  EXPECT_EQ(findings(w).size(), 2u);
  // Lines move: a comment block on top. Nothing new: nothing reported, exit 0.
  spit(dir / "t/tables.py", std::string("# moved\n# down\n# three lines\n") + kTables);
  ProcessResult moved = run({"check", "--target", "sm_120", "--baseline", "base.json", "--format", "json", "t"});
  EXPECT_EQ(moved.exit_code, 0) << moved.err;
  EXPECT_TRUE(findings(moved).empty());
  // A new table is new: reported despite the baseline.
  spit(dir / "t/more.py", "import torch\nCAP = torch.cuda.get_device_capability()[0]\nC = {9: 1, 10: 2}\nx = C[CAP]\n");
  ProcessResult fresh = run({"check", "--target", "sm_120", "--baseline", "base.json", "--format", "json", "t"});
  EXPECT_EQ(fresh.exit_code, 1);
  EXPECT_EQ(findings(fresh), std::vector<std::string>{"missing-arch C:3"});
}

TEST_F(CiFeatures, InlineSuppressionsAndUnusedOnes) {
  spit(dir / "t/tables.py",
       "import torch\n"
       "CAP = torch.cuda.get_device_capability()[0]\n"
       "# archscan: ignore[missing-arch]\n"
       "A = {9: 1, 10: 2}\n"
       "B = {9: 3, 10: 4}  # archscan: ignore[sibling-gap]\n"
       "C = {9: 5, 10: 6}  # archscan: ignore\n"
       "def f():\n"
       "    return A[CAP] + B[CAP] + C[CAP]  # archscan: ignore\n");
  ProcessResult r = run({"check", "--target", "sm_120", "--report-unused-ignores", "--format", "json", "t"});
  EXPECT_EQ(findings(r), std::vector<std::string>{"missing-arch B:5"});
  std::vector<std::string> unused;
  for (const auto& u : YAML::Load(r.out)["unused_ignores"])
    unused.push_back(u["line"].as<std::string>() + " " + u["text"].as<std::string>());
  EXPECT_EQ(unused, (std::vector<std::string>{"5 # archscan: ignore[sibling-gap]", "8 # archscan: ignore"}));
  ProcessResult text = run({"check", "--target", "sm_120", "--report-unused-ignores", "t"});
  EXPECT_NE(text.out.find("t/tables.py:8: note[unused-ignore]: `# archscan: ignore` suppresses nothing"),
            std::string::npos)
      << text.out;
}

TEST_F(CiFeatures, ProjectConfigSetsTargetsSourcesAndFamilies) {
  spit(dir / "t/archscan.yaml",
       "# project settings\n"
       "target: [sm_120]\n"
       "fail-on: warning\n"
       "exclude: [legacy]\n"
       "capability-sources: [query_gpu_generation]\n"
       "families:\n"
       "  tile-tables: [TILE_*]\n");
  spit(dir / "t/tiles.py",
       "import hw\n"
       "GEN = hw.query_gpu_generation()\n"
       "TILE_M = {9: 64, 10: 128, 12: 128}\n"
       "TILE_N = {9: 64, 10: 128}\n"
       "def tiles():\n"
       "    return TILE_M.get(GEN, 64)\n");
  spit(dir / "t/legacy/old.py", kTables);
  ProcessResult r = run({"check", "--format", "json", "t"});
  EXPECT_EQ(r.exit_code, 1) << r.err;  // fail-on: warning
  auto got = findings(r);
  std::sort(got.begin(), got.end());
  // TILE_N is never read and its name says "tile", but the declared family
  // makes it an arch table and TILE_M's sibling. What a missing arch does at
  // a table nobody reads is unknown, so its findings show with --all.
  EXPECT_EQ(got, (std::vector<std::string>{"missing-arch A:3", "missing-arch B:4"}));
  ProcessResult all = run({"check", "--format", "json", "--all", "t"});
  auto gotAll = findings(all);
  std::sort(gotAll.begin(), gotAll.end());
  EXPECT_EQ(gotAll, (std::vector<std::string>{"missing-arch A:3", "missing-arch B:4", "missing-arch TILE_N:4",
                                              "unlinked-site TILE_N:4"}));
  YAML::Node json = YAML::Load(all.out);
  EXPECT_EQ(json["targets"][0].as<std::string>(), "sm_120");
  for (const auto& f : json["findings"])
    if (f["site"]["name"].as<std::string>() == "TILE_N")
      EXPECT_EQ(f["site"]["family"].as<std::string>(), "tile-tables");
  // Without a target, the gap between declared siblings is a sibling-gap.
  spit(dir / "families-only.yaml", "capability-sources: [query_gpu_generation]\nfamilies:\n  tile-tables: [TILE_*]\n");
  ProcessResult noTarget = run({"check", "--format", "json", "--config", "families-only.yaml", "t/tiles.py"});
  std::vector<std::string> gaps;
  for (const auto& f : YAML::Load(noTarget.out)["findings"])
    gaps.push_back(f["rule"].as<std::string>() + " " + f["site"]["name"].as<std::string>() + " " +
                   (f["arch"].IsNull() ? "-" : f["arch"].as<std::string>()));
  EXPECT_EQ(gaps, (std::vector<std::string>{"sibling-gap TILE_N sm_12x"}));
}

TEST_F(CiFeatures, PatchHonoursProjectConfig) {
  // Only the project's own capability helper makes TILES an arch table.
  spit(dir / "p/tiles.py", "import hw\nGEN = hw.query_gpu_generation()\nTILES = {9: 64, 10: 128}\nx = TILES[GEN]\n");
  ProcessResult without = run({"fix", "p", "--add", "sm_110", "--like", "sm_100"});
  EXPECT_EQ(without.out, "");
  spit(dir / "p/archscan.yaml", "capability-sources: [query_gpu_generation]\n");
  ProcessResult with = run({"fix", "p", "--add", "sm_110", "--like", "sm_100"});
  EXPECT_NE(with.out.find("+TILES = {9: 64, 10: 128, 11: 128}"), std::string::npos) << with.out << with.err;
}

TEST_F(CiFeatures, ConfigIsStrict) {
  spit(dir / "t/archscan.yaml", "target: [sm_120]\nfail_on: warning\n");
  ProcessResult r = run({"check", "t"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("archscan: t/archscan.yaml:2:1: unknown key 'fail_on'", 0), 0u) << r.err;
  spit(dir / "t/archscan.yaml", "target: [rtx5090]\n");
  r = run({"check", "t"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("t/archscan.yaml:1:10: 'rtx5090' in target is not a compute capability"), std::string::npos)
      << r.err;
  spit(dir / "other.yaml", "all: maybe\n");
  r = run({"check", "--config", "other.yaml", "t"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("other.yaml:1:6: all must be true or false"), std::string::npos) << r.err;
}

// Two fixable findings on sm_120 from two rules: name-mismatch on a gate
// list inside a function named for sm120, missing-arch on a table.
const char* kTwoRules =
    "import torch\n"
    "\n"
    "\n"
    "def get_nvcc_flags_list(supported_major_versions=None):\n"
    "    major = torch.cuda.get_device_capability()[0]\n"
    "    if supported_major_versions and major not in supported_major_versions:\n"
    "        raise RuntimeError(f\"no supported arch among {supported_major_versions}\")\n"
    "    return [f\"-arch=sm_{major}0a\"]\n"
    "\n"
    "\n"
    "def gen_gemm_sm120_module():\n"
    "    return get_nvcc_flags_list(supported_major_versions=[9, 10])\n"
    "\n"
    "\n"
    "TILE = {8: 64, 9: 128, 10: 256}\n"
    "\n"
    "\n"
    "def tile():\n"
    "    return TILE[torch.cuda.get_device_capability()[0]]\n";

TEST_F(CiFeatures, SelectIgnoreAndRuleLevelsAgreeAcrossCheckAuditAndFix) {
  spit(dir / "s/gemm.py", kTwoRules);
  auto rules = [&](const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"check", "--target", "sm_120", "--format", "json", "s"};
    args.insert(args.end(), extra.begin(), extra.end());
    ProcessResult r = run(args);
    EXPECT_LT(r.exit_code, 2) << r.err;
    std::vector<std::string> out;
    for (const auto& f : YAML::Load(r.out)["findings"])
      out.push_back(f["rule"].as<std::string>() + " " + f["severity"].as<std::string>());
    return out;
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(rules({}), (V{"name-mismatch error", "missing-arch error"}));
  EXPECT_EQ(rules({"--select", "missing-arch"}), V{"missing-arch error"});
  EXPECT_EQ(rules({"--ignore", "missing-arch"}), V{"name-mismatch error"});
  // Comma-separated or repeated; a rule both selected and ignored is ignored.
  EXPECT_EQ(rules({"--select", "missing-arch,name-mismatch", "--ignore", "name-mismatch"}), V{"missing-arch error"});
  EXPECT_EQ(rules({"--select", "gated", "--select", "name-mismatch"}), V{"name-mismatch error"});

  // archscan.yaml: a level per rule, and off; the command line's --select replaces the file's select.
  spit(dir / "s/archscan.yaml", "rules:\n  missing-arch: note\n  name-mismatch: off\n");
  EXPECT_EQ(rules({}), V{"missing-arch note"});
  EXPECT_EQ(run({"check", "--target", "sm_120", "s"}).exit_code, 0);
  spit(dir / "s/archscan.yaml", "select: [name-mismatch]\nignore: missing-arch\n");
  EXPECT_EQ(rules({}), V{"name-mismatch error"});
  EXPECT_EQ(rules({"--select", "missing-arch"}), V{});  // the file's ignore still applies
  fs::remove(dir / "s/archscan.yaml");

  // The audit counts what check reports.
  ProcessResult audit = run({"audit", "--target", "sm_120", "--format", "json", "--ignore", "name-mismatch", "s"});
  EXPECT_EQ(audit.exit_code, 1) << audit.err;
  EXPECT_EQ(YAML::Load(audit.out)["totals"]["findings"].as<int>(), 1) << audit.out;

  // fix edits exactly the sites check reports under the selection.
  auto fixed = [&](const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"fix", "--add", "sm_120", "--like", "sm_100", "--format", "json", "s"};
    args.insert(args.end(), extra.begin(), extra.end());
    ProcessResult r = run(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<std::string> out;
    for (const auto& e : YAML::Load(r.out)["edits"]) out.push_back(e["site"].as<std::string>());
    return out;
  };
  std::string gate = "gen_gemm_sm120_module:get_nvcc_flags_list().supported_major_versions";
  EXPECT_EQ(fixed({}), (V{gate, "TILE"}));
  EXPECT_EQ(fixed({"--ignore", "name-mismatch"}), V{"TILE"});
  EXPECT_EQ(fixed({"--select", "name-mismatch"}), V{gate});
  EXPECT_EQ(fixed({"--select", "gated"}), V{});
}

TEST_F(CiFeatures, UnknownRuleIdsAreUsageErrorsWithASuggestion) {
  ProcessResult r = run({"check", "--target", "sm_120", "--select", "sibling-gap,missing-arc", "t"});
  EXPECT_EQ(r.exit_code, 2);
  // Every rule of the catalogue, in its order: a new rule joins the list by itself.
  std::string ids;
  for (const auto& rule : archscan::ruleCatalogue()) ids += (ids.empty() ? "" : ", ") + std::string(rule.id);
  EXPECT_EQ(ids.rfind("missing-arch, sibling-gap, bounded-range", 0), 0u) << ids;
  EXPECT_EQ(r.err, "archscan: --select: 'missing-arc' is not one of " + ids + "; did you mean 'missing-arch'?\n");
  r = run({"fix", "--add", "sm_120", "--like", "sm_100", "--ignore", "gate", "t"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("did you mean 'gated'?"), std::string::npos) << r.err;
  spit(dir / "t/archscan.yaml", "rules:\n  sibling-gap: warning\n  missing-arc: off\n");
  r = run({"check", "t"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("archscan: t/archscan.yaml:3:3: 'missing-arc' in rules is not one of", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("did you mean 'missing-arch'?"), std::string::npos) << r.err;
  spit(dir / "t/archscan.yaml", "rules:\n  sibling-gap: warn\n");
  r = run({"check", "t"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "archscan: t/archscan.yaml:2:16: 'warn' in rules.sibling-gap is not one of error, warning, note, off\n");
  spit(dir / "t/archscan.yaml", "ignore: [unlinked-sites]\n");
  r = run({"check", "t"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("t/archscan.yaml:1:10: 'unlinked-sites' in ignore is not one of"), std::string::npos) << r.err;
}

// A pull request's view: commit 1 has A and B, commit 2 moves them down and
// adds C, and D is not committed yet.
TEST_F(CiFeatures, BaselineRefReportsOnlyWhatIsNewSinceTheRef) {
  if (!fs::exists("/usr/bin/git")) GTEST_SKIP() << "git is not installed";
  auto git = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"-c", "user.name=t", "-c", "user.email=t@example.invalid"});
    ProcessResult r = runProcess("/usr/bin/git", args, dir.string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
  };
  git({"init", "-q", "."});
  git({"add", "-A"});
  git({"commit", "-qm", "A and B"});
  spit(dir / "t/tables.py", std::string("# moved\n# down\n") + kTables);
  spit(dir / "t/more.py", "import torch\nC = {9: 1, 10: 2}\nx = C[torch.cuda.get_device_capability()[0]]\n");
  git({"add", "-A"});
  git({"commit", "-qm", "C"});
  spit(dir / "t/new.py", "import torch\nD = {9: 1, 10: 2}\nx = D[torch.cuda.get_device_capability()[0]]\n");

  fs::create_directories(dir / "tmp");
  ProcessOptions options;
  options.env = {{"TMPDIR", (dir / "tmp").string()}};
  auto reported = [&](const std::string& cwd, const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"check", "--target", "sm_120", "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    ProcessResult r = runProcess(ARCHSCAN_BIN, args, (dir / cwd).string(), options);
    EXPECT_LT(r.exit_code, 2) << r.err;
    std::map<std::string, std::string> out;  // site -> fingerprint
    for (const auto& f : YAML::Load(r.out)["findings"])
      out[f["site"]["name"].as<std::string>()] = f["fingerprint"].as<std::string>();
    return out;
  };
  auto sites = [](const std::map<std::string, std::string>& found) {
    std::vector<std::string> out;
    for (const auto& [site, fingerprint] : found) out.push_back(site);
    return out;
  };
  using V = std::vector<std::string>;
  auto everything = reported(".", {"t"});
  EXPECT_EQ(sites(everything), (V{"A", "B", "C", "D"}));
  auto sincePrevious = reported(".", {"--baseline-ref", "HEAD~1", "t"});
  EXPECT_EQ(sites(sincePrevious), (V{"C", "D"}));
  EXPECT_EQ(sincePrevious["C"], everything["C"]);  // the same fingerprints as any check
  EXPECT_EQ(sites(reported(".", {"--baseline-ref", "HEAD", "t"})), V{"D"});
  // From a folder below the root, with relative or absolute paths, the comparison holds.
  EXPECT_EQ(sites(reported("t", {"--baseline-ref", "HEAD~1", "."})), (V{"C", "D"}));
  EXPECT_EQ(sites(reported("t", {"--baseline-ref", "HEAD~1", (dir / "t").string()})), (V{"C", "D"}));
  // Every file the comparison unpacked is gone.
  EXPECT_TRUE(fs::is_empty(dir / "tmp"));

  ProcessResult bad =
      runProcess(ARCHSCAN_BIN, {"check", "--target", "sm_120", "--baseline-ref", "nope", "t"}, dir.string(), options);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err.rfind("archscan: --baseline-ref nope: no such commit in ", 0), 0u) << bad.err;
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
}

TEST_F(CiFeatures, GithubAnnotations) {
  ProcessResult r = run({"check", "--target", "sm_120", "--format", "github", "t"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(
      r.out.rfind("::error file=t/tables.py,line=3,endLine=3,title=archscan missing-arch sm_120::A (mapping of 9, 10)",
                  0),
      0u)
      << r.out;
}

}  // namespace
}  // namespace archscan
