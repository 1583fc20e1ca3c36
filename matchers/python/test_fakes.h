#pragma once
// Tests that fake the hardware. pytest's `monkeypatch.setattr(...,
// "get_device_capability", lambda: (8, 9))` / `monkeypatch.setenv(
// "TORCH_CUDA_ARCH_LIST", "8.0")` and unittest.mock's `patch(...)` set a
// capability or an arch list for one test: what that test decides from
// there on is decided on the fake's value, the same on every GPU, so it is
// no arch decision and no site. So is a literal capability a `test_*`
// function hands to a helper of its own module that builds a fake
// (`_make_torch(capability=(7, 5))`).
#include "context.h"

namespace archscan::py {

// Removes from ctx.facts.sites those a fake in their own function precedes
// (or a fake decorating it covers).
void dropSitesOnFakes(PyContext& ctx);

}  // namespace archscan::py
