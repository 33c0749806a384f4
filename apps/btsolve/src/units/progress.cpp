// SPDX-License-Identifier: MIT
#include "units/progress.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <system_error>

namespace btsolve {

progress_bar::progress_bar(const std::atomic<std::size_t>& units,
                           const std::atomic<std::size_t>& done)
    : units_(units), done_(done) {
  if (isatty(STDERR_FILENO) == 1) {
    // The line is a courtesy: where no thread can be started (the studio's WebAssembly build
    // has none), the count runs without it.
    try {
      thread_ = std::thread([this] { run(); });
    } catch (const std::system_error&) {
      thread_ = std::thread();
    }
  }
}

progress_bar::~progress_bar() { stop(); }

void progress_bar::stop() {
  {
    const std::lock_guard<std::mutex> lock(m_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) {
    thread_.join();
  }
}

void progress_bar::run() {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  std::unique_lock<std::mutex> lock(m_);
  if (cv_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; })) {
    return;  // runs shorter than a second show nothing
  }
  while (!cv_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stopping_; })) {
    const std::size_t total = units_.load();
    const std::size_t done = done_.load();
    const double secs = std::chrono::duration<double>(clock::now() - start).count();
    const double rate = static_cast<double>(done) / secs;
    constexpr int width = 30;
    const int filled =
        total ? static_cast<int>(width * static_cast<double>(done) / static_cast<double>(total))
              : 0;
    std::string line = "\r[" + std::string(static_cast<std::size_t>(filled), '#') +
                       std::string(static_cast<std::size_t>(width - filled), '.') + "] " +
                       std::to_string(done) + "/" + std::to_string(total) + " units, ";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f units/s, ETA ", rate);
    line += buf;
    if (rate > 0 && total >= done) {
      std::snprintf(buf, sizeof buf, "%.0f s   ", static_cast<double>(total - done) / rate);
      line += buf;
    } else {
      line += "?   ";
    }
    std::fputs(line.c_str(), stderr);
    std::fflush(stderr);
    drawn_ = true;
  }
  if (drawn_) {
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
}

}  // namespace btsolve
