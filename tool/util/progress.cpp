#include "util/progress.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace archscan {

Progress::Progress(bool on, size_t total) : total_(total) {
  if (!on || !isatty(STDERR_FILENO)) return;
  thread_ = std::thread([this] {
    auto start = std::chrono::steady_clock::now();
    bool shown = false;
    std::unique_lock<std::mutex> lock(m_);
    while (!cv_.wait_for(lock, std::chrono::milliseconds(200), [this] { return stop_; })) {
      if (std::chrono::steady_clock::now() - start < std::chrono::seconds(1)) continue;
      std::fprintf(stderr, "\rarchscan: extracting %zu/%zu files", done.load(), total_);
      shown = true;
    }
    if (shown) std::fprintf(stderr, "\r\x1b[K");
  });
}

Progress::~Progress() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(m_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

}  // namespace archscan
