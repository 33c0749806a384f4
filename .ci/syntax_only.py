#!/usr/bin/env python3
"""Compile every file of a compile database with -fsyntax-only, in parallel (.ci/clang).

usage: syntax_only.py COMPILE_COMMANDS.json [FILE...]   (CLANG_JOBS: parallel jobs)
Prints each failing file's diagnostics and a summary line; exits 1 when a file fails.
"""
import json
import os
import shlex
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor


def syntax_command(entry):
    """The entry's compiler command without its output and with -fsyntax-only."""
    args = entry.get("arguments") or shlex.split(entry["command"])
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        if a == "-c" or a.startswith("-o"):
            continue
        out.append(a)
    return out + ["-fsyntax-only"]


def check(entry):
    start = time.monotonic()
    p = subprocess.run(syntax_command(entry), cwd=entry["directory"], capture_output=True,
                       text=True)
    return entry["file"], p.returncode, p.stdout + p.stderr, time.monotonic() - start


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        db = json.load(f)
    wanted = {os.path.abspath(f) for f in sys.argv[2:]}
    seen, entries = set(), []
    for e in db:
        path = os.path.normpath(os.path.join(e["directory"], e["file"]))
        key = (path, tuple(syntax_command(e)))  # a file built twice with other flags: both
        if (wanted and path not in wanted) or key in seen:
            continue
        seen.add(key)
        entries.append(e)
    if not entries:
        sys.exit(f"syntax_only.py: no files to check in {sys.argv[1]}")
    jobs = int(os.environ.get("CLANG_JOBS", os.cpu_count() or 2))
    root = os.getcwd() + os.sep
    failed = []
    with ThreadPoolExecutor(jobs) as pool:
        for file, rc, text, secs in pool.map(check, entries):
            name = file[len(root):] if file.startswith(root) else file
            if rc != 0:
                failed.append(name)
                print(f"{name}: errors ({secs:.0f} s)\n{text}", flush=True)
            elif text.strip():
                print(f"{name}: warnings ({secs:.0f} s)\n{text}", flush=True)
    if failed:
        print(f"syntax_only: errors in {len(failed)} of {len(entries)} files:")
        for name in failed:
            print(f"  {name}")
        sys.exit(1)
    print(f"syntax_only: {len(entries)} files compile without a diagnostic")


if __name__ == "__main__":
    main()
