// archscan audit from the command line: the same numbers as check on every
// testdata case, the markdown size limit on a generated 1,000-site tree,
// --diff, --fail-on, links, columns, components and row names.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <map>
#include <set>

#include "analyze/rules/rules.h"
#include "process.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

using test::slurp;
using test::spit;

// The rules whose finding for a target is that target's audit cell, as the catalogue declares them.
bool targetRule(const std::string& r) {
  const RuleInfo* rule = findRule(r);
  return rule && rule->audit != AuditRole::None;
}

class AuditAgreesWithCheck : public ::testing::TestWithParam<std::string> {};

// Every run of the case, as check and as audit with the same options: the
// totals are check's, per target the findings are check's, and the sites
// counted by effect are exactly the sites check reports for that target.
TEST_P(AuditAgreesWithCheck, OnEveryRun) {
  fs::path dir = fs::path(TESTDATA_DIR) / GetParam();
  YAML::Node spec = YAML::LoadFile((dir / "archscan-test.yaml").string());
  int runs = 0;
  for (const auto& run : spec["runs"]) {
    std::vector<std::string> args;
    for (const auto& a : run["args"]) args.push_back(a.as<std::string>());
    ASSERT_EQ(args.front(), "check");
    args.erase(args.begin());
    // audit needs a target; a target-free run is compared with sm_120 added to both.
    if (std::find(args.begin(), args.end(), "--target") == args.end())
      args.insert(args.begin(), {"--target", "sm_120"});
    auto with = [&](const char* cmd) {
      std::vector<std::string> a{cmd};
      a.insert(a.end(), args.begin(), args.end());
      a.insert(a.end(), {"--format", "json", "-q"});
      return runProcess(ARCHSCAN_BIN, a, dir.string());
    };
    ProcessResult c = with("check"), a = with("audit");
    ASSERT_LT(c.exit_code, 2) << c.err;
    EXPECT_EQ(a.exit_code, c.exit_code) << "audit's exit code follows --fail-on as check's: " << a.err;
    YAML::Node cj = YAML::Load(c.out), aj = YAML::Load(a.out);
    std::map<std::string, int> sev;
    std::map<std::string, std::map<std::string, int>> perTarget;
    std::map<std::string, std::set<std::string>> sitesFor;
    for (const auto& f : cj["findings"]) {
      sev[f["severity"].as<std::string>()]++;
      if (f["arch"].IsNull()) continue;
      perTarget[f["arch"].as<std::string>()][f["severity"].as<std::string>()]++;
      if (targetRule(f["rule"].as<std::string>()))
        sitesFor[f["arch"].as<std::string>()].insert(f["site"]["id"].as<std::string>());
    }
    const YAML::Node& t = aj["totals"];
    std::string where = GetParam() + " " + run["name"].as<std::string>("default");
    EXPECT_EQ(t["findings"].as<int>(), static_cast<int>(cj["findings"].size())) << where;
    EXPECT_EQ(t["errors"].as<int>(), sev["error"]) << where;
    EXPECT_EQ(t["warnings"].as<int>(), sev["warning"]) << where;
    EXPECT_EQ(t["notes"].as<int>(), sev["note"]) << where;
    EXPECT_EQ(t["sites"].as<int>(), static_cast<int>(cj["sites"].size())) << where;
    std::set<std::string> checkSites, auditSites;
    for (const auto& s : cj["sites"]) checkSites.insert(s["id"].as<std::string>());
    for (const auto& r : aj["rows"]) auditSites.insert(r["id"].as<std::string>());
    EXPECT_EQ(auditSites, checkSites) << where;
    for (const auto& s : aj["summary"]) {
      std::string target = s["target"].as<std::string>();
      EXPECT_EQ(s["findings"]["errors"].as<int>(), perTarget[target]["error"]) << where << " " << target;
      EXPECT_EQ(s["findings"]["warnings"].as<int>(), perTarget[target]["warning"]) << where << " " << target;
      EXPECT_EQ(s["findings"]["notes"].as<int>(), perTarget[target]["note"]) << where << " " << target;
      int reported = 0;
      for (const char* e : {"crash", "fallback", "unknown", "gated", "review"})
        reported += s[e].as<int>() + s["support"][e].as<int>();
      EXPECT_EQ(reported, static_cast<int>(sitesFor[target].size())) << where << " " << target;
    }
    ++runs;
  }
  EXPECT_GT(runs, 0);
}

