#pragma once
// Runs the front-ends over discovered files on a thread pool. Results come
// back in the order of `files`, whatever the thread timing.
#include <atomic>
#include <vector>

#include "discover/discover.h"
#include "frontend/frontend.h"
#include "model/facts.h"

namespace archscan {

struct ExtractStats {
  size_t files_seen = 0;
  size_t files_parsed = 0;
};

struct Extraction {
  std::vector<FileFacts> files;
  ExtractStats stats;
};

// `done`, when given, counts finished files (for progress output).
Extraction extractAll(const std::vector<SourceFile>& files, const FrontendSet& frontends, int jobs,
                      std::atomic<size_t>* done = nullptr);

}  // namespace archscan
