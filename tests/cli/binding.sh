#!/usr/bin/env bash
# Records bound to their count (issue 27, docs/cluster.md "What binds a unit to its count"):
# checkpoint records and --unit lines of another count (n, strategy, problem, the input's
# content) are refused in one line naming what differs; a key seals lines and checkpoints
# with an HMAC that merge and resume verify; merge --verify counts units again; a file that is
# not a checkpoint (the run's own input among them) is never written over; special files are
# refused, and merge's wait on a FIFO ends at Ctrl-C or SIGTERM.
# Usage: binding.sh BTSOLVE (run in tests/)
set -u
bt=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
source "$(dirname "$0")/await_handler.sh"
# refused REGEX CMD...: exit 2, one stderr line matching REGEX
refused() {
  local re=$1; shift
  "$@" >"$dir/out" 2>"$dir/err"
  local rc=$?
  [ "$rc" -eq 2 ] || fail "$*: exit $rc, expected 2 ($(head -3 "$dir/err"))"
  [ "$(grep -c . "$dir/err")" -eq 1 ] || fail "$*: not one line: $(cat "$dir/err")"
  grep -q -- "$re" "$dir/err" || fail "$*: '$(cat "$dir/err")' does not match '$re'"
}

# 1. Checkpoint records of another count under this count's header: refused, not added up
#    (before: n = 11 records under an n = 10 header resumed to count: 280 / unique: 35).
"$bt" nqueens -n 10 --count --unique --checkpoint "$dir/n10" >/dev/null 2>&1 || fail "n10 exit $?"
"$bt" nqueens -n 11 --count --unique --checkpoint "$dir/n11" >/dev/null 2>&1 || fail "n11 exit $?"
{ head -1 "$dir/n10"; tail -n +2 "$dir/n11" | head -5; } >"$dir/mixed"
refused "checkpoint $dir/mixed: line 2 is a record of another count" \
  "$bt" nqueens -n 10 --count --unique --checkpoint "$dir/mixed"
# ... of another strategy, and another problem
"$bt" nqueens -n 10 --count --unique --strategy symmetry --checkpoint "$dir/sym" >/dev/null 2>&1
{ head -1 "$dir/n10"; tail -n +2 "$dir/sym" | head -3; } >"$dir/mixed2"
refused "line 2 is a record of another count" "$bt" nqueens -n 10 --count --unique --checkpoint "$dir/mixed2"
"$bt" colouring --queen-graph 5x5 -m 5 --count --checkpoint "$dir/col" >/dev/null 2>&1
{ head -1 "$dir/n10"; tail -n +2 "$dir/col"; } >"$dir/mixed3"
refused "line 2 is a record of another count" "$bt" nqueens -n 10 --count --unique --checkpoint "$dir/mixed3"
# A whole checkpoint of another count names what differs.
refused "written for another count: n (10 there, 11 here)" \
  "$bt" nqueens -n 11 --count --unique --checkpoint "$dir/n10"
refused "written for another count: the strategy (symmetry there, halves here)" \
  "$bt" nqueens -n 10 --count --unique --checkpoint "$dir/sym"
refused "written for another count: the problem (colouring there, nqueens here)" \
  "$bt" nqueens -n 10 --count --unique --checkpoint "$dir/col"

# 2. The input's content, not its name: C5 counted into a checkpoint, the file changed to P5
#    (before: the resume printed count: 30, true 48; merge printed 42).
printf 'p edge 5 5\ne 1 2\ne 2 3\ne 3 4\ne 4 5\ne 5 1\n' >"$dir/g.col"
"$bt" colouring -i "$dir/g.col" -m 3 --count --split 2 --checkpoint "$dir/g.cp" >/dev/null || fail "C5 exit $?"
"$bt" colouring -i "$dir/g.col" -m 3 --count --split 2 --unit 0..1 >"$dir/c5.a" || fail "C5 units"
printf 'p edge 5 4\ne 1 2\ne 2 3\ne 3 4\ne 4 5\n' >"$dir/g.col"
refused "checkpoint $dir/g.cp: written for another count: the input's content (sha256:" \
  "$bt" colouring -i "$dir/g.col" -m 3 --count --split 2 --checkpoint "$dir/g.cp"
