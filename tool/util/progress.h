#pragma once
// "archscan: extracting 1234/5678 files" on a terminal's stderr, refreshed
// while a long step takes more than a second; silent otherwise.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>

namespace archscan {

class Progress {
 public:
  Progress(bool on, size_t total);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  std::atomic<size_t> done{0};

 private:
  size_t total_;
  bool stop_ = false;
  std::mutex m_;
  std::condition_variable cv_;
  std::thread thread_;
};

}  // namespace archscan
