#include "extract/registry.h"

#include "cmake/cmake_frontend.h"
#include "cpp/clang_service.h"
#include "cpp/cpp_frontend.h"
#include "python/python_frontend.h"
#include "shell/shell_frontend.h"

namespace archscan {

std::shared_ptr<const FrontendSet> makeFrontends(const Knowledge& k, const FrontendSettings& s) {
  std::vector<std::unique_ptr<Frontend>> all;
  all.push_back(std::make_unique<PythonFrontend>(k));
  all.push_back(std::make_unique<CppFrontend>(
      k, CppSettings{s.root, s.database, s.clang_prelude, s.prelude_dir, s.shipped_prelude_dir}));
  all.push_back(std::make_unique<CMakeFrontend>(k));
  all.push_back(std::make_unique<ShellFrontend>(k));
  return std::make_shared<const FrontendSet>(std::move(all));
}

std::string findCompilationDatabase(const std::string& root) { return archscan::findCppCompilationDatabase(root); }

std::string frontendToolchains() { return clangVersion(); }

std::string frontendModules() { return cpp::clangModuleStamp(); }

}  // namespace archscan
