// observe/function_observer.h and observe/fills.h: summaries of the file's
// functions, and subjects traced through what fills a variable.
#include <gtest/gtest.h>

#include <algorithm>

#include "test_support.h"

namespace archscan {
namespace {

bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

TEST(FunctionObserver, FirstReturnIsTracedThroughOutParametersAndAssignments) {
  auto obs = test::observeCpp(
      "int cudaDeviceGetAttribute(int*, int, int);\n"
      "enum { cudaDevAttrComputeCapabilityMajor = 75 };\n"
      "int arch_major(int dev) {\n"
      "  int major = 0;\n"
      "  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);\n"
      "  int m;\n"
      "  m = major;\n"
      "  return m;\n"
      "}\n",
      "/nonexistent/k.cpp");
  ASSERT_EQ(obs.functions.size(), 1u);
  const auto& f = obs.functions[0];
  EXPECT_EQ(f.name, "arch_major");
  EXPECT_EQ(f.params, std::vector<std::string>{"dev"});
  ASSERT_TRUE(f.returns.has_value());
  EXPECT_TRUE(has(f.returns->calls, "cudaDeviceGetAttribute"));
  EXPECT_TRUE(has(f.returns->atoms, "cudaDevAttrComputeCapabilityMajor"));
}

TEST(FunctionObserver, MembersSetInAConstructorAreFollowed) {
  auto obs = test::observeCpp(
      "int getSMVersion();\n"
      "struct Runner {\n"
      "  Runner() : mSM(getSMVersion()) {}\n"
      "  int pick() { if (mSM == 90) return 1; return 0; }\n"
      "  int mSM;\n"
      "};\n",
      "/nonexistent/k.cpp");
  ASSERT_EQ(obs.chains.size(), 1u);
  const auto& subject = obs.chains[0].branches[0].condition[0][0].subject;
  EXPECT_EQ(subject.binding, "Runner.mSM");
  EXPECT_TRUE(has(subject.calls, "getSMVersion"));
}

}  // namespace
}  // namespace archscan
