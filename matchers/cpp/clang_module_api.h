#pragma once
// The one entry point of archscan-clang.so: a table of plain functions, so
// no exception and no C++ object crosses from the module's copy of the C++
// runtime into the executable's except the data passed by reference.
#include <cstddef>
#include <string>

#include "clang_service.h"

namespace archscan::cpp {

struct ClangModuleApi {
  // Changes with the table or the data it passes; the loader refuses a
  // module built from other sources.
  int abi;
  size_t settings_size, observations_size;
  // Each returns false (or nullptr) with `error` set instead of throwing.
  void* (*open)(const ClangSettings& settings, std::string& error);
  void (*close)(void* parser);
  bool (*parse)(const void* parser, const std::string& path, const std::string& text, Observations& out,
                std::string& error);
  bool (*prepare_prelude)(const void* parser);
};

constexpr int kClangModuleAbi = 2;

}  // namespace archscan::cpp

extern "C" const archscan::cpp::ClangModuleApi* archscan_clang_module();
