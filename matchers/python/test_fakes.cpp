#include "test_fakes.h"

#include <algorithm>
#include <utility>

#include "knowledge/names.h"
#include "ts_util.h"

namespace archscan::py {
namespace {

// The fixtures' calls, by their last names: monkeypatch.setattr/setenv and
// mock's patch, patch.object, patch.dict (mocker.patch alike). The builtin
// `setattr(obj, ...)` is a plain identifier call: real code, not a fake.
bool fakeCall(TSNode call, const ModuleIndex& idx) {
  TSNode fn = field(call, "function");
  if (is(fn, "identifier")) return idx.text(fn) == "patch";
  if (!is(fn, "attribute")) return false;
  std::string last = idx.text(field(fn, "attribute"));
  std::string object = idx.text(field(fn, "object"));
  if (last == "setattr" || last == "setenv") return object != "os" && object != "builtins";
  if (last == "patch") return true;
  bool onPatch = object == "patch" || (object.size() > 6 && object.compare(object.size() - 6, 6, ".patch") == 0);
  if (last == "object" || last == "dict") return onPatch;
  return false;
}

// What it fakes is the hardware: a capability call (get_device_capability,
// get_device_properties) or an arch-named variable (TORCH_CUDA_ARCH_LIST).
bool fakesHardware(TSNode call, const ModuleIndex& idx, const Knowledge& k) {
  std::string args = idx.text(field(call, "arguments"));
  for (const auto* names : {&k.capability_calls, &k.property_calls})
    for (const auto& n : *names)
      if (args.find(n) != std::string::npos) return true;
  for (TSNode a : namedChildren(field(call, "arguments"))) {
    if (!is(a, "string")) continue;
    for (TSNode c : namedChildren(a))
      if (is(c, "string_content") && judgeName(idx.text(c), k).arch_like) return true;
  }
  return false;
}

// A test's own fake built from a literal capability: `_make_torch(capability
// = (7, 5))` or `_stub_torch(monkeypatch, cc=(8, 0))` inside a `test_*`
// function, the callee a helper of the same module. The literal is the
// test's input, the same on every GPU.
bool fakeBuiltInTest(const Site& s, const ModuleIndex& idx) {
  if (s.gate.empty() || !idx.functionNamed(s.gate)) return false;
  for (size_t b = 0; b < s.scope.size();) {
    size_t e = s.scope.find('.', b);
    if (e == std::string::npos) e = s.scope.size();
    if (s.scope.compare(b, 4, "test") == 0) return true;
    b = e + 1;
  }
  return false;
}

}  // namespace

void dropSitesOnFakes(PyContext& ctx) {
  const ModuleIndex& idx = ctx.idx;
  std::vector<std::pair<uint32_t, uint32_t>> faked;  // byte spans decided on a fake
  for (TSNode call : idx.calls()) {
    if (!fakeCall(call, idx) || !fakesHardware(call, idx, ctx.k)) continue;
    TSNode parent = idx.parent(call);
    if (is(parent, "decorator")) {  // @patch(...) covers the whole test
      TSNode def = field(idx.parent(parent), "definition");
      if (is(def, "function_definition")) faked.emplace_back(ts_node_start_byte(def), ts_node_end_byte(def));
      continue;
    }
    TSNode fn = idx.enclosingFunction(call);
    if (ts_node_is_null(fn)) continue;  // a module-level patch is not one test's
    faked.emplace_back(ts_node_start_byte(call), ts_node_end_byte(fn));
  }
  auto& sites = ctx.facts.sites;
  sites.erase(std::remove_if(sites.begin(), sites.end(),
                             [&](const Site& s) {
                               for (const auto& [b, e] : faked)
                                 if (s.extent.begin >= b && s.extent.end <= e) return true;
                               return fakeBuiltInTest(s, idx);
                             }),
              sites.end());
}

}  // namespace archscan::py
