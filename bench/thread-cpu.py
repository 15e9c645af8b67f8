#!/usr/bin/env python3
"""Where a command's CPU goes, by thread: runs it, polls /proc/<pid>/task/*/stat every second, prints a table.

    bench/thread-cpu.py OUT -- java ... -jar target/ledgersync.jar sync ...

Runs the command (its standard streams, exit code and signals are the caller's), reads every thread's utime + stime
and name (comm: "C2 CompilerThre", "GC Thread#0", "G1 Conc#0", "sync-12", "main", ...) once a second, and keeps each
thread's last reading; a thread that ended between two polls is not seen by name, so the process's own total
(/proc/<pid>/stat, which counts ended threads too) less the threads seen is printed as "ended between polls". At the
command's end it writes to OUT a table grouped by the thread name with the digits after a - or # replaced by N
("sync-N", "GC Thread#N"): CPU seconds, share, threads. JFR and GC logs sample Java code; this counts every thread of the JVM, the
JIT compilers and the GC included. The poller's own CPU (a few ms a second) is printed too; /usr/bin/time around it
counts it. bench/many-companies.sh uses it with THREADS=1.
"""
import os
import re
import resource
import signal
import subprocess
import sys
import time

out, command = sys.argv[1], sys.argv[sys.argv.index("--") + 1:]
ticks = os.sysconf("SC_CLK_TCK")


def cpu_of(stat_path):
    """(name, CPU seconds) from a /proc stat file; the name is between the first '(' and the last ')'."""
    with open(stat_path) as f:
        text = f.read()
    name = text[text.index("(") + 1:text.rindex(")")]
    fields = text[text.rindex(")") + 2:].split()
    return name, (int(fields[11]) + int(fields[12])) / ticks  # utime, stime (fields 14, 15 of proc(5))


child = subprocess.Popen(command)
for sig in (signal.SIGINT, signal.SIGTERM):
    signal.signal(sig, lambda s, _: child.send_signal(s))
threads, total = {}, 0.0  # tid -> (name, CPU seconds at its last reading)
while child.poll() is None:
    try:
        _, total = cpu_of(f"/proc/{child.pid}/stat")
        for tid in os.listdir(f"/proc/{child.pid}/task"):
            try:
                threads[tid] = cpu_of(f"/proc/{child.pid}/task/{tid}/stat")
            except (FileNotFoundError, ProcessLookupError):
                pass  # the thread ended while we listed
    except (FileNotFoundError, ProcessLookupError):
        break  # the process ended (a zombie still answers; its tasks do not)
    time.sleep(1)
child.wait()
children = resource.getrusage(resource.RUSAGE_CHILDREN)
total = max(total, children.ru_utime + children.ru_stime)  # the exact figure, ended threads and the last second in
groups = {}
for name, seconds in threads.values():
    group = re.sub(r"(?<=[-#])\d+", "N", name)  # "sync-12" -> "sync-N"; "C2 CompilerThre" stays
    cpu, count = groups.get(group, (0.0, 0))
    groups[group] = (cpu + seconds, count + 1)
groups["(ended between polls, or after the last)"] = (max(0.0, total - sum(s for _, s in threads.values())), 0)
me = resource.getrusage(resource.RUSAGE_SELF)
with open(out, "w") as f:
    f.write(f"# {' '.join(command[:1] + ['...'] + command[-2:])}: {total:.1f} s of CPU, exit {child.returncode}; "
            f"the poller {me.ru_utime + me.ru_stime:.2f} s\n")
    f.write("| thread (digits as N) | CPU s | share | threads |\n|---|---:|---:|---:|\n")
    for group, (cpu, count) in sorted(groups.items(), key=lambda g: -g[1][0]):
        if cpu >= 0.05:
            f.write(f"| {group} | {cpu:.1f} | {100 * cpu / total if total else 0:.1f} % | {count} |\n")
sys.exit(child.returncode if child.returncode >= 0 else 128 - child.returncode)