INSTANTIATE_TEST_SUITE_P(Testdata, AuditAgreesWithCheck, ::testing::ValuesIn(test::caseNames()), test::caseTestName);

class AuditCli : public ::testing::Test {
 protected:
  void SetUp() override { dir = test::freshDir("archscan-audit"); }
  void TearDown() override { fs::remove_all(dir); }
  ProcessResult run(std::vector<std::string> args) {
    args.insert(args.begin(), "audit");
    args.push_back("-q");
    return runProcess(ARCHSCAN_BIN, args, dir.string());
  }
  YAML::Node json(std::vector<std::string> args) {
    args.insert(args.end(), {"--format", "json"});
    ProcessResult r = run(args);
    EXPECT_LT(r.exit_code, 2) << r.err;
    return YAML::Load(r.out);
  }
  static YAML::Node row(const YAML::Node& j, const std::string& name) {
    for (const auto& r : j["rows"])
      if (r["name"].as<std::string>() == name) return r;
    ADD_FAILURE() << "no row " << name;
    return YAML::Node();
  }
  fs::path dir;
};

const char* kCrashTable =
    "import torch\nT = {9: 1, 10: 2}\ndef f():\n    cap = torch.cuda.get_device_capability()[0]\n    return T[cap]\n";
// The same with an sm_80 entry: an arm sm_120 can run, so fix adds it (like
// sm_80; sm_90's and sm_100's values are for code sm_120 lacks).
const char* kFixableTable =
    "import torch\nT = {8: 1, 9: 1, 10: 2}\ndef f():\n    cap = torch.cuda.get_device_capability()[0]\n    return "
    "T[cap]\n";

TEST_F(AuditCli, MarkdownOfAThousandSitesStaysUnderSixtyThousandCharacters) {
  ProcessResult gen = runProcess("/usr/bin/env", {"python3", GEN_TREE, (dir / "tree").string()}, dir.string());
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  auto md = [&](std::vector<std::string> extra) {
    std::vector<std::string> a{"audit", "--target", "sm_120", "--format", "markdown", "-q", "."};
    a.insert(a.end(), extra.begin(), extra.end());
    return runProcess(ARCHSCAN_BIN, a, (dir / "tree").string());
  };
  YAML::Node j = YAML::Load(
      runProcess(ARCHSCAN_BIN, {"audit", "--target", "sm_120", "--format", "json", "-q", "."}, (dir / "tree").string())
          .out);
  int inView = j["totals"]["in_default_view"].as<int>();
  ASSERT_GE(j["totals"]["sites"].as<int>(), 900);
  ProcessResult r = md({});
  ASSERT_EQ(r.exit_code, 1) << r.err;
  EXPECT_LT(r.out.size(), 60000u);  // bytes: emoji take several, so the character count is lower still
  EXPECT_NE(r.out.find(std::to_string(inView - 50) + " of " + std::to_string(inView) + " rows left out"),
            std::string::npos)
      << r.out.substr(r.out.size() - 600);
  size_t crashRows = 0;
  for (size_t p = r.out.find("\n| crash |"); p != std::string::npos; p = r.out.find("\n| crash |", p + 1)) ++crashRows;
  EXPECT_EQ(crashRows, 50u) << "the first 50 rows are crash rows (the tree has hundreds)";
  ProcessResult top = md({"--top", "7"});
  EXPECT_NE(top.out.find(std::to_string(inView - 7) + " of "), std::string::npos);
  ProcessResult all = md({"--show", "all"});
  size_t rows = 0;
  for (size_t p = all.out.find("\n| "); p != std::string::npos; p = all.out.find("\n| ", p + 1))
    rows += all.out.compare(p, 10, "\n| effect ") && all.out.compare(p, 5, "\n|---") ? 1 : 0;
  EXPECT_GT(all.out.size(), 60000u);
  EXPECT_EQ(all.out.find("left out"), std::string::npos);
  EXPECT_GE(rows, static_cast<size_t>(j["totals"]["sites"].as<int>()));
}