units=$("$bt" colouring -i "$dir/g.col" -m 3 --count --split 2 | wc -l)
"$bt" colouring -i "$dir/g.col" -m 3 --count --split 2 --unit "2..$((units - 1))" >"$dir/p5.b" || fail "P5 units"
refused "is of another count than $dir/c5.a line 1: the input's content" "$bt" merge "$dir/c5.a" "$dir/p5.b"
# The same content under another name (a copy on another node), and on stdin, is the same count.
cp "$dir/g.col" "$dir/copy.col"
"$bt" colouring -i "$dir/copy.col" -m 3 --count --split 2 --unit 0..1 >"$dir/p5.a" || fail "copy units"
"$bt" colouring -i - -m 3 --count --split 2 --unit 2 <"$dir/g.col" >"$dir/p5.c" || fail "stdin unit"
[ "$("$bt" merge "$dir/p5.a" "$dir/p5.b")" = "$("$bt" colouring -i "$dir/g.col" -m 3 --count)" ] ||
  fail "P5 by units from two paths: $("$bt" merge "$dir/p5.a" "$dir/p5.b" 2>&1)"
grep -q '"params":"colouring colours=3 strategy=dsatur split=2 units=v2 input=sha256:[0-9a-f]\{64\}"' "$dir/p5.c" ||
  fail "stdin unit params: $(cat "$dir/p5.c")"

