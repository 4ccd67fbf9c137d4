#!/usr/bin/env python3
"""The instruction-count guard: counts what an app pays with callgrind and fails when a figure
passes its limit in .ci/instruction-limits.txt.

Instructions, unlike times, do not move with a busy machine: a lock added on the read path or a
second parse in a save shows as the same rise on every run. Each scenario of defaults-counts
(Tests/Benchmarks, keys declared outside the library's package) runs N and 2N times; the
difference divided by N is one time's count, free of what the runs share (starting the process,
preparing the files). Each count is the smaller of two runs, since work that depends on timing
(a background save, a reload) can only add, and a figure over its limit is counted twice more
before it fails. `defaults-tui get` is counted as a whole process.

  python3 .ci/instruction-counts.py --counts Tests/Benchmarks/.build/release/defaults-counts \\
      --cli .build-static/release/defaults-tui            # check every figure against its limit
  python3 .ci/instruction-counts.py ... --only read-int-file  # one figure
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

LIMITS = ".ci/instruction-limits.txt"

# How many times each scenario runs (N; the second run is 2N): enough that one time's count
# stands well above what differs between two runs of the same program.
TIMES = {
    "atomic-load": 1_000_000,
    "read-int-memory": 1_000_000,
    "read-int-file": 1_000_000,
    "read-codable-memory": 1_000_000,
    "read-codable-file": 1_000_000,
    "save-own": 10,
    "save-sorted": 10,
    "save-commented": 10,
    "cold-load": 4,
    "cold-load-toml": 4,
    "save-toml": 10,
    "cold-load-yaml": 4,
    "save-yaml": 10,
    "editor-down": 20,
    "editor-toggle": 20,
    "editor-list-down": 20,
    "editor-list-toggle": 20,
}


def collected(command, environment):
    """The instructions callgrind collected for `command` (every thread, from start to exit)."""
    # Each run in a directory of its own, which defaults-counts leaves for this script to remove:
    # removed by the program while its stores still watch it, it would make them reload or not,
    # depending on when the process ends.
    scratch = tempfile.mkdtemp(dir=environment["TMPDIR"])
    try:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
            env=dict(environment, TMPDIR=scratch, DEFAULTS_COUNTS_LEAVE_FILES="1"),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if result.returncode != 0:
        sys.exit(f"instruction counts: {' '.join(command)} failed (status {result.returncode}):\n{result.stdout}{result.stderr}")
    match = re.search(r"Collected : (\d+)", result.stderr)
    if not match:
        sys.exit(f"instruction counts: callgrind printed no count for {' '.join(command)}:\n{result.stderr}")
    return int(match.group(1))


def least_of_two(command, environment):
    return min(collected(command, environment), collected(command, environment))


def read_limits(path):
    """name -> (measured, limit, what), in the file's order."""
    limits = {}
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = line.split(None, 3)
            if len(fields) < 3 or not fields[1].replace("_", "").isdigit() or not fields[2].replace("_", "").isdigit():
                sys.exit(f"{path}:{number}: expected 'figure measured limit [what]', found {line!r}")
            limits[fields[0]] = (int(fields[1].replace("_", "")), int(fields[2].replace("_", "")), fields[3] if len(fields) > 3 else "")
    return limits


def without_debug_information(program, directory):
    """A copy of `program` without its DWARF, which this valgrind cannot always read (it gives up
    on some DWARF 5 of large static binaries); the instructions run are the same."""
    copy = os.path.join(directory, os.path.basename(program) + "-counted")
    result = subprocess.run(["objcopy", "--strip-debug", program, copy], stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"instruction counts: objcopy could not copy {program}: {result.stderr}")
    return copy


def count_scenario(counts, name, environment):
    times = TIMES[name]
    once = least_of_two([counts, name, str(times)], environment)
    twice = least_of_two([counts, name, str(2 * times)], environment)
    return max(0, twice - once) / times


def count_cli_get(cli, environment, directory):
    """A whole `defaults-tui get fontSize` on a demo settings file that holds a value."""
    config = os.path.join(directory, "config")
    os.makedirs(os.path.join(config, "defaults-tui"), exist_ok=True)
    with open(os.path.join(config, "defaults-tui", "settings.json"), "w", encoding="utf-8") as file:
        file.write('{\n  "fontSize": 21\n}\n')
    environment = dict(environment, XDG_CONFIG_HOME=config, XDG_STATE_HOME=os.path.join(directory, "state"),
                       XDG_DATA_HOME=os.path.join(directory, "data"))
    return least_of_two([cli, "get", "fontSize"], environment)


def main():
    parser = argparse.ArgumentParser(description="Counts instructions with callgrind and checks them against their limits.")
    parser.add_argument("--counts", required=True, help="the defaults-counts program (Tests/Benchmarks, release build)")
    parser.add_argument("--cli", help="the defaults-tui program whose `get` is counted (as Assets/install.sh builds it)")
    parser.add_argument("--limits", default=LIMITS)
    parser.add_argument("--only", action="append", help="count only this figure (may be repeated)")
    arguments = parser.parse_args()

    if shutil.which("valgrind") is None:
        sys.exit("instruction counts: valgrind is not installed (apt-get install valgrind)")
    limits = read_limits(arguments.limits)
    names = arguments.only or list(limits)
    unknown = [name for name in names if name not in limits]
    if unknown:
        sys.exit(f"instruction counts: no limit for {', '.join(unknown)} in {arguments.limits}")

    with tempfile.TemporaryDirectory(prefix="defaults-counts-") as directory:
        # Nothing of the run's depends on the home of whoever runs it, and hashing is the same each run.
        environment = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": directory, "TMPDIR": directory,
            "LANG": "C.UTF-8", "SWIFT_DETERMINISTIC_HASHING": "1",
        }
        counts = without_debug_information(arguments.counts, directory)
        cli = without_debug_information(arguments.cli, directory) if arguments.cli else None
        over = []
        print(f"{'figure':<22} {'instructions':>14} {'limit':>14} {'measured when set':>18}")
        for name in names:
            measured, limit, what = limits[name]
            if name == "cli-get":
                if not cli:
                    sys.exit("instruction counts: cli-get needs --cli")
                count = count_cli_get(cli, environment, directory)
            elif name in TIMES:
                count = count_scenario(counts, name, environment)
            else:
                sys.exit(f"instruction counts: {arguments.limits} names {name}, which is no scenario of this guard")
            # A rise that the code causes is there every time; work that depends on timing (a
            # reload of the file that a busy machine lets happen in both runs of a pair) is not:
            # a figure over its limit is counted again, twice, and fails only if it stays over.
            for _ in range(2):
                if count <= limit:
                    break
                again = count_cli_get(cli, environment, directory) if name == "cli-get" else count_scenario(counts, name, environment)
                count = min(count, again)
            print(f"{name:<22} {count:>14,.0f} {limit:>14,} {measured:>18,}", flush=True)
            if count > limit:
                over.append((name, count, limit, measured, what))
        for name, count, limit, measured, what in over:
            print(f"instruction counts: {name} ({what}) took {count:,.0f} instructions, over its limit of {limit:,} "
                  f"(it measured {measured:,} when the limit was set). If the rise is intended, change its line in "
                  f"{arguments.limits} and say why in the commit.", file=sys.stderr)
        if over:
            sys.exit(1)


if __name__ == "__main__":
    main()