TEST_F(AuditCli, DiffNamesFixedSitesNewGapsAndNewSites) {
  spit(dir / "t/a.py", kCrashTable);
  spit(dir / "t/b.py",
       "import torch\nU = {9: 1, 10: 2, 12: 3}\ndef g():\n    cap = torch.cuda.get_device_capability()[0]\n    return "
       "U[cap]\n");
  ProcessResult old = run({"--target", "sm_120", "--format", "json", "-o", "old.json", "t"});
  ASSERT_EQ(old.exit_code, 1) << old.err;
  spit(dir / "t/a.py",
       "import torch\nT = {9: 1, 10: 2, 12: 2}\ndef f():\n    cap = torch.cuda.get_device_capability()[0]\n    return "
       "T[cap]\n");
  spit(dir / "t/b.py",
       "import torch\nU = {9: 1, 10: 2}\ndef g():\n    cap = torch.cuda.get_device_capability()[0]\n    return "
       "U[cap]\n");
  spit(dir / "t/c.py",
       "import torch\nV = {9: 1}\ndef h():\n    cap = torch.cuda.get_device_capability()[0]\n    return V[cap]\n");
  YAML::Node d = json({"--target", "sm_120", "--diff", "old.json", "t"});
  ASSERT_EQ(d["kind"].as<std::string>(), "audit-diff");
  ASSERT_EQ(d["fixed"].size(), 1u);
  EXPECT_EQ(d["fixed"][0]["name"].as<std::string>(), "T");
  EXPECT_EQ(d["fixed"][0]["was"].as<std::string>(), "crash");
  EXPECT_EQ(d["fixed"][0]["now"].as<std::string>(), "covered");
  ASSERT_EQ(d["new_gaps"].size(), 1u);
  EXPECT_EQ(d["new_gaps"][0]["name"].as<std::string>(), "U");
  ASSERT_EQ(d["new_sites"].size(), 1u);
  EXPECT_EQ(d["new_sites"][0]["name"].as<std::string>(), "V");
  EXPECT_EQ(d["removed"].size(), 0u);
  ProcessResult text = run({"--target", "sm_120", "--diff", "old.json", "t"});
  EXPECT_NE(text.out.find("1 fixed, 1 new gap, 0 changed, 1 new site (1 with a gap)"), std::string::npos) << text.out;

  spit(dir / "bad.json", "{\"tool\": \"archscan\", \"findings\": []}");
  ProcessResult bad = run({"--target", "sm_120", "--diff", "bad.json", "-o", "out.txt", "t"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("bad.json: not an archscan audit JSON"), std::string::npos) << bad.err;
  EXPECT_FALSE(fs::exists(dir / "out.txt"));
  EXPECT_EQ(run({"--target", "sm_120", "--diff", "missing.json", "t"}).exit_code, 2);
  EXPECT_EQ(run({"--target", "sm_120", "--diff", "old.json", "--format", "html", "t"}).exit_code, 2);
}

TEST_F(AuditCli, FailOnWorksAsInCheck) {
  spit(dir / "t/a.py", kCrashTable);
  EXPECT_EQ(run({"--target", "sm_120", "t"}).exit_code, 1);
  EXPECT_EQ(run({"--target", "sm_120", "--fail-on", "never", "t"}).exit_code, 0);
  EXPECT_EQ(run({"--target", "sm_100", "--fail-on", "note", "t"}).exit_code, 0);  // covered
  EXPECT_EQ(run({"--target", "sm_120", "--fail-on", "sometimes", "t"}).exit_code, 2);
  EXPECT_EQ(run({"--target", "sm_120", "--columns", "few", "t"}).exit_code, 2);
  EXPECT_EQ(run({"--target", "sm_120", "--show", "most", "t"}).exit_code, 2);
}

TEST_F(AuditCli, LinksUseTheBaseOrStartFromTheOutputFolder) {
  spit(dir / "t/a.py", kCrashTable);
  YAML::Node based = json({"--target", "sm_120", "--link-base", "https://example.invalid/repo/blob/abc123/", "t"});
  EXPECT_EQ(row(based, "T")["href"].as<std::string>(), "https://example.invalid/repo/blob/abc123/t/a.py#L2");
  fs::create_directories(dir / "out/audit");
  ASSERT_EQ(run({"--target", "sm_120", "--format", "json", "-o", "out/audit/a.json", "t"}).exit_code, 1);
  YAML::Node rel = YAML::Load(slurp(dir / "out/audit/a.json"));
  EXPECT_EQ(row(rel, "T")["href"].as<std::string>(), "../../t/a.py#L2");
  EXPECT_EQ(row(rel, "T")["decided_by"]["line"].as<int>(), 5);
  ASSERT_EQ(run({"--target", "sm_120", "--format", "markdown", "-o", "out/pr.md", "t"}).exit_code, 1);
  EXPECT_NE(slurp(dir / "out/pr.md").find("[t/a.py:2](../t/a.py#L2)"), std::string::npos);
}

TEST_F(AuditCli, TargetsFirstThenNearbyArchsThenOlder) {
  spit(dir / "t/a.py",
       "import torch\nT = {7: 1, 8: 1, 9: 1, 10: 2, 11: 3}\ndef f():\n    cap = torch.cuda.get_device_capability()[0]\n"
       "    return T[cap]\n");
  auto names = [](const YAML::Node& j) {
    std::vector<std::string> out;
    for (const auto& c : j["columns"]) out.push_back(c["name"].as<std::string>());
    return out;
  };
  YAML::Node near = json({"--target", "sm_120", "t"});
  EXPECT_EQ(names(near), (std::vector<std::string>{"sm_120", "sm_90", "sm_100", "sm_110", "older"}));
  EXPECT_EQ(near["columns"][4]["archs"].size(), 2u);  // sm_70, sm_80
  EXPECT_EQ(row(near, "T")["cells"]["older"].as<std::string>(), "covered");
  EXPECT_EQ(row(near, "T")["cell_details"]["older"].as<std::string>(), "sm_70 sm_80");
  YAML::Node all = json({"--target", "sm_120", "--columns", "all", "t"});
  EXPECT_EQ(names(all), (std::vector<std::string>{"sm_120", "sm_70", "sm_80", "sm_90", "sm_100", "sm_110"}));
  // An Ampere target: its family and Turing's are near, Hopper and Blackwell too (newer than the floor).
  YAML::Node ampere = json({"--target", "sm_86", "t"});
  EXPECT_EQ(names(ampere), (std::vector<std::string>{"sm_86", "sm_80", "sm_90", "sm_100", "sm_110", "older"}));
}

TEST_F(AuditCli, ComponentsFromArchscanYamlThenCodeownersThenFolders) {
  for (const char* f : {"pkg/attn/a.py", "pkg/moe/m.py", "other/o.py", "tests/test_t.py"})
    spit(dir / "repo" / f, kCrashTable);
  YAML::Node plain = json({"--target", "sm_120", "repo"});
  std::map<std::string, std::string> comp;
  std::map<std::string, bool> support;
  for (const auto& r : plain["rows"]) {
    comp[r["file"].as<std::string>()] = r["component"].as<std::string>();
    support[r["file"].as<std::string>()] = r["support"].as<bool>();
  }
  EXPECT_EQ(comp["repo/pkg/attn/a.py"], "pkg");
  EXPECT_EQ(comp["repo/tests/test_t.py"], "tests");
  EXPECT_TRUE(support["repo/tests/test_t.py"]);
  EXPECT_FALSE(support["repo/pkg/attn/a.py"]);
  // Tests come last, whatever their effect.
  EXPECT_EQ(plain["rows"][3]["file"].as<std::string>(), "repo/tests/test_t.py");

  spit(dir / "repo/.github/CODEOWNERS", "# owners\n*.py @everyone\n/pkg/attn/ @attn-team\nother/ \n");
  spit(dir / "repo/archscan.yaml", "components:\n  moe: [\"pkg/moe/**\"]\n");
  YAML::Node owned = json({"--target", "sm_120", "repo"});
  for (const auto& r : owned["rows"]) comp[r["file"].as<std::string>()] = r["component"].as<std::string>();
  EXPECT_EQ(comp["repo/pkg/attn/a.py"], "@attn-team");
  EXPECT_EQ(comp["repo/pkg/moe/m.py"], "moe");  // archscan.yaml first
  EXPECT_EQ(comp["repo/other/o.py"], "other");  // explicitly unowned: the folder
  EXPECT_EQ(comp["repo/tests/test_t.py"], "@everyone");
  EXPECT_EQ(owned["component_source"].as<std::string>(),
            "archscan.yaml components, then CODEOWNERS (.github/CODEOWNERS), then the top-level package or folder");

  spit(dir / "repo/archscan.yaml", "components:\n  - pkg/moe\n");
  ProcessResult bad = run({"--target", "sm_120", "repo"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("archscan.yaml:2:"), std::string::npos) << bad.err;
}

// The number a person reads in the page's header, by the data-count it carries.
std::string headerCount(const std::string& html, const std::string& target, const std::string& kind) {
  size_t at = html.find("id=\"summary-" + target + "\"");
  if (at == std::string::npos) return "no summary for " + target;
  std::string key = "data-count=\"" + kind + "\">";
  size_t p = html.find(key, at);
  if (p == std::string::npos) return "no count " + kind;
  p += key.size();
  return html.substr(p, html.find('<', p) - p);
}

TEST_F(AuditCli, HtmlHeaderCountsGapsCheckDoesNotReport) {
  // Transformer Engine's mxfp8 chain lacks sm_120 and falls back; nothing says that is wrong, so check is silent.
  fs::path te = fs::path(TESTDATA_DIR) / "frameworks/transformer-engine-tuple";
  ProcessResult j =
      runProcess(ARCHSCAN_BIN, {"audit", "--target", "sm_120", "--format", "json", "-q", "."}, te.string());
  YAML::Node sum = YAML::Load(j.out)["summary"][0];
  int notReported = sum["not_reported"].as<int>();
  ASSERT_GT(notReported, 0) << j.out;
  ProcessResult h =
      runProcess(ARCHSCAN_BIN, {"audit", "--target", "sm_120", "--format", "html", "-q", "."}, te.string());
  EXPECT_EQ(headerCount(h.out, "sm_120", "not-reported"), std::to_string(notReported));
  int total = 0;
  for (const char* k : {"crash", "fallback", "unknown", "gated", "not-reported", "covered"})
    total += std::stoi(headerCount(h.out, "sm_120", k));
  int product = 0;
  for (const auto& r : YAML::Load(j.out)["rows"]) product += r["support"].as<bool>() ? 0 : 1;
  EXPECT_EQ(total, product) << "the header's counts add up to the sites outside tests";
}

TEST_F(AuditCli, EffortSaysWhatFixHandlesWhatNeedsAPersonAndWhatIsGated) {
  spit(dir / "t/a.py", kFixableTable);  // a table fix adds sm_120 to
  spit(
      dir / "t/gate.py",
      "import torch\ndef fp8(q):\n    major = torch.cuda.get_device_capability()[0]\n"
      "    assert major == 10, \"FP8 attention is only supported on SM100 (compute capability 10.x)\"\n    return q\n");
  fs::copy_file(fs::path(TESTDATA_DIR) / "rules/bounded-range/dispatch/attention.py", dir / "t/attention.py");
  YAML::Node j = json({"--target", "sm_120", "--all", "t"});
  EXPECT_EQ(row(j, "T")["work"].as<std::string>(), "fix");
  EXPECT_EQ(row(j, "fp8[major]")["work"].as<std::string>(), "gated");
  // A range that stops below the target sends it to a raising else: no edit fix would dare.
  YAML::Node kernel = row(j, "pick_kernel[sm]");
  EXPECT_EQ(kernel["work"].as<std::string>(), "person") << YAML::Dump(kernel);
  const YAML::Node& e = j["effort"];
  int fix = 0, person = 0, gated = 0, none = 0;
  for (const auto& r : j["rows"]) {
    std::string w = r["work"].as<std::string>();
    (w == "fix" ? fix : w == "person" ? person : w == "gated" ? gated : none)++;
    EXPECT_EQ(w != "none", r["in_default_view"].as<bool>()) << "the effort view counts the rows with findings";
  }
  EXPECT_EQ(e["fix"].as<int>(), fix);
  EXPECT_EQ(e["person"].as<int>(), person);
  EXPECT_EQ(e["gated"].as<int>(), gated);
  std::string said = std::to_string(fix) + (fix == 1 ? " site" : " sites") + " archscan fix handles, " +
                     std::to_string(person) + (person == 1 ? " needs" : " need") + " a person, " +
                     std::to_string(gated) + " gated by design";
  EXPECT_NE(run({"--target", "sm_120", "--all", "t"}).out.find("effort: " + said), std::string::npos);
  EXPECT_NE(run({"--target", "sm_120", "--all", "--format", "markdown", "t"}).out.find("**effort**: " + said),
            std::string::npos);
  std::string html = run({"--target", "sm_120", "--all", "--format", "html", "t"}).out;
  EXPECT_NE(html.find("data-effort=\"person\">" + std::to_string(person) + "<"), std::string::npos);
  EXPECT_NE(html.find("data-effort=\"fix\">" + std::to_string(fix) + "<"), std::string::npos);
}

TEST_F(AuditCli, ColumnsEmptyOrAlikeOnEveryRowAreLeftOutAndSaidOnce) {
  spit(dir / "t/a.py", kCrashTable);
  spit(dir / "t/b.py", kCrashTable);
  std::string md = run({"--target", "sm_120", "--format", "markdown", "t"}).out;
  size_t head = md.find("\n| effect | site |");
  ASSERT_NE(head, std::string::npos) << md;
  std::string header = md.substr(head + 1, md.find('\n', head + 1) - head - 1);
  EXPECT_EQ(header, "| effect | site | **sm_120** | where | decided by | gate or fix |");
  EXPECT_NE(md.find("The same on every row, so not a column: sm_90: covered; sm_100: covered; component: "),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("; family: none.\n"), std::string::npos) << md;
  std::string html = run({"--target", "sm_120", "--format", "html", "t"}).out;
  EXPECT_EQ(html.find(">Family</button>"), std::string::npos);
  EXPECT_NE(html.find(">Decided by</button>"), std::string::npos);  // each table is read on its own line
  EXPECT_NE(html.find("<span data-column=\"family\">family: none</span>"), std::string::npos);
}

TEST_F(AuditCli, ACleanTreeSaysNothingToDoInsteadOfAnEmptyTable) {
  spit(dir / "t/a.py",
       "import torch\nT = {9: 1, 10: 2, 12: 3}\ndef f():\n    cap = torch.cuda.get_device_capability()[0]\n"
       "    return T[cap]\n");
  const std::string said = "Nothing to do for sm_120: the one arch site handles it and check reports nothing.";
  ProcessResult text = run({"--target", "sm_120", "t"});
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_NE(text.out.find(said), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("Sites with findings"), std::string::npos) << text.out;
  std::string md = run({"--target", "sm_120", "--format", "markdown", "t"}).out;
  EXPECT_NE(md.find("**" + said + "**"), std::string::npos) << md;
  EXPECT_EQ(md.find("| effect |"), std::string::npos) << md;
  std::string html = run({"--target", "sm_120", "--format", "html", "t"}).out;
  EXPECT_NE(html.find("id=\"nothing-to-do\" role=\"status\">" + said), std::string::npos);
  EXPECT_EQ(html.find("<table id=\"audit\">"), std::string::npos);
  // --show all still lists the covered site, under the same message.
  EXPECT_NE(run({"--target", "sm_120", "--show", "all", "--format", "html", "t"}).out.find("<table id=\"audit\">"),
            std::string::npos);
  spit(dir / "t/b.py", kCrashTable);
  EXPECT_EQ(run({"--target", "sm_120", "t"}).out.find("Nothing to do"), std::string::npos);
}

TEST_F(AuditCli, RowsSayWhichSiteWhatDecidesItAndTheFix) {
  spit(dir / "t/a.py", kFixableTable);
  spit(dir / "t/sub/b.py", kFixableTable);
  spit(
      dir / "t/gate.py",
      "import torch\ndef fp8(q):\n    major = torch.cuda.get_device_capability()[0]\n"
      "    assert major == 10, \"FP8 attention is only supported on SM100 (compute capability 10.x)\"\n    return q\n");
  YAML::Node j = json({"--target", "sm_120", "t"});
  std::set<std::string> display;
  for (const auto& r : j["rows"]) display.insert(r["display_name"].as<std::string>());
  EXPECT_TRUE(display.count("T (a.py)")) << YAML::Dump(j["rows"]);
  EXPECT_TRUE(display.count("T (b.py)"));
  YAML::Node t = j["rows"][0];
  EXPECT_EQ(t["effect"].as<std::string>(), "crash");
  EXPECT_EQ(t["decided_by"]["how"].as<std::string>(), "T[cap] (KeyError)");
  EXPECT_EQ(t["fix"].as<std::string>(), "Add sm_120 like sm_80 (review any copied value); line 2: +, 12: 1");
  // Deliberate gates are low-confidence notes: the audit shows them with --all.
  EXPECT_EQ(j["rows"][2]["cells"]["sm_120"].as<std::string>(), "not-reported");
  YAML::Node gate = json({"--target", "sm_120", "--all", "t"})["rows"][2];
  EXPECT_EQ(gate["cells"]["sm_120"].as<std::string>(), "gated");
  EXPECT_NE(gate["gate"].as<std::string>().find("only supported on SM100"), std::string::npos);
  ProcessResult text = run({"--target", "sm_120", "--all", "t"});
  EXPECT_NE(text.out.find("gated on the target"), std::string::npos);
  EXPECT_NE(text.out.find("gate: \"FP8 attention is only supported on SM100"), std::string::npos) << text.out;
}

}  // namespace
}  // namespace archscan
