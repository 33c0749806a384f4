// SPDX-License-Identifier: MIT
#include "mpi/mpi_executor.hpp"

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <condition_variable>
#include <cstdint>
#include <ctime>
#include <deque>
#include <mutex>
#include <sstream>
#include <thread>
#include <utility>
#include <vector>

namespace btsolve {
namespace {

// Message tags. Worker -> 0: request (results + how many units it wants), final (results,
// stop reason). 0 -> worker: work (units; none left when empty), stop, bye (after final).
enum tag : int { request = 1, final_results = 2, work_units = 3, stop = 4, bye = 5 };

using message = std::vector<std::uint64_t>;
constexpr std::size_t result_words = 16;

void put(message& m, std::size_t k, const unit_result& r) {
  const auto& s = r.stats;
  m.insert(m.end(),
           {k, r.done ? 1U : 0U, r.total, r.tally, s.nodes, s.checks, s.assigns, s.prunes,
            s.backtracks, s.solutions, s.max_depth, std::bit_cast<std::uint64_t>(s.seconds),
            s.infers ? 1U : 0U, s.propagation_checks, s.removals, s.wipeouts});
}

// The results in m from word `at` on: (unit, result) pairs.
std::vector<std::pair<std::size_t, unit_result>> results_of(const message& m, std::size_t at) {
  std::vector<std::pair<std::size_t, unit_result>> out;
  for (; at + result_words <= m.size(); at += result_words) {
    const std::uint64_t* w = m.data() + at;
    unit_result r;
    r.done = w[1] != 0;
    r.total = w[2];
    r.tally = w[3];
    r.stats = {w[4],       w[5],  w[6],  w[7], w[8], w[9], w[10], std::bit_cast<double>(w[11]),
               w[12] != 0, w[13], w[14], w[15]};
    out.emplace_back(w[0], r);
  }
  return out;
}

void send(const message& m, int to, int t) {
  MPI_Send(m.data(), static_cast<int>(m.size()), MPI_UINT64_T, to, t, MPI_COMM_WORLD);
}

// A send that sleeps while it waits. A message past the eager limit (a few KB: a request
// carrying many results) waits for the receiver to match it, and a blocking MPI_Send spins
// meanwhile, taking the core from this rank's counting threads.
void send_sleeping(const message& m, int to, int t) {
  MPI_Request r;
  MPI_Isend(m.data(), static_cast<int>(m.size()), MPI_UINT64_T, to, t, MPI_COMM_WORLD, &r);
  for (int done = 0;;) {
    MPI_Test(&r, &done, MPI_STATUS_IGNORE);
    if (done) return;
    std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
}

message receive(const MPI_Status& probed) {
  int count = 0;
  MPI_Get_count(&probed, MPI_UINT64_T, &count);
  message m(static_cast<std::size_t>(count));
  MPI_Recv(m.data(), count, MPI_UINT64_T, probed.MPI_SOURCE, probed.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return m;
}

// The next message from `from` (any tag). Polls with short sleeps: a blocking MPI_Recv
// spins, and would take a core from the counting threads while the coordinator answers.
std::pair<int, message> receive_from(int from) {
  MPI_Status st;
  for (int flag = 0;;) {
    MPI_Iprobe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    if (flag) return {st.MPI_TAG, receive(st)};
    std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

int threads_of(const unit_job& job) {
  return job.threads > 0 ? job.threads
                         : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

}  // namespace

bool mpi_executor::agree(bool ok, const std::string&) {
  int v = ok ? 1 : 0;
  MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return v != 0;
}

bt::stop_reason mpi_executor::run(const unit_job& job, bt::shared_limits& limits) {
  running_ = true;
  const auto start = std::chrono::steady_clock::now();
  const bt::stop_reason r = rank_ == 0 ? coordinate(job, limits) : work(job, limits);
  run_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  running_ = false;
  return r;
}

std::string mpi_executor::overhead() const {
  if (rank_ != 0) return {};
  std::ostringstream os;
  os << "coordinator: " << requests_ << " requests from " << ranks_ - 1 << " ranks (they counted "
     << remote_units_ << " units in " << remote_seconds_ << " s), " << busy_seconds_
     << " s scheduling (" << 100.0 * busy_seconds_ / std::max(run_seconds_, 1e-9) << "% of "
     << run_seconds_ << " s), main thread CPU " << cpu_seconds_ << " s ("
     << 100.0 * cpu_seconds_ / std::max(run_seconds_, 1e-9) << "%)\n";
  return os.str();
}

bt::stop_reason mpi_executor::coordinate(const unit_job& job, bt::shared_limits& limits) {
  using clock = std::chrono::steady_clock;
  const double cpu_start = thread_cpu_seconds();
  std::atomic<std::size_t> cursor{0};
  const auto next = [&] { return cursor.fetch_add(1, std::memory_order_relaxed); };
  std::mutex lock;
  std::thread local([&] { count_locally(job, limits, next, lock); });
  bt::stop_reason reason = bt::stop_reason::none;
  std::vector<bool> finished(static_cast<std::size_t>(ranks_), false);
  int active = ranks_ - 1;
  bool stop_sent = false;
  while (active > 0) {
    if (!stop_sent && !limits.charge(0)) {
      if (reason == bt::stop_reason::none) reason = limits.reason();
      for (int w = 1; w < ranks_; ++w) {
        if (!finished[static_cast<std::size_t>(w)]) send({}, w, tag::stop);
      }
      stop_sent = true;
    }
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    if (!flag) {
      // Nothing to do: sleep rather than spin (the local threads need the core). A worker
      // asks when half of its reserve (about 50 ms of work per thread) is left, so a few
      // milliseconds' wait costs it nothing, and 250 wake-ups a second cost well under 1%.
      std::this_thread::sleep_for(std::chrono::milliseconds(4));
      continue;
    }
    const auto t0 = clock::now();
    const message m = receive(st);
    const int from = st.MPI_SOURCE;
    {
      const std::lock_guard hold(lock);
      for (const auto& [k, r] : results_of(m, 2)) {
        job.finished(k, r);
        ++remote_units_;
        remote_seconds_ += r.stats.seconds;
      }
    }
    if (st.MPI_TAG == tag::request) {
      ++requests_;
      message units;
      for (std::uint64_t want = m.at(0); want > 0 && !limits.stopped(); --want) {
        const std::size_t i = next();
        if (i >= job.pending.size()) break;
        units.push_back(job.pending[i]);
      }
      send_sleeping(units, from, tag::work_units);
    } else if (st.MPI_TAG == tag::final_results) {
      const auto r = static_cast<bt::stop_reason>(m.at(0));
      if (r != bt::stop_reason::none) {
        // A rank stopped (its time limit, Ctrl-C): the others stop too, the first reason wins.
        if (reason == bt::stop_reason::none) reason = r;
        bt::interrupt_flag().store(true, std::memory_order_relaxed);
      }
      finished[static_cast<std::size_t>(from)] = true;
      --active;
      send({}, from, tag::bye);
    }
    busy_seconds_ += std::chrono::duration<double>(clock::now() - t0).count();
  }
  local.join();
  cpu_seconds_ = thread_cpu_seconds() - cpu_start;
  return reason != bt::stop_reason::none ? reason : limits.reason();
}

bt::stop_reason mpi_executor::work(const unit_job& job, bt::shared_limits& limits) {
  const int threads = threads_of(job);
  // Units held: enough for about reserve_seconds of work per thread (at least four), asked
  // for when half are gone, so that the threads never wait for the coordinator's answer.
  // Sizing by time rather than count keeps small units from turning into thousands of
  // round trips, each of which wakes this rank's main thread while the counters need the core.
  // The cap must let the reserve reach its time with the smallest units: the meet in the
  // middle's joins of N = 17 take 30 us on average, and 256 of them (the cap before) were 8 ms,
  // less than a round trip to a coordinator that sleeps 4 ms between polls, so a worker ran dry
  // a quarter of the time. 4,096 results make a 400 KB request, sent without blocking.
  constexpr double reserve_seconds = 0.05;
  constexpr std::size_t most_per_thread = 4096;
  const auto per_thread = static_cast<std::size_t>(threads);
  double unit_seconds = 0.0;  // of the units finished here so far
  std::size_t units_done = 0;
  const auto slots = [&] {
    std::size_t each = 4;
    if (units_done > 0 && unit_seconds > 0.0) {
      const double mean = unit_seconds / static_cast<double>(units_done);
      each = std::clamp<std::size_t>(static_cast<std::size_t>(reserve_seconds / mean), 4,
                                     most_per_thread);
    }
    return each * per_thread;
  };
  std::mutex m;
  std::condition_variable to_threads;
  std::condition_variable to_main;
  std::deque<std::size_t> queue;
  message outbox;
  bool no_more = false;
  std::size_t busy = 0;
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&] {
      std::unique_lock lk(m);
      for (;;) {
        to_threads.wait(lk, [&] { return !queue.empty() || no_more; });
        if (queue.empty()) return;
        const std::size_t k = queue.front();
        queue.pop_front();
        ++busy;
        lk.unlock();
        const auto start = std::chrono::steady_clock::now();
        unit_result r = job.count(k);
        r.stats.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        lk.lock();
        put(outbox, k, r);
        unit_seconds += r.stats.seconds;
        ++units_done;
        --busy;
        // Wake the main thread only when it has something to do: ask for more, or finish.
        if (queue.size() + busy <= slots() / 2) to_main.notify_one();
      }
    });
  }
  const auto on_stop = [&] { bt::interrupt_flag().store(true, std::memory_order_relaxed); };
  std::unique_lock lk(m);
  for (;;) {
    if (!no_more && !limits.charge(0)) {
      no_more = true;
      queue.clear();
      to_threads.notify_all();
    }
    if (const std::size_t held = slots(); !no_more && queue.size() + busy <= held / 2) {
      message req{held - queue.size() - busy, 0};
      req.insert(req.end(), outbox.begin(), outbox.end());
      outbox.clear();
      lk.unlock();
      send_sleeping(req, 0, tag::request);
      auto [t, units] = receive_from(0);
      while (t == tag::stop) {
        on_stop();
        std::tie(t, units) = receive_from(0);
      }
      lk.lock();
      if (units.empty()) no_more = true;
      queue.insert(queue.end(), units.begin(), units.end());
      to_threads.notify_all();
      continue;
    }
    if (no_more && queue.empty() && busy == 0) break;
    to_main.wait_for(lk, std::chrono::milliseconds(20));
    lk.unlock();
    int flag = 0;
    MPI_Iprobe(0, tag::stop, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    if (flag) {
      receive_from(0);
      on_stop();
    }
    lk.lock();
  }
  lk.unlock();
  to_threads.notify_all();
  for (auto& t : pool) t.join();
  message fin{static_cast<std::uint64_t>(limits.reason()), 0};
  fin.insert(fin.end(), outbox.begin(), outbox.end());
  send_sleeping(fin, 0, tag::final_results);
  while (receive_from(0).first != tag::bye) {
  }
  return limits.reason();
}

}  // namespace btsolve
