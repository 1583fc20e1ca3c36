// archscan-clang.so: ClangParser behind the table the executable loads.
#include "clang_module_api.h"
#include "clang_parser.h"

namespace archscan::cpp {
namespace {

const ClangParser& parser(const void* p) { return *static_cast<const ClangParser*>(p); }

void* open(const ClangSettings& settings, std::string& error) {
  try {
    return new ClangParser(settings);
  } catch (const std::exception& e) {
    error = e.what();
  } catch (...) {
    error = "the C++ front-end failed to start";
  }
  return nullptr;
}

void close(void* p) { delete static_cast<ClangParser*>(p); }

bool parse(const void* p, const std::string& path, const std::string& text, Observations& out, std::string& error) {
  try {
    out = parser(p).parse(path, text);
    return true;
  } catch (const std::exception& e) {
    error = e.what();
  } catch (...) {
    error = "Clang failed on this file";
  }
  return false;
}

bool preparePrelude(const void* p) {
  try {
    return parser(p).preparePrelude();
  } catch (...) {
    return false;
  }
}

const ClangModuleApi kApi = {kClangModuleAbi, sizeof(ClangSettings), sizeof(Observations), open, close,
                             parse,           preparePrelude};

}  // namespace
}  // namespace archscan::cpp

extern "C" const archscan::cpp::ClangModuleApi* archscan_clang_module() { return &archscan::cpp::kApi; }
