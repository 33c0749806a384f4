// SPDX-License-Identifier: MIT
#include "mpi/mpi_executor.hpp"

#include <mpi.h>

#include <algorithm>
#include <bit>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <iostream>
#include <sstream>
#include <utility>

#include <btsolve/errors.hpp>

#include "units/binding.hpp"

namespace btsolve {
namespace {

// Message tags. Worker -> 0: request (results + how many units it wants), final (its stop
// reason, an error if one ended its count, results), left (it leaves before counting: its exit
// code and error), stop_request (it was interrupted: stop every rank), ended (it heard the end).
// 0 -> worker: verdict (the checkpoint's verdict and the count's parameters), work (units;
// none left when empty), stop, end (the job's exit code). Both ways: heartbeat. The main
// thread takes request, final, verdict, work and stop; the control thread the others.
enum tag : int {
  request = 1,
  final_results = 2,
  work_units = 3,
  stop = 4,
  verdict = 5,
  left = 6,
  stop_request = 7,
  end = 8,
  ended = 9,
  heartbeat = 10
};

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

// A text in a message: its length in bytes, then its bytes in words.
void put_text(message& m, const std::string& text) {
  m.push_back(text.size());
  const std::size_t at = m.size();
  m.resize(at + (text.size() + 7) / 8, 0);
  std::memcpy(m.data() + at, text.data(), text.size());
}
std::string text_of(const message& m, std::size_t& at) {
  if (at >= m.size()) return {};
  const auto bytes = std::min<std::uint64_t>(m[at], (m.size() - at - 1) * 8);
  std::string text(static_cast<std::size_t>(bytes), '\0');
  std::memcpy(text.data(), m.data() + at + 1, text.size());
  at += 1 + (text.size() + 7) / 8;
  return text;
}

std::string& program() {
  static std::string name = "btsolve-mpi";
  return name;
}

// An MPI call's error (the error handler returns them): the one line, then the whole job ends.
void checked(int rc, const char* what) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING] = {};
  int length = 0;
  MPI_Error_string(rc, text, &length);
  std::cerr << program() << ": error: MPI " << what << ": " << one_line(text) << '\n' << std::flush;
  MPI_Abort(MPI_COMM_WORLD, exit_code::bad_input);
  std::_Exit(exit_code::bad_input);
}

void send(const message& m, int to, int t) {
  checked(MPI_Send(m.data(), static_cast<int>(m.size()), MPI_UINT64_T, to, t, MPI_COMM_WORLD),
          "send");
}

