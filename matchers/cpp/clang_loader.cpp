// Clang from archscan-clang.so, opened at the first parse: scans that parse
// no C++ (warm ones, Python-only ones) never pay for loading it.
#include <dlfcn.h>

#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "clang_module_api.h"
#include "util/file_stamp.h"

namespace archscan::cpp {
namespace {

namespace fs = std::filesystem;

constexpr const char* kModule = "archscan-clang.so";

// Beside the executable (a build folder), else ../lib/archscan from it (an
// installed one).
fs::path modulePath() {
  std::error_code ec;
  fs::path bin = fs::read_symlink("/proc/self/exe", ec).parent_path();
  for (const fs::path& p : {bin / kModule, bin.parent_path() / "lib/archscan" / kModule})
    if (fs::is_regular_file(p, ec)) return p;
  throw std::runtime_error(std::string("cannot find the C++ front-end, ") + kModule + ", beside " + bin.string() +
                           " or in " + (bin.parent_path() / "lib/archscan").string() + " (reinstall archscan)");
}

const ClangModuleApi& loadModule(const fs::path& path) {
  // Never unloaded: its code serves every parser opened until the process ends.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) throw std::runtime_error(path.string() + ": cannot load the C++ front-end: " + dlerror());
  auto entry = reinterpret_cast<const ClangModuleApi* (*)()>(dlsym(handle, "archscan_clang_module"));
  const ClangModuleApi* api = entry ? entry() : nullptr;
  if (!api || api->abi != kClangModuleAbi || api->settings_size != sizeof(ClangSettings) ||
      api->observations_size != sizeof(Observations))
    throw std::runtime_error(path.string() +
                             ": the C++ front-end is from another build of archscan (reinstall archscan)");
  return *api;
}

class LoadedClang : public ClangService {
 public:
  // With a database Clang starts now, so an unreadable one stops the scan
  // before any file is read, as it does with Clang linked in.
  explicit LoadedClang(const ClangSettings& settings) : settings_(settings), path_(modulePath()) {
    if (!settings_.database.empty()) start();
  }
  ~LoadedClang() override {
    if (parser_) api_->close(parser_);
  }

  Observations parse(const std::string& path, const std::string& text) const override {
    start();
    Observations out;
    std::string error;
    if (!api_->parse(parser_, path, text, out, error)) throw std::runtime_error(error);
    return out;
  }
  bool preparePrelude() const override {
    start();
    return api_->prepare_prelude(parser_);
  }

 private:
  // No exception may leave the call_once: it runs inside pthread_once, a C
  // frame, and an exception unwinding through it aborts the process. The
  // error is kept and thrown after, on every call.
  void start() const {
    std::call_once(once_, [this] {
      try {
        const ClangModuleApi& api = loadModule(path_);
        std::string error;
        void* parser = api.open(settings_, error);
        if (!parser) {
          error_ = error.empty() ? "the C++ front-end did not start" : error;
          return;
        }
        api_ = &api;
        parser_ = parser;
      } catch (const std::exception& e) {
        error_ = e.what();
      }
    });
    if (!error_.empty()) throw std::runtime_error(error_);
  }

  ClangSettings settings_;
  fs::path path_;
  mutable std::once_flag once_;
  mutable const ClangModuleApi* api_ = nullptr;
  mutable void* parser_ = nullptr;
  mutable std::string error_;  // why start() failed, for every later call
};

}  // namespace

std::unique_ptr<ClangService> openClang(const ClangSettings& settings) {
  return std::make_unique<LoadedClang>(settings);
}

std::string clangModuleStamp() {
  std::optional<FileStamp> s;
  try {
    s = stampOf(modulePath().string());
  } catch (const std::runtime_error&) {
  }
  // Without one the scan stops when the C++ front-end starts.
  return s ? sizeAndTime(*s) : "none";
}

}  // namespace archscan::cpp