# 3. Keys: lines and checkpoints sealed with an HMAC (before: a forged total, its FNV-1a check
#    recomputed, merged to count: 1724).
head -c 32 /dev/urandom | base64 >"$dir/key"
head -c 32 /dev/urandom | base64 >"$dir/key2"
"$bt" nqueens -n 10 --count --unit 0..9 --key-file "$dir/key" >"$dir/k.a" || fail "keyed units"
n=$("$bt" nqueens -n 10 --count --split auto | wc -l)
BTSOLVE_KEY_FILE="$dir/key" "$bt" nqueens -n 10 --count --unit "10..$((n - 1))" >"$dir/k.b" || fail "keyed units (env)"
grep -q '"mac":"[0-9a-f]\{64\}"' "$dir/k.a" || fail "no MAC: $(head -1 "$dir/k.a")"
[ "$("$bt" merge --key-file "$dir/key" "$dir/k.a" "$dir/k.b")" = "count: 724" ] || fail "keyed merge"
refused "carries a MAC: give the key" "$bt" merge "$dir/k.a" "$dir/k.b"
refused "its MAC does not match" "$bt" merge --key-file "$dir/key2" "$dir/k.a" "$dir/k.b"
# A forger without the key: the total changed and an unkeyed check computed anew.
python3 - "$dir/k.a" >"$dir/forged" <<'PY'
import hashlib, json, sys
lines = open(sys.argv[1]).read().splitlines()
j = json.loads(lines[0]); j["total"] += 1000; del j["mac"]
j["check"] = hashlib.sha256(json.dumps(j, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:32]
print(json.dumps(j, separators=(",", ":"))); print("\n".join(lines[1:]))
PY
refused "line 1 has no MAC, and merge was given a key" "$bt" merge --key-file "$dir/key" "$dir/forged" "$dir/k.b"
# Without a key the recomputed check passes: the check catches accidents, not forgery.
"$bt" nqueens -n 10 --count --unit 0..9 >"$dir/u.a"; "$bt" nqueens -n 10 --count --unit "10..$((n - 1))" >"$dir/u.b"
python3 - "$dir/u.a" >"$dir/forged2" <<'PY'
import hashlib, json, sys
lines = open(sys.argv[1]).read().splitlines()
j = json.loads(lines[0]); j["total"] += 1000; del j["check"]
j["check"] = hashlib.sha256(json.dumps(j, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:32]
print(json.dumps(j, separators=(",", ":"))); print("\n".join(lines[1:]))
PY
[ "$("$bt" merge "$dir/forged2" "$dir/u.b")" = "count: 1724" ] || fail "the unkeyed check is not SHA-256 over the sorted fields"
# ... which merge --verify catches by counting units again.
refused "merge --verify: unit [0-9]*: .* says total" \
  "$bt" merge --verify 1000 --seed 7 "$dir/forged2" "$dir/u.b" -- nqueens -n 10 --count
"$bt" merge --verify 3 --seed 1 "$dir/u.a" "$dir/u.b" -- nqueens -n 10 --count >"$dir/out" 2>"$dir/err" || fail "verify: $(cat "$dir/err")"
grep -q "^verified: 3 of $n units counted again" "$dir/err" || fail "verify: $(cat "$dir/err")"
refused "merge --verify: the command after -- is another count than the lines: n (11 command, 10 lines)" \
  "$bt" merge --verify 2 "$dir/u.a" "$dir/u.b" -- nqueens -n 11 --count
# A keyed checkpoint resumes with its key only.
"$bt" nqueens -n 9 --count --checkpoint "$dir/kcp" --key-file "$dir/key" >/dev/null || fail "keyed checkpoint"
grep -q '"sealed":"hmac-sha256"' "$dir/kcp" || fail "keyed checkpoint header: $(head -1 "$dir/kcp")"
refused "its lines carry MACs: give the key" "$bt" nqueens -n 9 --count --checkpoint "$dir/kcp"
refused "line 1's MAC does not match" "$bt" nqueens -n 9 --count --checkpoint "$dir/kcp" --key-file "$dir/key2"
[ "$("$bt" nqueens -n 9 --count --checkpoint "$dir/kcp" --key-file "$dir/key" 2>/dev/null)" = "count: 352" ] || fail "keyed resume"
printf 'short\n' >"$dir/short"
refused "the key has 5 bytes, not 16 to 4096" "$bt" nqueens -n 9 --count --unit 0 --key-file "$dir/short"
mkfifo "$dir/kfifo"
refused "not a regular file; a key is kept in one" timeout 10 "$bt" nqueens -n 9 --count --unit 0 --key-file "$dir/kfifo"

# 4. Old formats: refused with a message that says so.
refused "written by an older btsolve (checkpoint format 1" \
  "$bt" nqueens -n 8 --count --strategy symmetry --checkpoint data/bad/checkpoint_v1.txt
echo '{"unit":0,"units":8,"digest":"361a667e6692f8ae","params":"nqueens n=8 strategy=symmetry unique=no placed=- split=auto units=v1","placed":[[1,1],[2,3]],"total":0,"nodes":23,"seconds":0.1,"done":true,"check":"0123456789abcdef"}' >"$dir/old"
refused "line 1 is from an older btsolve (result line format 1" "$bt" merge "$dir/old"

# 5. Never write over a file that is not ours (before: the run's own input was truncated and
#    rewritten as a checkpoint, exit 0).
printf '1 2\n' >"$dir/e1.txt"
refused "checkpoint $dir/e1.txt: is this run's input" \
  "$bt" colouring -i "$dir/e1.txt" -m 3 --count --checkpoint "$dir/e1.txt"
[ "$(cat "$dir/e1.txt")" = "1 2" ] || fail "the input was changed"
printf 'some notes\n' >"$dir/notes.txt"
refused "checkpoint $dir/notes.txt: is not a checkpoint of btsolve" \
  "$bt" nqueens -n 8 --count --checkpoint "$dir/notes.txt"
[ "$(cat "$dir/notes.txt")" = "some notes" ] || fail "a file that is no checkpoint was changed"
printf 'no newline' >"$dir/nonl.txt"
refused "is not a checkpoint of btsolve" "$bt" nqueens -n 8 --count --checkpoint "$dir/nonl.txt"
[ "$(cat "$dir/nonl.txt")" = "no newline" ] || fail "a one-line file was changed"
# Special files: refused at once, never read (before: a FIFO blocked, /dev/zero grew memory).
mkfifo "$dir/fifo"
for special in "$dir/fifo" /dev/zero /dev/full /dev/null "$dir"; do
  refused "is .*, not a regular file; a checkpoint is one" timeout 10 "$bt" nqueens -n 8 --count --checkpoint "$special"
done
ls "$dir"/*.tmp.* >/dev/null 2>&1 && fail "a temporary checkpoint was left behind"

# 6. merge waiting on a FIFO with no writer ends at SIGINT and SIGTERM, exit 3.
for sig in INT TERM; do
  "$bt" merge "$dir/fifo" >"$dir/out" 2>"$dir/err" &
  pid=$!
  await_sigint_handler "$pid"
  sleep 0.3
  kill -"$sig" "$pid"
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  kill -0 "$pid" 2>/dev/null && { kill -KILL "$pid"; fail "merge on a FIFO ignored SIG$sig"; }
  wait "$pid"; rc=$?
  [ "$rc" -eq 3 ] || fail "merge on a FIFO, SIG$sig: exit $rc ($(cat "$dir/err"))"
  grep -qx "stopped: interrupted while reading $dir/fifo" "$dir/err" || fail "merge, SIG$sig: $(cat "$dir/err")"
done
# A wait on an input that sends nothing ends at the run's time limit (a regular file is read
# whatever the clock says: a short limit stops the count, not the reading).
start=$SECONDS
timeout 20 "$bt" colouring -i "$dir/fifo" -m 3 --time-limit 0.5 >"$dir/out" 2>"$dir/err"
rc=$?
[ "$rc" -eq 3 ] || fail "a FIFO input under --time-limit: exit $rc ($(cat "$dir/err"))"
grep -qx "stopped: time limit reached while reading $dir/fifo" "$dir/err" || fail "FIFO input: $(cat "$dir/err")"
[ $((SECONDS - start)) -lt 5 ] || fail "a FIFO input under --time-limit 0.5 took $((SECONDS - start)) s"

# 7. Writing to a FIFO nobody reads (--output, --dot): the wait ends at SIGTERM, exit 3; with a
#    reader, the output arrives whole.
for args in "--output $dir/fifo nqueens -n 6 --count" "colouring --mycielski 3 -m 4 --dot $dir/fifo"; do
  read -r -a words <<<"$args"
  "$bt" "${words[@]}" >"$dir/out" 2>"$dir/err" &
  pid=$!
  await_sigint_handler "$pid"
  sleep 0.3
  kill -TERM "$pid"
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  kill -0 "$pid" 2>/dev/null && { kill -KILL "$pid"; fail "$args: a FIFO without a reader ignored SIGTERM"; }
  wait "$pid"; rc=$?
  [ "$rc" -eq 3 ] || fail "$args: exit $rc ($(cat "$dir/err"))"
  grep -q "^stopped: interrupted while waiting for a reader of $dir/fifo" "$dir/err" || fail "$args: $(cat "$dir/err")"
done
cat "$dir/fifo" >"$dir/read" &
reader=$!
"$bt" --output "$dir/fifo" nqueens -n 6 --count || fail "--output to a FIFO with a reader: exit $?"
wait "$reader"
[ "$(cat "$dir/read")" = "count: 4" ] || fail "the FIFO's reader got: $(cat "$dir/read")"
echo "ok: records bound to n, strategy, problem and input content; keys; --verify; old formats; no file written over; special files refused; merge's wait interruptible"