// A send that sleeps while it waits. A message past the eager limit (a few KB: a request
// carrying many results) waits for the receiver to match it, and a blocking MPI_Send spins
// meanwhile, taking the core from this rank's counting threads. give_up() ends the wait
// (rank 0 ended the job: no one will receive it).
template <class GiveUp>
void send_sleeping(const message& m, int to, int t, GiveUp give_up) {
  MPI_Request r;
  checked(MPI_Isend(m.data(), static_cast<int>(m.size()), MPI_UINT64_T, to, t, MPI_COMM_WORLD, &r),
          "send");
  for (int done = 0;;) {
    checked(MPI_Test(&r, &done, MPI_STATUS_IGNORE), "send");
    if (done) return;
    if (give_up()) {
      MPI_Request_free(&r);
      return;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
}

message receive(const MPI_Status& probed) {
  int count = 0;
  MPI_Get_count(&probed, MPI_UINT64_T, &count);
  message m(static_cast<std::size_t>(count));
  checked(MPI_Recv(m.data(), count, MPI_UINT64_T, probed.MPI_SOURCE, probed.MPI_TAG, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE),
          "receive");
  return m;
}

// The next message of tag t from `from` (or any rank), if one is there: {source, message}.
std::optional<std::pair<int, message>> take(int from, int t) {
  int flag = 0;
  MPI_Status st;
  checked(MPI_Iprobe(from, t, MPI_COMM_WORLD, &flag, &st), "probe");
  if (!flag) return std::nullopt;
  return std::pair<int, message>{st.MPI_SOURCE, receive(st)};
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

void interrupt() { bt::interrupt_all(); }

// BTSOLVE_MPI_TIMEOUT: how long a rank may say nothing before it is declared lost.
std::chrono::milliseconds timeout_of() {
  double seconds = 60;
  if (const char* env = std::getenv("BTSOLVE_MPI_TIMEOUT"); env != nullptr) {
    char* end = nullptr;
    const double v = std::strtod(env, &end);
    if (end != env && *end == '\0' && v >= 0.5 && v <= 86400) seconds = v;
  }
  return std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
}

// What the exception being handled says, for a rank's one line.
std::string what_of(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& x) {
    return x.what();
  } catch (...) {
    return "unknown error";
  }
}

}  // namespace

mpi_executor::mpi_executor(int rank, int ranks)
    : rank_(rank),
      ranks_(ranks),
      timeout_(timeout_of()),
      beat_(std::min<std::chrono::milliseconds>(std::chrono::milliseconds(1000), timeout_ / 4)),
      last_heard_(static_cast<std::size_t>(ranks), clock::now()),
      gone_(static_cast<std::size_t>(ranks), 0),
      answered_(static_cast<std::size_t>(ranks), 0) {}

mpi_executor::~mpi_executor() {
  stopping_ = true;
  if (control_.joinable()) control_.join();
}

void mpi_executor::start() {
  {
    const std::lock_guard hold(state_);
    std::fill(last_heard_.begin(), last_heard_.end(), clock::now());
  }
  control_ = std::thread([this] { control(); });
}

void mpi_executor::heard(int from) {
  const std::lock_guard hold(state_);
  last_heard_[static_cast<std::size_t>(from)] = clock::now();
}

bool mpi_executor::gone(int w) const {
  const std::lock_guard hold(state_);
  return gone_[static_cast<std::size_t>(w)] != 0;
}

void mpi_executor::fail(int code, const std::string& line, bool lost) {
  {
    const std::lock_guard hold(state_);
    lost_ = lost_ || lost;
    if (!failure_ && !counting_done_) failure_ = {code, line};
  }
  interrupt();
}

std::optional<std::pair<int, std::string>> mpi_executor::remote_failure() const {
  const std::lock_guard hold(state_);
  return failure_;
}

// The control thread: heartbeats out, the other ranks' control messages in, and the timeout.
void mpi_executor::control() {
  auto next_beat = clock::now();
  while (!stopping_) {
    const auto now = clock::now();
    if (rank_ == 0) {
      while (auto got = take(MPI_ANY_SOURCE, tag::heartbeat)) heard(got->first);
      while (auto got = take(MPI_ANY_SOURCE, tag::stop_request)) {
        heard(got->first);
        interrupt();  // a rank was interrupted: every rank stops (and says what it found)
      }
      while (auto got = take(MPI_ANY_SOURCE, tag::ended)) {
        heard(got->first);
        const std::lock_guard hold(state_);
        answered_[static_cast<std::size_t>(got->first)] = 1;
      }
      while (auto got = take(MPI_ANY_SOURCE, tag::left)) {
        const int w = got->first;
        heard(w);
        std::size_t at = 1;
        const int code =
            got->second.empty() ? exit_code::bad_input : static_cast<int>(got->second[0]);
        const std::string why = text_of(got->second, at);
        {
          const std::lock_guard hold(state_);
          gone_[static_cast<std::size_t>(w)] = 1;
        }
        if (code == exit_code::stopped) {
          interrupt();
        } else if (code != exit_code::solved && code != exit_code::no_solution) {
          fail(code, "rank " + std::to_string(w) + ": " + (why.empty() ? "failed" : why));
        }
      }
      std::vector<int> lost;
      {
        const std::lock_guard hold(state_);
        for (int w = 1; w < ranks_; ++w) {
          const auto i = static_cast<std::size_t>(w);
          if (gone_[i] != 2 && answered_[i] == 0 && now - last_heard_[i] > timeout_) {
            gone_[i] = 2;
            lost.push_back(w);
          }
        }
      }
      for (const int w : lost) {
        fail(exit_code::bad_input,
             "rank " + std::to_string(w) + " sent nothing for " +
                 std::to_string(timeout_.count() / 1000) + " s (stopped, hung or cut off)",
             true);
      }
      if (now >= next_beat) {
        for (int w = 1; w < ranks_; ++w) {
          bool listening = false;
          {
            const std::lock_guard hold(state_);
            listening = gone_[static_cast<std::size_t>(w)] != 2;
          }
          if (listening) send({}, w, tag::heartbeat);
        }
        next_beat = now + beat_;
      }
    } else {
      while (auto got = take(0, tag::heartbeat)) heard(0);
      if (auto got = take(0, tag::end)) {
        end_code_ = got->second.empty() ? exit_code::bad_input : static_cast<int>(got->second[0]);
        ended_ = true;
        interrupt();  // whatever this rank still does (building its plan) stops
      }
      if (!ended_ && !final_sent_ && !stop_told_ && bt::interrupted()) {
        stop_told_ = true;
        send({}, 0, tag::stop_request);
      }
      if (!ended_ && now >= next_beat) {
        send({}, 0, tag::heartbeat);
        next_beat = now + beat_;
      }
      bool silent = false;
      {
        const std::lock_guard hold(state_);
        silent = now - last_heard_[0] > timeout_;
      }
      if (silent && !ended_) {
        std::cerr << program() << ": error: rank " << rank_ << ": rank 0 sent nothing for "
                  << timeout_.count() / 1000 << " s (stopped, hung or cut off)\n"
                  << std::flush;
        MPI_Abort(MPI_COMM_WORLD, exit_code::bad_input);
        std::_Exit(exit_code::bad_input);
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

bool mpi_executor::agree(bool ok, const std::string& params) {
  if (rank_ == 0) {
    if (const auto f = remote_failure()) throw usage_error(f->second);
    message v{ok ? 1U : 0U};
    put_text(v, params);
    for (int w = 1; w < ranks_; ++w) {
      if (!gone(w)) send(v, w, tag::verdict);
    }
    return ok;
  }
  for (;;) {
    if (ended_) throw usage_error("rank 0 ended the job");
    if (auto got = take(0, tag::verdict)) {
      heard(0);
      std::size_t at = 1;
      const std::string theirs = text_of(got->second, at);
      if (got->second.empty() || got->second[0] == 0) return false;
      if (theirs != params) {
        throw usage_error(
            "its count is not rank 0's: " +
            params_difference(params, theirs, "on rank " + std::to_string(rank_), "on rank 0"));
      }
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

bt::stop_reason mpi_executor::run(const unit_job& job, bt::shared_limits& limits) {
  const auto start = std::chrono::steady_clock::now();
  const bt::stop_reason r = rank_ == 0 ? coordinate(job, limits) : work(job, limits);
  run_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
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

bt::stop_reason mpi_executor::coordinate(const unit_job& given, bt::shared_limits& limits) {
  const double cpu_start = thread_cpu_seconds();
  // A failure of this rank's own (a checkpoint that cannot be written: a full disk) stops every
  // rank; it is thrown once they all answered, never out of a thread (std::terminate).
  std::mutex error_lock;
  std::exception_ptr error;
  const auto failed = [&] {
    {
      const std::lock_guard hold(error_lock);
      if (!error) error = std::current_exception();
    }
    interrupt();
  };
  unit_job job = given;
  job.finished = [&](std::size_t k, const unit_result& r) {
    try {
      given.finished(k, r);
    } catch (...) {
      failed();
    }
  };
  std::atomic<std::size_t> cursor{0};
  const auto next = [&] { return cursor.fetch_add(1, std::memory_order_relaxed); };
  std::mutex lock;
  std::thread local([&] {
    try {
      count_locally(job, limits, next, lock);
    } catch (...) {
      failed();
    }
  });
  bt::stop_reason reason = bt::stop_reason::none;
  std::vector<bool> finished(static_cast<std::size_t>(ranks_), false);
  bool stop_sent = false;
  for (;;) {
    bool owed = false;
    for (int w = 1; w < ranks_; ++w)
      owed = owed || (!finished[static_cast<std::size_t>(w)] && !gone(w));
    if (!owed) break;
    if (!stop_sent && !limits.charge(0)) {
      if (reason == bt::stop_reason::none) reason = limits.reason();
      for (int w = 1; w < ranks_; ++w) {
        if (!finished[static_cast<std::size_t>(w)] && !gone(w)) send({}, w, tag::stop);
      }
      stop_sent = true;
    }
    auto got = take(MPI_ANY_SOURCE, tag::request);
    const bool is_request = got.has_value();
    if (!got) got = take(MPI_ANY_SOURCE, tag::final_results);
    if (!got) {
      // Nothing to do: sleep rather than spin (the local threads need the core). A worker
      // asks when half of its reserve (about 50 ms of work per thread) is left, so a few
      // milliseconds' wait costs it nothing, and 250 wake-ups a second cost well under 1%.
      std::this_thread::sleep_for(std::chrono::milliseconds(4));
      continue;
    }
    const auto t0 = clock::now();
    const int from = got->first;
    const message& m = got->second;
    heard(from);
    std::size_t at = 2;
    std::string why;
    if (!is_request) {
      at = 1;
      why = text_of(m, at);
    }
    {
      const std::lock_guard hold(lock);
      for (const auto& [k, r] : results_of(m, at)) {
        job.finished(k, r);
        ++remote_units_;
        remote_seconds_ += r.stats.seconds;
      }
    }
    if (is_request) {
      ++requests_;
      message units;
      for (std::uint64_t want = m.at(0); want > 0 && !limits.stopped(); --want) {
        const std::size_t i = next();
        if (i >= job.pending.size()) break;
        units.push_back(job.pending[i]);
      }
      send_sleeping(units, from, tag::work_units, [] { return false; });
    } else {
      const auto r = static_cast<bt::stop_reason>(m.at(0));
      if (!why.empty()) {
        fail(exit_code::bad_input, "rank " + std::to_string(from) + ": " + why);
      } else if (r != bt::stop_reason::none) {
        // A rank stopped (its time limit, Ctrl-C): the others stop too, the first reason wins.
        if (reason == bt::stop_reason::none) reason = r;
        interrupt();
      }
      finished[static_cast<std::size_t>(from)] = true;
    }
    busy_seconds_ += std::chrono::duration<double>(clock::now() - t0).count();
  }
  local.join();
  counting_done_ = true;
  cpu_seconds_ = thread_cpu_seconds() - cpu_start;
  if (error) std::rethrow_exception(error);
  if (const auto f = remote_failure()) throw usage_error(f->second);
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
  const auto abandoned = [this] { return ended_.load(); };
  std::mutex m;
  std::condition_variable to_threads;
  std::condition_variable to_main;
  std::deque<std::size_t> queue;
  message outbox;
  bool no_more = false;
  std::size_t busy = 0;
  std::string error;  // the first unit that failed (its exception's words)
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
        std::optional<unit_result> r;
        try {
          r = job.count(k);
        } catch (...) {
          const std::string why = what_of(std::current_exception());
          lk.lock();
          if (error.empty()) error = why.empty() ? "a unit failed" : why;
          --busy;
          interrupt();
          to_main.notify_one();
          continue;
        }
        r->stats.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        lk.lock();
        put(outbox, k, *r);
        unit_seconds += r->stats.seconds;
        ++units_done;
        --busy;
        // Wake the main thread only when it has something to do: ask for more, or finish.
        if (queue.size() + busy <= slots() / 2) to_main.notify_one();
      }
    });
  }
  std::unique_lock lk(m);
  for (;;) {
    if (!no_more && (!limits.charge(0) || abandoned())) {
      no_more = true;
      queue.clear();
      to_threads.notify_all();
    }
    if (const std::size_t held = slots(); !no_more && queue.size() + busy <= held / 2) {
      message req{held - queue.size() - busy, 0};
      req.insert(req.end(), outbox.begin(), outbox.end());
      outbox.clear();
      lk.unlock();
      send_sleeping(req, 0, tag::request, abandoned);
      message units;
      bool answered = false;
      while (!answered && !abandoned()) {
        if (auto got = take(0, tag::work_units)) {
          units = std::move(got->second);
          answered = true;
        } else if (take(0, tag::stop)) {
          interrupt();
        } else {
          std::this_thread::sleep_for(std::chrono::microseconds(500));
        }
      }
      heard(0);
      lk.lock();
      if (units.empty()) no_more = true;
      queue.insert(queue.end(), units.begin(), units.end());
      to_threads.notify_all();
      continue;
    }
    if (no_more && queue.empty() && busy == 0) break;
    to_main.wait_for(lk, std::chrono::milliseconds(20));
    lk.unlock();
    if (take(0, tag::stop)) {
      heard(0);
      interrupt();
    }
    lk.lock();
  }
  lk.unlock();
  to_threads.notify_all();
  for (auto& t : pool) t.join();
  if (abandoned()) return bt::stop_reason::interrupted;  // rank 0 ended the job: no one listens
  message fin{static_cast<std::uint64_t>(limits.reason())};
  put_text(fin, error);
  fin.insert(fin.end(), outbox.begin(), outbox.end());
  send_sleeping(fin, 0, tag::final_results, abandoned);
  final_sent_ = true;
  if (!error.empty()) throw usage_error(error);
  return limits.reason();
}

std::optional<int> mpi_executor::finish(int code, const std::string& error) {
  if (rank_ == 0) {
    for (int w = 1; w < ranks_; ++w) {
      const std::lock_guard hold(state_);
      if (gone_[static_cast<std::size_t>(w)] != 2) {
        send({static_cast<std::uint64_t>(code)}, w, tag::end);
      }
    }
    for (;;) {  // every rank answers, or is declared lost by the control thread
      bool waiting = false;
      {
        const std::lock_guard hold(state_);
        for (int w = 1; w < ranks_; ++w) {
          const auto i = static_cast<std::size_t>(w);
          waiting = waiting || (gone_[i] != 2 && answered_[i] == 0);
        }
      }
      if (!waiting) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  } else {
    if (!final_sent_ && !ended_) {
      message m{static_cast<std::uint64_t>(code)};
      put_text(m, error);
      send(m, 0, tag::left);
    }
    while (!ended_) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    send({}, 0, tag::ended);
    code = end_code_;
  }
  stopping_ = true;
  if (control_.joinable()) control_.join();
  const std::lock_guard hold(state_);
  if (lost_) return std::nullopt;
  return code;
}

void set_mpi_program(const std::string& name) { program() = name; }

}  // namespace btsolve
