#include "imports.h"

#include "ts_util.h"

namespace archscan::py {
namespace {

// (name, alias) of a dotted_name or aliased_import node.
std::pair<std::string, std::string> nameAndAlias(TSNode n, const ModuleIndex& idx) {
  if (is(n, "aliased_import")) return {idx.text(field(n, "name")), idx.text(field(n, "alias"))};
  return {idx.text(n), idx.text(n)};
}

}  // namespace

void extractImports(PyContext& ctx, const std::vector<Capture>& imports) {
  const ModuleIndex& idx = ctx.idx;
  for (const auto& c : imports) {
    if (c.name == "import") {
      for (TSNode n : namedChildren(c.node)) {
        if (!is(n, "dotted_name") && !is(n, "aliased_import")) continue;
        auto [name, alias] = nameAndAlias(n, idx);
        ctx.facts.imports.push_back(Import{0, name, "", alias});
      }
      continue;
    }
    TSNode mod = field(c.node, "module_name");
    Import base;
    if (is(mod, "relative_import")) {
      for (TSNode k : children(mod)) {
        if (is(k, "import_prefix")) base.level = static_cast<int>(idx.text(k).size());
        if (is(k, "dotted_name")) base.module = idx.text(k);
      }
    } else {
      base.module = idx.text(mod);
    }
    for (TSNode n : namedChildren(c.node)) {
      if (same(n, mod)) continue;
      if (is(n, "wildcard_import")) {
        Import i = base;
        i.name = i.alias = "*";
        ctx.facts.imports.push_back(i);
      } else if (is(n, "dotted_name") || is(n, "aliased_import")) {
        auto [name, alias] = nameAndAlias(n, idx);
        Import i = base;
        i.name = name;
        i.alias = alias;
        ctx.facts.imports.push_back(i);
      }
    }
  }
  for (const Import& i : ctx.facts.imports)
    if (i.name != "*")
      ctx.imported.emplace(i.alias, std::pair(i.name.empty() ? i.module : i.module + "." + i.name, !i.name.empty()));
}

}  // namespace archscan::py
