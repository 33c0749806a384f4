# Sourced by the Ctrl-C tests. await_sigint_handler PID: wait (up to 20 s) until PID catches
# SIGINT. A background job of a non-interactive shell starts with SIGINT ignored, so a signal
# sent before btsolve installs its handler is lost, and on a loaded machine a sanitizer build
# can take over half a second to get there. Without /proc it returns at once.
await_sigint_handler() {
  local pid=$1 i caught
  for ((i = 0; i < 2000; i++)); do
    caught=$(awk '/^SigCgt:/ { print $2 }' "/proc/$pid/status" 2>/dev/null) || return 0
    [ -n "$caught" ] || return 0
    (( (16#$caught & 2) != 0 )) && return 0  # bit 1: signal 2, SIGINT
    sleep 0.01
  done
}
