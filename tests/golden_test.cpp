// Golden tests over testdata/: each case folder holds a small tree modelled
// on a real framework, an archscan-test.yaml naming the runs, and the
// expected findings as comments on the lines they concern (in C and C++ a
// `//` comment, or a `/* ... */` one inside a multi-line #define):
//   # expect: missing-arch sm_120 error; sibling-gap sm_121 warning
//   # expect(sm110): missing-arch sm_110 error      (only for the run named sm110)
// A run's findings must equal its expectations exactly. A case may also hold
// expected.json: the whole JSON output of its first run, checked by hand.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "process.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

// Files whose comments start with `#` rather than `//`.
bool hashComments(const fs::path& p) {
  auto ext = p.extension().string();
  return ext == ".py" || ext == ".cmake" || ext == ".sh" || ext == ".yml" || ext == ".yaml" ||
         p.filename() == "CMakeLists.txt" || p.filename().string().rfind("Dockerfile", 0) == 0;
}

// JSON has no comments: a member `"//": "expect: ..."` on the line stands for one.
bool jsonFile(const fs::path& p) { return p.extension() == ".json" && p.filename() != "expected.json"; }

bool sourceFile(const fs::path& p) {
  auto ext = p.extension().string();
  return hashComments(p) || jsonFile(p) || ext == ".cpp" || ext == ".cu" || ext == ".h" || ext == ".cuh" ||
         ext == ".hpp";
}

std::string trim(const std::string& s) {
  auto b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// "file:line rule arch severity" for every expectation of one run.
std::set<std::string> expectations(const fs::path& dir, const std::string& run) {
  std::set<std::string> out;
  std::regex re(R"(expect(\((\w+)\))?:\s*)");
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file() || !sourceFile(e.path())) continue;
    std::ifstream in(e.path());
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
      ++n;
      bool hash = hashComments(e.path());
      size_t comment = line.find(hash ? "#" : "//");
      // Inside a multi-line #define a marker is a block comment: `/* expect: ... */ \`.
      if (comment == std::string::npos && !hash) comment = line.find("/*");
      if (comment == std::string::npos) continue;
      std::string text = line.substr(comment);
      if (size_t end = text.find("*/"); !hash && end != std::string::npos) text.resize(end);
      if (jsonFile(e.path()))
        for (char& ch : text)
          if (ch == '"' || ch == ',' || ch == '}') ch = ' ';
      // Several clauses may share a line: `expect: a; b  expect(run2): c`.
      std::vector<std::smatch> heads;
      for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
        heads.push_back(*it);
      for (size_t h = 0; h < heads.size(); ++h) {
        std::string tag = heads[h][2].matched ? heads[h][2].str() : "default";
        if (tag != run) continue;
        size_t from = heads[h].position(0) + heads[h].length(0);
        size_t to = h + 1 < heads.size() ? heads[h + 1].position(0) : text.size();
        std::stringstream items(text.substr(from, to - from));
        std::string item;
        while (std::getline(items, item, ';')) {
          std::stringstream words(trim(item));
          std::vector<std::string> w;
          for (std::string x; words >> x;) w.push_back(x);
          if (w.empty()) continue;
          if (w.size() == 2) w.insert(w.begin() + 1, "-");
          if (w.size() != 3u) {
            ADD_FAILURE() << e.path() << ":" << n << ": expectation must be `rule [arch] severity`";
            continue;
          }
          out.insert(fs::relative(e.path(), dir).generic_string() + ":" + std::to_string(n) + " " + w[0] + " " + w[1] +
                     " " + w[2]);
        }
      }
    }
  }
  return out;
}

// One decision, one finding: the same rule, arch and line twice is a
// duplicate, which a set of expectations could not show, so it is marked.
std::set<std::string> findings(const YAML::Node& json) {
  std::set<std::string> out;
  for (const auto& f : json["findings"]) {
    std::string arch = f["arch"].IsNull() ? "-" : f["arch"].as<std::string>();
    std::string key = f["file"].as<std::string>() + ":" + f["line"].as<std::string>() + " " +
                      f["rule"].as<std::string>() + " " + arch + " " + f["severity"].as<std::string>();
    if (!out.insert(key).second) out.insert(key + " (reported twice)");
  }
  return out;
}

