#pragma once
// Files and folders for tests that run the binary on trees they write.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace archscan::test {

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void spit(const std::filesystem::path& p, const std::string& s) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << s;
}

// One table read with the device's capability major: {9, 10}, so a
// KeyError on sm_120 (one missing-arch error).
inline const char* const kOneCapabilityTable =
    "import torch\n"
    "CAP = torch.cuda.get_device_capability()[0]\n"
    "A = {9: 1, 10: 2}\n"
    "def f():\n"
    "    return A[CAP]\n";

// A fresh folder per test, named after it, removed afterwards.
inline std::filesystem::path freshDir(const std::string& prefix) {
  auto dir = std::filesystem::temp_directory_path() / (prefix + "-" + std::to_string(::getpid()) + "-" +
                                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// A gtest-safe name for a testdata case folder: "sglang-symm-mem" -> "sglang_symm_mem".
inline std::string caseTestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param;
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

#ifdef TESTDATA_DIR
// Every folder holding archscan-test.yaml: the end-to-end cases at the top,
// and the fixtures by rule (rules/<rule-id>) and by kind (kinds/<language>-<kind>).
inline std::vector<std::string> caseNames() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(TESTDATA_DIR))
    if (e.is_directory() && std::filesystem::exists(e.path() / "archscan-test.yaml"))
      out.push_back(std::filesystem::relative(e.path(), TESTDATA_DIR).generic_string());
  std::sort(out.begin(), out.end());
  return out;
}
#endif

}  // namespace archscan::test
