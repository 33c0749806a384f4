#!/usr/bin/env python3
"""Compile every file of a compile database with -fsyntax-only, in parallel (.ci/clang).

usage: syntax_only.py COMPILE_COMMANDS.json [FILE...]   (CLANG_JOBS: parallel jobs)
Prints each failing file's diagnostics and a summary line; exits 1 when a file fails.
CLANG_COVERED: build folders (space-separated) of Clang builds with the project's warnings as
errors (CI's tsan and fuzz builds): a file they compiled on its own, into an object newer than
the file, passed Clang's warnings there and is not compiled again.
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


def cache_value(build, name):
    """A variable's value in build/CMakeCache.txt, or ''."""
    try:
        with open(os.path.join(build, "CMakeCache.txt")) as f:
            for line in f:
                if line.startswith(name + ":"):
                    return line.split("=", 1)[1].strip()
    except OSError:
        pass
    return ""


def covered_files(builds):
    """The sources the Clang builds in `builds` compiled on their own, warnings as errors."""
    done = set()
    for build in builds:
        if ("clang" not in os.path.basename(cache_value(build, "CMAKE_CXX_COMPILER"))
                or cache_value(build, "BT_WARNINGS_AS_ERRORS") != "ON"):
            print(f"syntax_only: {build} is not a Clang build with warnings as errors: ignored")
            continue
        try:
            with open(os.path.join(build, "compile_commands.json")) as f:
                db = json.load(f)
        except OSError:
            continue
        for e in db:
            args = e.get("arguments") or shlex.split(e["command"])
            if "-o" not in args:
                continue
            obj = os.path.join(e["directory"], args[args.index("-o") + 1])
            src = os.path.normpath(os.path.join(e["directory"], e["file"]))
            if os.path.exists(obj) and os.path.getmtime(obj) >= os.path.getmtime(src):
                done.add(src)
    return done


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        db = json.load(f)
    wanted = {os.path.abspath(f) for f in sys.argv[2:]}
    covered = covered_files(os.environ.get("CLANG_COVERED", "").split())
    seen, entries, skipped = set(), [], 0
    for e in db:
        path = os.path.normpath(os.path.join(e["directory"], e["file"]))
        key = (path, tuple(syntax_command(e)))  # a file built twice with other flags: both
        if (wanted and path not in wanted) or key in seen:
            continue
        seen.add(key)
        if path in covered:
            skipped += 1
            continue
        entries.append(e)
    if skipped:
        print(f"syntax_only: {skipped} files compiled by {os.environ['CLANG_COVERED']} skipped")
    if not entries:
        if skipped:
            return
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