std::string describe(const std::set<std::string>& a, const std::set<std::string>& b) {
  std::string s;
  for (const auto& x : a)
    if (!b.count(x)) s += "\n  " + x;
  return s.empty() ? " (none)" : s;
}

// Seconds vary run to run; everything else in the JSON must not.
std::string maskSeconds(const std::string& json) {
  return std::regex_replace(json, std::regex(R"("seconds": [0-9.]+)"), "\"seconds\": 0");
}

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, FindingsMatchExpectations) {
  fs::path dir = fs::path(TESTDATA_DIR) / GetParam();
  YAML::Node spec = YAML::LoadFile((dir / "archscan-test.yaml").string());
  bool first = true;
  for (const auto& run : spec["runs"]) {
    std::string name = run["name"].as<std::string>("default");
    std::vector<std::string> args;
    for (const auto& a : run["args"]) args.push_back(a.as<std::string>());
    args.insert(args.end(), {"--format", "json", "--color", "never"});
    ProcessResult r = runProcess(ARCHSCAN_BIN, args, dir.string());
    int wantExit = run["exit"].as<int>(-1);
    if (wantExit >= 0) EXPECT_EQ(r.exit_code, wantExit) << name << ": " << r.err;
    ASSERT_LT(r.exit_code, 2) << name << ": " << r.err;
    YAML::Node json = YAML::Load(r.out);
    auto got = findings(json);
    auto want = expectations(dir, name);
    EXPECT_EQ(got, want) << "run " << name << "\nunexpected:" << describe(got, want)
                         << "\nmissing:" << describe(want, got);
    if (first && fs::exists(dir / "expected.json")) {
      std::ifstream in(dir / "expected.json");
      std::stringstream ss;
      ss << in.rdbuf();
      EXPECT_EQ(maskSeconds(r.out), maskSeconds(ss.str())) << "whole JSON output of run " << name;
    }
    first = false;
  }
}

// A fingerprint stands for one finding: a baseline that records it must
// hide that finding and no other. Every run of every case, as written and
// with --all (which adds the low-confidence and arch-specific sites).
TEST_P(Golden, FingerprintsAreUniqueInEachRun) {
  fs::path dir = fs::path(TESTDATA_DIR) / GetParam();
  YAML::Node spec = YAML::LoadFile((dir / "archscan-test.yaml").string());
  for (const auto& run : spec["runs"]) {
    std::string name = run["name"].as<std::string>("default");
    std::vector<std::string> args;
    for (const auto& a : run["args"]) args.push_back(a.as<std::string>());
    // Only check reports fingerprints; a run of another command has none to compare.
    if (args.empty() || args.front() != "check") continue;
    for (bool all : {false, true}) {
      bool hasAll = std::find(args.begin(), args.end(), "--all") != args.end();
      if (all && hasAll) continue;
      std::vector<std::string> full = args;
      if (all) full.push_back("--all");
      full.insert(full.end(), {"--format", "json", "--color", "never"});
      ProcessResult r = runProcess(ARCHSCAN_BIN, full, dir.string());
      ASSERT_LT(r.exit_code, 2) << name << ": " << r.err;
      std::map<std::string, std::string> seen;  // fingerprint -> the finding that has it
      for (const auto& f : YAML::Load(r.out)["findings"]) {
        std::string arch = f["arch"].IsNull() ? "-" : f["arch"].as<std::string>();
        std::string what = f["file"].as<std::string>() + ":" + f["line"].as<std::string>() + " " +
                           f["site"]["name"].as<std::string>() + " " + f["rule"].as<std::string>() + " " + arch;
        auto [it, fresh] = seen.emplace(f["fingerprint"].as<std::string>(), what);
        EXPECT_TRUE(fresh) << "run " << name << (all ? " --all" : "") << ": fingerprint " << it->first
                           << " is shared by " << it->second << " and " << what;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Testdata, Golden, ::testing::ValuesIn(test::caseNames()), test::caseTestName);

}  // namespace
}  // namespace archscan
