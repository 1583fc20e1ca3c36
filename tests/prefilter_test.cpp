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
  EXPECT_TRUE(mentionsArchLiteral("@skipIf(device_cc() not in [80, 86, 89, 90], \"...\")\n"));
  EXPECT_TRUE(mentionsArchLiteral("if v in (90,100):\n"));
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
  EXPECT_FALSE(mentionsArchLiteral("img = np.zeros((100, 100))\n"));  // one number twice: a shape
  EXPECT_FALSE(mentionsArchLiteral("dims = [64, 128, 256]\n"));
  EXPECT_FALSE(mentionsArchLiteral("x = [80.5, 90.5]\n"));
}

TEST(Prefilter, ShapesThatAreNotArchsDoNot) {
  EXPECT_FALSE(mentionsArchLiteral("layer = Linear(hidden_size=128)\n"));  // assigns, not compares
  EXPECT_FALSE(mentionsArchLiteral("config = Config(seq_length=100)\n"));
  EXPECT_TRUE(mentionsArchLiteral("if sm != 100:\n"));
  EXPECT_TRUE(mentionsArchLiteral("if sm== 90:\n"));
  EXPECT_FALSE(mentionsArchLiteral("tile = (8, 4)\n"));  // no arch has minor 4 or 8
  EXPECT_FALSE(mentionsArchLiteral("if head_dim == 128:\n"));
  EXPECT_FALSE(mentionsArchLiteral("SIZES = {128: a, 64: b}\n"));
  EXPECT_TRUE(mentionsArchLiteral("if sm >= 120:\n"));
  EXPECT_FALSE(mentionsArchLiteral("tile = (16, 8)\n"));
  EXPECT_TRUE(mentionsArchLiteral("if cap == (12, 1):\n"));
  EXPECT_FALSE(mentionsArchLiteral("MIN_TORCH = \"2.0\"\n"));  // a version
  EXPECT_TRUE(mentionsArchLiteral("ARCHS = ['8.0', \"12.0a\"]\n"));
}

TEST(Prefilter, ArchWordsInsideUnrelatedWordsDoNot) {
  EXPECT_FALSE(mentionsArchWord("args.recompute_granularity = 'full'\n"));
  EXPECT_FALSE(mentionsArchWord("loss = compute_language_model_loss(x)\n"));
  EXPECT_TRUE(mentionsArchWord("flags = ['-gencode', 'arch=compute_90,code=sm_90']\n"));
  EXPECT_TRUE(mentionsArchWord("cap = get_compute_capability()\n"));
  EXPECT_FALSE(mentionsArchWord("state = self.ssm_state\nasm_call()\n"));
  EXPECT_TRUE(mentionsArchWord("if is_sm_90: pass\n"));
  EXPECT_TRUE(mentionsArchWord("SM_TABLE = {}\n"));
  EXPECT_FALSE(mentionsArchWord("idx = torch.searchsorted(a, b)  # research hierarchy archive\n"));
  EXPECT_TRUE(mentionsArchWord("arch = get_arch()\n"));
  EXPECT_TRUE(mentionsArchWord("TORCH_CUDA_ARCH_LIST = '9.0'\n"));
  EXPECT_FALSE(mentionsArchWord("config.architectures = ['LlamaForCausalLM']\n"));  // a model's
  EXPECT_TRUE(mentionsArchWord("arch_list = get_arch_list()\n"));
  EXPECT_TRUE(mentionsArchWord("x = device.major\n"));
  EXPECT_FALSE(mentionsArchWord("data = load('gsm8k')\nif is_device_nvls_capable(): pass\n"));
  EXPECT_TRUE(mentionsArchWord("USE_SM90 = True\n"));
  EXPECT_TRUE(mentionsArchWord("if not device_capabilities(): pass\n"));
}

TEST(Prefilter, ArchWordsIgnoreCase) {
  EXPECT_TRUE(mentionsAny("if torch.cuda.get_device_CAPABILITY()", archTriggerWords()));
  EXPECT_FALSE(mentionsAny("import torch\n", archTriggerWords()));
}

}  // namespace
}  // namespace archscan
