// SPDX-License-Identifier: MIT
// The runner compiled to WebAssembly: one entry, exec(argv as a JSON array, stdin text), that
// runs the command line as the native btsolve would (run_args over the built-in registry) and
// returns {"exit": code, "stdout": text, "stderr": text} as JSON. btsolve-api.js turns it into
// btsolve.run / exec / replay for the page (docs/studio.md).
#include <emscripten/bind.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include <bt/limits.hpp>
#include <btsolve/cli.hpp>
#include <btsolve/registry.hpp>

namespace {

/// stdin of this run: the text, as a file of the in-memory file system put on descriptor 0,
/// which is where the runner's input reader (`-i -`) reads.
void set_stdin(const std::string& text) {
  const char* path = "/tmp/btsolve-stdin";
  {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << text;
  }
  const int fd = ::open(path, O_RDONLY);
  if (fd >= 0) {
    ::dup2(fd, 0);
    ::close(fd);
  }
}

/// One command line, as the native runner runs it; exit code and both streams as JSON.
std::string exec(const std::string& argv_json, const std::string& stdin_text) {
  std::vector<std::string> args;
  try {
    args = nlohmann::json::parse(argv_json).get<std::vector<std::string>>();
  } catch (const nlohmann::json::exception&) {
    return R"({"exit":2,"stdout":"","stderr":"btsolve: exec: argv must be a JSON array of strings\n"})";
  }
  set_stdin(stdin_text);
  bt::clear_interrupt();
  std::ostringstream out;
  std::ostringstream err;
  const int code = btsolve::run_args(btsolve::builtin_registry(), args, {out, err});
  const nlohmann::json doc = {{"exit", code}, {"stdout", out.str()}, {"stderr", err.str()}};
  return doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

EMSCRIPTEN_BINDINGS(btsolve) { emscripten::function("exec", &exec); }
