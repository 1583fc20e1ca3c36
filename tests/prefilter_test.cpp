// The byte-level prefilter: which texts may hold an arch decision without
// naming an arch word.
#include <gtest/gtest.h>

#include "frontend/prefilter.h"

namespace archscan {
namespace {

TEST(Prefilter, ArchShapedLiteralsPass) {
  EXPECT_TRUE(mentionsArchLiteral("TABLE = {\"9.0\": a, \"10.0\": b}\n"));
  EXPECT_TRUE(mentionsArchLiteral("x = '12.0a'\n"));
  EXPECT_TRUE(mentionsArchLiteral("if cap >= (9, 0):\n"));
  EXPECT_TRUE(mentionsArchLiteral("if get_cc() == 100:\n"));
  EXPECT_TRUE(mentionsArchLiteral("if v>=90 and v<120:\n"));
  EXPECT_TRUE(mentionsArchLiteral("CONFIGS = {90: a, 100: b}\n"));
  EXPECT_TRUE(mentionsArchLiteral("MAX_SIZES = {\n    9: {2: a},\n    10: {2: b},\n}\n"));
  EXPECT_TRUE(mentionsArchLiteral("def f(sm):\n"));
  EXPECT_TRUE(mentionsArchLiteral("cc = get()\n"));
}

TEST(Prefilter, OrdinaryNumbersAndWordsDoNot) {
  EXPECT_FALSE(mentionsArchLiteral("import torch\nx = torch.zeros(4, 4)\n"));
  EXPECT_FALSE(mentionsArchLiteral("version = \"3.10\"\n"));  // two digits after the dot
  EXPECT_FALSE(mentionsArchLiteral("if n >= 1024:\n"));
  EXPECT_FALSE(mentionsArchLiteral("if n >= 90.5:\n"));
  EXPECT_FALSE(mentionsArchLiteral("if n >= 64:\n"));
  EXPECT_FALSE(mentionsArchLiteral("smooth = acc + 1\n"));
  EXPECT_FALSE(mentionsArchLiteral("shape = (16, 32)\n"));
  EXPECT_FALSE(mentionsArchLiteral("sizes = {2: a, 4: b}\n"));
}

TEST(Prefilter, ArchWordsIgnoreCase) {
  EXPECT_TRUE(mentionsAny("if torch.cuda.get_device_CAPABILITY()", archTriggerWords()));
  EXPECT_FALSE(mentionsAny("import torch\n", archTriggerWords()));
}

}  // namespace
}  // namespace archscan
