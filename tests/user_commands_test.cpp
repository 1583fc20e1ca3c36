// What a user reaches for besides check: archscan.yaml found above the
// scanned paths, -v, FORCE_COLOR, several reports from one scan, rules,
// explain (whose examples must really get their finding) and completions.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>
#include <algorithm>

#include <filesystem>
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

const char* const kTables = test::kOneCapabilityTable;

class UserCommands : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = test::freshDir("archscan-user");
    fs::create_directories(dir / "repo/.git");
    spit(dir / "repo/pkg/sub/tables.py", kTables);
  }
  void TearDown() override { fs::remove_all(dir); }
  ProcessResult run(const std::vector<std::string>& args, const std::string& cwd = "repo",
                    const ProcessOptions& options = {}) {
    return runProcess(ARCHSCAN_BIN, args, (dir / cwd).string(), options);
  }
  static std::vector<std::string> targets(const ProcessResult& r) {
    std::vector<std::string> out;
    for (const auto& t : YAML::Load(r.out)["targets"]) out.push_back(t.as<std::string>());
    return out;
  }
  fs::path dir;
};

TEST_F(UserCommands, ConfigIsFoundUpToTheRepositoryRoot) {
  spit(dir / "repo/archscan.yaml", "target: [sm_120]\n");
  // Above the repository: never read, or every checkout would take its parent's settings.
  spit(dir / "archscan.yaml", "target: [sm_121]\n");
  ProcessResult r = run({"check", "--format", "json", "--fail-on", "never", "sub"}, "repo/pkg");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(targets(r), std::vector<std::string>{"sm_120"});
  EXPECT_EQ(YAML::Load(r.out)["config"].as<std::string>(), "../archscan.yaml");

  // Nearest wins: a subfolder's own settings.
  spit(dir / "repo/pkg/archscan.yaml", "target: [sm_100]\n");
  r = run({"check", "--format", "sarif", "--fail-on", "never", "pkg/sub"});
  EXPECT_EQ(YAML::Load(r.out)["runs"][0]["properties"]["config"].as<std::string>(), "pkg/archscan.yaml") << r.out;

  // --config wins, --no-config reads none, and both at once is a usage error.
  spit(dir / "repo/ci.yaml", "target: [sm_103]\n");
  r = run({"check", "--format", "json", "--fail-on", "never", "--config", "ci.yaml", "pkg"});
  EXPECT_EQ(targets(r), std::vector<std::string>{"sm_103"});
  r = run({"check", "--format", "json", "--fail-on", "never", "--no-config", "pkg"});
  EXPECT_TRUE(targets(r).empty());
  EXPECT_FALSE(YAML::Load(r.out)["config"]);
  r = run({"check", "--config", "ci.yaml", "--no-config", "pkg"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "archscan: --config and --no-config exclude each other\n");
}

// archscan.yaml `archs:` teaches archscan a GPU its table lacks: the names
// users type for it work as targets, and its family rule applies.
TEST_F(UserCommands, ConfigArchsAddAGpuWithoutARebuild) {
  spit(dir / "repo/pkg/sub/tables.py",
       "import torch\n"
       "TILE = {\"10.0\": 128, \"10.3\": 64}\n"
       "def tile():\n"
       "    major, minor = torch.cuda.get_device_capability()\n"
       "    return TILE[f\"{major}.{minor}\"]\n");
  spit(dir / "repo/archscan.yaml",
       "archs:\n"
       "  - {cc: \"10.9\", names: [B400-Preview], family: Blackwell, min_cuda: \"13.2\", threads: 2048}\n"
       "target: b400-preview\n");
  ProcessResult r = run({"check", "--format", "json", "pkg"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(targets(r), std::vector<std::string>{"sm_109"});
  YAML::Node f = YAML::Load(r.out)["findings"][0];
  EXPECT_EQ(f["arch"].as<std::string>(), "sm_109");
  EXPECT_NE(f["message"].as<std::string>().find("sm_109's own family (10.x)"), std::string::npos) << r.out;
  EXPECT_EQ(r.err.find("not in archscan's table"), std::string::npos) << "a declared arch is known: " << r.err;
  r = run({"archs", "b400-preview"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("sm_109 (compute capability 10.9)\n  family: Blackwell\n  first CUDA toolkit: 13.2\n", 0), 0u)
      << r.out;

  struct Bad {
    const char* yaml;
    const char* err;
  };
  for (const Bad& b : std::vector<Bad>{
           {"archs:\n  - {cc: \"10.9\", name: [x]}\n",
            "archscan: archscan.yaml:2:18: unknown key 'name' in an archs entry; did you mean 'names'?\n"},
           {"archs:\n  - {cc: rtx5090}\n",
            "archscan: archscan.yaml:2:10: cc 'rtx5090' is not a compute capability (major.minor, e.g. 10.7)\n"},
           {"archs:\n  - {cc: \"10.9\", min_cuda: 13}\n",
            "archscan: archscan.yaml:2:28: min_cuda '13' is not a CUDA toolkit version (major.minor, e.g. 13.0)\n"},
           {"archs:\n  - {names: [x]}\n",
            "archscan: archscan.yaml:2:5: an archs entry needs cc: (the compute capability, e.g. \"10.7\")\n"},
           {"archs:\n  - {cc: \"10.9\", threads: -3}\n",
            "archscan: archscan.yaml:2:27: archs.threads must be a whole number above 0, not '-3'\n"},
       }) {
    spit(dir / "repo/archscan.yaml", b.yaml);
    r = run({"check", "--target", "sm_120", "pkg"});
    EXPECT_EQ(r.exit_code, 2) << b.yaml;
    EXPECT_EQ(r.err, b.err) << b.yaml;
    EXPECT_EQ(r.out, "");
  }
}

TEST_F(UserCommands, PathsWithDifferentSettingsAreRefused) {
  spit(dir / "repo/a/archscan.yaml", "target: [sm_120]\n");
  spit(dir / "repo/a/t.py", kTables);
  spit(dir / "repo/b/archscan.yaml", "target: [sm_121]\n");
  spit(dir / "repo/b/t.py", kTables);
  ProcessResult r = run({"check", "a", "b"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "archscan: the scanned paths have different settings files (a/archscan.yaml, b/archscan.yaml): scan them "
            "one at a time, or choose one with --config FILE\n");
}

// Which files' findings are marked as tests, benchmarks, examples or docs, by file.
std::map<std::string, bool> supportByFile(const ProcessResult& r) {
  std::map<std::string, bool> out;
  for (const auto& f : YAML::Load(r.out)["findings"])
    out[f["file"].as<std::string>()] = f["in_tests_or_examples"].as<bool>();
  return out;
}

TEST_F(UserCommands, SupportPathsReplaceTheDefaults) {
  spit(dir / "repo/tests/tables.py", kTables);
  spit(dir / "repo/legacy/tables.py", kTables);
  const std::vector<std::string> args = {"check", "--target", "sm_120", "--format", "json", "--fail-on", "never", "."};
  ProcessResult r = run(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(supportByFile(r),
            (std::map<std::string, bool>{
                {"legacy/tables.py", false}, {"pkg/sub/tables.py", false}, {"tests/tables.py", true}}));
  spit(dir / "repo/archscan.yaml", "support-paths: [legacy/**, pkg/sub/**]\n");
  r = run(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(supportByFile(r),
            (std::map<std::string, bool>{
                {"legacy/tables.py", true}, {"pkg/sub/tables.py", true}, {"tests/tables.py", false}}));
  // The globs are relative to archscan.yaml's folder, wherever archscan runs.
  r = run(args, "repo/pkg");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(supportByFile(r), (std::map<std::string, bool>{{"sub/tables.py", true}}));
}

TEST_F(UserCommands, VerboseNamesTheSettingsAndTimesEachPhase) {
  ProcessResult r = run({"check", "-v", "--target", "sm_120", "--fail-on", "never", "-o", "out.txt", "pkg"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream lines(r.err);
  std::vector<std::string> got;
  for (std::string line; std::getline(lines, line);) {
    // "archscan:   link      0.00 s CPU: 1 site, 0 families" -> "link | 1 site, 0 families"
    std::string rest = line.substr(line.find_first_not_of(' ', 9));
    size_t colon = line.find("CPU: "), s = line.find(" s, ");
    if (colon != std::string::npos) got.push_back(rest.substr(0, rest.find(' ')) + " | " + line.substr(colon + 5));
    else if (rest.rfind("report ", 0) == 0) got.push_back("report | " + line.substr(s + 4));
    else got.push_back(line);
  }
  ASSERT_GE(got.size(), 8u) << r.err;
  EXPECT_EQ(got[0].rfind("archscan: settings: no archscan.yaml, none found (looked up to ", 0), 0u) << got[0];
  EXPECT_NE(got[0].find(fs::canonical(dir / "repo").string()), std::string::npos) << got[0];
  EXPECT_EQ(got[1].rfind("archscan: profile: ", 0), 0u) << got[1];
  EXPECT_NE(r.err.find("python        1 file,       0 unchanged,      1 past the prefilter (100.0%)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(std::find(got.begin(), got.end(), "link | 1 site, 0 families"), got.end()) << r.err;
  EXPECT_NE(std::find(got.begin(), got.end(), "analyze | 1 finding"), got.end()) << r.err;
  EXPECT_EQ(got.back(), "report | 1 output") << r.err;
}

TEST_F(UserCommands, ForceColorOverridesPipesAndNoColorWins) {
  ProcessOptions force;
  force.env = {{"FORCE_COLOR", "1"}, {"NO_COLOR", ""}};
  ProcessResult r = run({"check", "--target", "sm_120", "pkg"}, "repo", force);
  EXPECT_NE(r.out.find('\x1b'), std::string::npos) << r.out;
  EXPECT_EQ(run({"check", "--target", "sm_120", "pkg"}).out.find('\x1b'), std::string::npos);
  // --color never and -o FILE are explicit: FORCE_COLOR does not override them.
  r = run({"check", "--target", "sm_120", "--color", "never", "pkg"}, "repo", force);
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos);
}

TEST_F(UserCommands, SeveralReportsFromOneScan) {
  ProcessResult r = run({"check", "--target", "sm_120", "--format", "github", "--output-format", "sarif=out.sarif",
                         "--output-format", "html=audit.html", "--output-format", "json=out.json", "pkg"});
  EXPECT_EQ(r.exit_code, 1) << r.err;  // A[CAP] raises KeyError on sm_120: an error
  EXPECT_EQ(r.out.rfind("::error file=pkg/sub/tables.py,line=3,", 0), 0u) << r.out;
  YAML::Node sarif = YAML::Load(slurp(dir / "repo/out.sarif"));
  EXPECT_EQ(sarif["runs"][0]["results"][0]["ruleId"].as<std::string>(), "missing-arch");
  YAML::Node json = YAML::Load(slurp(dir / "repo/out.json"));
  EXPECT_EQ(json["findings"][0]["line"].as<int>(), 3);
  EXPECT_NE(slurp(dir / "repo/audit.html").find("<html"), std::string::npos);
  r = run({"check", "--output-format", "yaml=out.yaml", "pkg"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_FALSE(fs::exists(dir / "repo/out.yaml"));
}

TEST_F(UserCommands, RulesListsEveryRuleWithItsSeverity) {
  ProcessResult r = run({"rules"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> got;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line) && !line.empty();) {
    std::istringstream words(line);
    std::string id, severity;
    words >> id >> severity;
    got.push_back(id + " " + severity);
  }
  std::vector<std::string> want;
  for (const auto& rule : ruleCatalogue())
    want.push_back(std::string(rule.id) + " " + severityName(rule.default_severity));
  EXPECT_EQ(got, want);
  EXPECT_GE(want.size(), 7u);
}

// Each rule's explained example, written out and scanned with the command it
// names, gets that rule's finding on the line the example marks.
TEST_F(UserCommands, ExplainExamplesGetTheirFinding) {
  for (const auto& info : ruleCatalogue()) {
    const std::string rule = info.id;
    ProcessResult r = run({"explain", rule});
    ASSERT_EQ(r.exit_code, 0) << rule << r.err;
    EXPECT_NE(r.out.find("# archscan: ignore[" + rule + "]"), std::string::npos) << r.out;
    // "Example: `archscan check --target sm_120 tiles.py` on tiles.py:" then the file, indented by four.
    size_t at = r.out.find("Example: `archscan ");
    ASSERT_NE(at, std::string::npos) << r.out;
    size_t end = r.out.find('`', at + 10);
    std::istringstream command(r.out.substr(at + 19, end - at - 19));
    std::vector<std::string> args;
    for (std::string a; command >> a;) args.push_back(a);
    // One file, or several each after `==> path <==` (the command then scans ".").
    std::map<std::string, std::string> files;
    std::string file = args.back(), current = file, marked;
    std::istringstream lines(r.out.substr(r.out.find(":\n\n", end) + 3));
    int n = 0;
    for (std::string line; std::getline(lines, line) && (line.empty() || line.rfind("    ", 0) == 0);) {
      std::string text = line.empty() ? "" : line.substr(4);
      if (text.rfind("==> ", 0) == 0 && text.size() > 8 && text.substr(text.size() - 4) == " <==") {
        current = text.substr(4, text.size() - 8);
        n = 0;
        continue;
      }
      ++n;
      if (line.find("[" + rule + "]") != std::string::npos) marked = current + ":" + std::to_string(n);
      files[current] += text + "\n";
    }
    ASSERT_FALSE(marked.empty()) << rule;
    fs::path here = dir / ("explain-" + rule);
    for (auto& [name, text] : files) {
      while (text.size() > 1 && text.substr(text.size() - 2) == "\n\n") text.pop_back();
      spit(here / name, text);
    }
    args.insert(args.end() - 1, {"--format", "json", "--fail-on", "never"});
    ProcessResult scanned = runProcess(ARCHSCAN_BIN, args, here.string());
    ASSERT_EQ(scanned.exit_code, 0) << rule << ": " << scanned.err;
    std::vector<std::string> found;
    for (const auto& f : YAML::Load(scanned.out)["findings"]) {
      std::string where = f["file"].as<std::string>();
      if (where.rfind("./", 0) == 0) where = where.substr(2);
      found.push_back(f["rule"].as<std::string>() + ":" + where + ":" + f["line"].as<std::string>());
    }
    std::string text;
    for (const auto& [name, t] : files) text += "==> " + name + "\n" + t;
    EXPECT_NE(std::find(found.begin(), found.end(), rule + ":" + marked), found.end())
        << rule << " example, " << marked << ":\n"
        << text << scanned.out;
  }
  ProcessResult r = run({"explain", "missing-ach"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "archscan: unknown rule 'missing-ach'; did you mean 'missing-arch'?\n");
}

// `archscan` alone and `archscan --help` list every command, one line each,
// and every line names a command that runs.
TEST_F(UserCommands, BareAndHelpListTheCommands) {
  ProcessResult bare = run({});
  EXPECT_EQ(bare.exit_code, 2);
  EXPECT_EQ(bare.out, "");
  ProcessResult help = run({"--help"});
  EXPECT_EQ(help.exit_code, 0) << help.err;
  EXPECT_EQ(help.out, bare.err);
  EXPECT_NE(help.out.find("Usage: archscan [OPTIONS] COMMAND\n"), std::string::npos) << help.out;
  size_t at = help.out.find("\nCommands:\n");
  ASSERT_NE(at, std::string::npos) << help.out;
  std::istringstream lines(help.out.substr(at + 12));
  std::vector<std::string> listed;
  for (std::string line; std::getline(lines, line) && !line.empty();) {
    std::istringstream words(line);
    std::string name, summary;
    words >> name;
    std::getline(words >> std::ws, summary);
    EXPECT_FALSE(summary.empty()) << line;
    listed.push_back(name);
    ProcessResult sub = run({name, "--help"});
    EXPECT_EQ(sub.exit_code, 0) << name;
    EXPECT_NE(sub.out.find("Usage: archscan " + name), std::string::npos) << sub.out;
  }
  EXPECT_EQ(listed, (std::vector<std::string>{"check", "audit", "patch", "fix", "archs", "rules", "explain",
                                              "completion", "extract", "recover"}));
}

TEST_F(UserCommands, CompletionScriptsParseAndNameEveryCommand) {
  for (std::string shell : {"bash", "zsh", "fish"}) {
    ProcessResult r = run({"completion", shell});
    ASSERT_EQ(r.exit_code, 0) << shell << r.err;
    for (const char* word :
         {"check", "audit", "patch", "fix", "archs", "rules", "explain", "target", "exclude", "missing-arch", "sarif"})
      EXPECT_NE(r.out.find(word), std::string::npos) << shell << " lacks " << word;
    spit(dir / ("completion." + shell), r.out);
  }
  // Each script is valid in its shell (where that shell is installed), and
  // the bash one completes a command's options.
  for (auto [shell, check] :
       {std::pair<std::string, std::string>{"bash", "-n"}, {"zsh", "-n"}, {"fish", "--no-execute"}}) {
    std::string program = "/usr/bin/" + shell;
    if (!fs::exists(program)) continue;
    ProcessResult syntax = runProcess(program, {check, (dir / ("completion." + shell)).string()}, dir.string());
    EXPECT_EQ(syntax.exit_code, 0) << shell << ": " << syntax.err;
  }
  spit(dir / "complete.sh",
       "source completion.bash\nCOMP_WORDS=(archscan check --for)\nCOMP_CWORD=2\n"
       "_archscan\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n");
  ProcessResult done = runProcess("/bin/bash", {"complete.sh"}, dir.string());
  EXPECT_EQ(done.out, "--format\n") << done.err;
  ProcessResult r = run({"completion", "tcsh"});
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace archscan
