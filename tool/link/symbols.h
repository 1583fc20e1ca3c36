#pragma once
// Which module and binding a name in one file refers to: locals, module
// globals, self.attributes and imports (absolute, relative, aliased).
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/facts.h"

namespace archscan {

struct SymbolRef {
  size_t file = 0;  // index into the files
  std::string binding;  // NAME, Class.NAME, func.NAME
};

class SymbolTable {
 public:
  explicit SymbolTable(const std::vector<FileFacts>& files);

  // Candidate bindings `ref` (as written in `file`) may name, most specific first.
  std::vector<SymbolRef> resolve(size_t file, const std::string& ref, const std::string& scopeClass,
                                 const std::string& scopeFunction) const;
  // The file defining a module imported from `file` (absolute or relative).
  std::optional<size_t> moduleFile(size_t file, const Import& imp) const;

 private:
  std::vector<SymbolRef> throughImports(size_t file, const std::string& name, int hops) const;
  std::optional<size_t> findModule(const std::string& dotted) const;
  const std::vector<FileFacts>& files_;
  std::map<std::string, size_t> modules_;
};

// The function `name` (a binding: helper, Class.method) that `f` defines, or null.
const FunctionSummary* findFunction(const FileFacts& f, const std::string& name);

}  // namespace archscan
