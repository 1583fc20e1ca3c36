#include <gtest/gtest.h>

#include "test_support.h"

namespace archscan {
namespace {

using test::extractPython;
using test::siteNamed;

TEST(PythonFrontend, LocalCapabilityIsASubject) {
  auto f = extractPython(
      "import torch\n"
      "T = {9: 1, 10: 2}\n"
      "def g():\n"
      "    cap = torch.cuda.get_device_capability()[0]\n"
      "    return T[cap]\n");
  ASSERT_EQ(f.lookups.size(), 1u);
  EXPECT_EQ(f.lookups[0].table, "T");
  EXPECT_TRUE(f.lookups[0].subjects[0].evidence.subject) << f.lookups[0].subjects[0].text;
  EXPECT_EQ(f.lookups[0].on_missing, OnMissing::Crash);
}

TEST(PythonFrontend, SelfAttributeSetInInitIsASubject) {
  auto f = extractPython(
      "import torch\n"
      "class C:\n"
      "    def __init__(self):\n"
      "        self.cap = torch.cuda.get_device_capability()[0]\n"
      "    def f(self):\n"
      "        return TABLE.get(self.cap, ())\n");
  ASSERT_EQ(f.lookups.size(), 1u);
  EXPECT_TRUE(f.lookups[0].subjects[0].evidence.subject);
  EXPECT_EQ(f.lookups[0].on_missing, OnMissing::Fallback);
  EXPECT_EQ(f.lookups[0].subjects[0].binding, "C.self.cap");
}

}  // namespace
}  // namespace archscan
