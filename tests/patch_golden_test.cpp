// Patch golden tests: a case whose archscan-test.yaml names a patch set
// (`patch: ../../patches/sm120.yaml`) holds expected.diff, written by hand.
// On a copy of the case: the dry run prints exactly expected.diff, which
// `git apply --check` accepts; --write changes only the planned bytes and keeps
// mode bits; a second run has nothing to do; a re-scan finds the arch in every
// patched site.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "analyze/rules/rules.h"
#include "process.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

using test::slurp;

std::vector<std::string> patchCases() {
  std::vector<std::string> out;
  // At any depth, as the golden runner finds cases (testdata/kinds/<language>-<kind>/).
  for (const auto& e : fs::recursive_directory_iterator(TESTDATA_DIR)) {
    if (e.path().filename() != "archscan-test.yaml") continue;
    if (YAML::LoadFile(e.path().string())["patch"])
      out.push_back(fs::relative(e.path().parent_path(), TESTDATA_DIR).generic_string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

fs::path copyCase(const std::string& name) {
  std::string flat = name;
  for (char& c : flat)
    if (c == '/') c = '-';
  fs::path dst = fs::temp_directory_path() / ("archscan-patch-" + flat + "-" + std::to_string(::getpid()));
  fs::remove_all(dst);
  fs::copy(fs::path(TESTDATA_DIR) / name, dst, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  return dst;
}

std::map<std::string, std::string> snapshot(const fs::path& root) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) out[fs::relative(e.path(), root).generic_string()] = slurp(e.path());
  return out;
}

bool cppSource(const std::string& rel) {
  std::string ext = fs::path(rel).extension().string();
  return ext == ".cpp" || ext == ".cc" || ext == ".h" || ext == ".hpp" || ext == ".cu" || ext == ".cuh";
}

// clang++ -fsyntax-only through archscan's CUDA shim (no toolkit): C++ as
// host code; CUDA for the device, where `#if __CUDA_ARCH__` guards are live.
// stdlib.h comes first because clang's CUDA wrapper of <new> needs malloc,
// which the real CUDA headers would have declared.
// Returns clang's diagnostics, empty when the file compiles.
std::string compileErrors(const fs::path& dir, const std::string& rel) {
  fs::path stubs = fs::temp_directory_path() / ("archscan-cuda-stubs-" + std::to_string(::getpid()));
  fs::create_directories(stubs);
  for (const char* h : {"cuda_runtime.h", "cuda_runtime_api.h", "cuda.h"}) std::ofstream(stubs / h).flush();
  std::string ext = fs::path(rel).extension().string();
  bool cuda = ext == ".cu" || ext == ".cuh";
  std::vector<std::string> args = {"-fsyntax-only",
                                   "-x",
                                   "cuda",
                                   cuda ? "--cuda-device-only" : "--cuda-host-only",
                                   "--cuda-gpu-arch=sm_90",
                                   "-nocudainc",
                                   "-nocudalib",
                                   "-Wno-unknown-cuda-version",
                                   "-std=c++17",
                                   "-include",
                                   "stdlib.h",
                                   "-include",
                                   CUDA_SHIM,
                                   "-isystem",
                                   stubs.string(),
                                   rel};
  ProcessResult r = runProcess(ARCHSCAN_CLANGXX, args, dir.string());
  fs::remove_all(stubs);
  return r.exit_code == 0 ? "" : r.err.empty() ? "exit " + std::to_string(r.exit_code) : r.err;
}

class PatchGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(PatchGolden, DiffWriteIdempotentVerified) {
  fs::path src = fs::path(TESTDATA_DIR) / GetParam();
  YAML::Node spec = YAML::LoadFile((src / "archscan-test.yaml").string());
  std::string patchset = fs::absolute(src / spec["patch"].as<std::string>()).lexically_normal().string();
  std::string add = spec["patch_add"].as<std::string>("sm_120");
  fs::path dir = copyCase(GetParam());
  auto before = snapshot(dir);
  std::map<std::string, unsigned> modes;
  for (const auto& [rel, _] : before)
    modes[rel] = fs::status(dir / rel).permissions() == fs::perms::none
                     ? 0
                     : static_cast<unsigned>(fs::status(dir / rel).permissions());

  // Dry run: exactly the hand-written diff, and nothing written.
  ProcessResult dry = runProcess(ARCHSCAN_BIN, {"patch", patchset, "."}, dir.string());
  ASSERT_EQ(dry.exit_code, 0) << dry.err;
  EXPECT_EQ(dry.out, slurp(src / "expected.diff"));
  EXPECT_EQ(snapshot(dir), before) << "a dry run wrote files";
  ProcessResult check = runProcess("/usr/bin/git", {"apply", "--check", "-"}, dir.string(), dry.out);
  EXPECT_EQ(check.exit_code, 0) << "git apply --check rejected the diff: " << check.err;

  // The edits as JSON: the new files must be the old ones with exactly these edits.
  ProcessResult json = runProcess(ARCHSCAN_BIN, {"patch", patchset, ".", "--format", "json"}, dir.string());
  ASSERT_EQ(json.exit_code, 0) << json.err;
  YAML::Node plan = YAML::Load(json.out);
  std::map<std::string, std::vector<YAML::Node>> editsByFile;
  std::set<std::string> patchedSites;
  for (const auto& e : plan["edits"]) {
    editsByFile[e["file"].as<std::string>()].push_back(e);
    patchedSites.insert(e["file"].as<std::string>() + ":" + e["site"].as<std::string>());  // names repeat across files
  }

  ProcessResult wrote = runProcess(ARCHSCAN_BIN, {"patch", patchset, ".", "--write"}, dir.string());
  ASSERT_EQ(wrote.exit_code, 0) << wrote.err;
  auto after = snapshot(dir);
  for (const auto& [rel, old] : before) {
    std::string expected = old;
    auto it = editsByFile.find(rel);
    if (it != editsByFile.end()) {
      for (auto e = it->second.rbegin(); e != it->second.rend(); ++e)
        expected.replace((*e)["offset"].as<size_t>(), (*e)["replaces"].as<size_t>(), (*e)["text"].as<std::string>());
    }
    EXPECT_EQ(after[rel], expected) << rel << ": bytes outside the planned edits changed";
    EXPECT_EQ(static_cast<unsigned>(fs::status(dir / rel).permissions()), modes[rel]) << rel << ": mode bits changed";
  }
  EXPECT_EQ(after.size(), before.size()) << "files were created or removed";
  // Patched C++ compiles as the fixture did (a failure is the patch's, not the fixture's).
  for (const auto& [rel, text] : after) {
    if (!cppSource(rel) || text == before[rel]) continue;
    EXPECT_EQ(compileErrors(src, rel), "") << rel << " does not compile before patching";
    EXPECT_EQ(compileErrors(dir, rel), "") << rel << " no longer compiles after patching";
  }

  // Idempotent: nothing to do, nothing written.
  ProcessResult again = runProcess(ARCHSCAN_BIN, {"patch", patchset, ".", "--write"}, dir.string());
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out, "");
  EXPECT_NE(again.err.find("nothing to do"), std::string::npos) << again.err;
  EXPECT_EQ(snapshot(dir), after);

  // Re-scan: no patched site still misses the arch.
  ProcessResult rescan =
      runProcess(ARCHSCAN_BIN, {"check", "--target", add, "--format", "json", "--fail-on", "never", "."}, dir.string());
  ASSERT_EQ(rescan.exit_code, 0) << rescan.err;
  for (const auto& f : YAML::Load(rescan.out)["findings"]) {
    const RuleInfo* rule = findRule(f["rule"].as<std::string>());
    if (!rule || rule->audit != AuditRole::FromSeverity || !rule->fixable) continue;  // a target finding fix handles
    std::string site = f["file"].as<std::string>() + ":" + f["site"]["name"].as<std::string>();
    EXPECT_FALSE(patchedSites.count(site)) << site << " still lacks " << add;
  }
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Testdata, PatchGolden, ::testing::ValuesIn(patchCases()), test::caseTestName);

}  // namespace
}  // namespace archscan
