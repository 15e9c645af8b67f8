#!/usr/bin/env python3
"""Where a recorded JVM's threads waited (wall clock), next to bench/jfr-top.py's CPU samples.

    bench/jfr-waits.py target/bench/many-companies/sync.jfr [top=12]

Sums the jdk.SocketRead events by remote port and thread pool (a read from 5432 is a thread waiting for PostgreSQL's
answer: a query, or a commit waiting for the log's flush; from the Data API's port, for HTTP) and the jdk.ThreadPark
events by thread pool and the first frame of ledgersync, Spring or Hikari. The recording's thresholds apply (settings=profile:
10 ms for socket reads and parks): shorter waits are not counted, so the sums are lower bounds.
"""
import collections
import re
import subprocess
import sys

recording = sys.argv[1]
top = int(sys.argv[2]) if len(sys.argv) > 2 else 12


def events(name, depth):
    text = subprocess.run(["jfr", "print", "--events", name, "--stack-depth", str(depth), recording],
                          capture_output=True, text=True, check=True).stdout
    for event in text.split(name)[1:]:
        duration = re.search(r"duration = ([\d.]+) (ms|s)", event)
        thread = re.search(r'eventThread = "([^"]+)"', event)
        if duration:
            millis = float(duration.group(1)) * (1000 if duration.group(2) == "s" else 1)
            yield event, millis, re.sub(r"\d+", "N", thread.group(1)) if thread else "?"


def table(title, sums):
    print(f"\n| {title} | events | ms |\n|---|---:|---:|")
    for key, (count, millis) in sorted(sums.items(), key=lambda item: -item[1][1])[:top]:
        print(f"| {' / '.join(key)} | {count} | {millis:.0f} |")


reads = collections.defaultdict(lambda: [0, 0.0])
for event, millis, thread in events("jdk.SocketRead", 4):
    port = re.search(r"port = (\d+)", event)
    reads[(port.group(1) if port else "?", thread)][0] += 1
    reads[(port.group(1) if port else "?", thread)][1] += millis
table("socket reads: remote port / thread", reads)

parks = collections.defaultdict(lambda: [0, 0.0])
for event, millis, thread in events("jdk.ThreadPark", 24):
    frames = [line.strip().split("(")[0] for line in event.splitlines() if " line: " in line]
    where = next((f for f in frames if "io.ledgersync" in f or "springframework" in f or "Hikari" in f),
                 frames[0] if frames else "?")
    parks[(thread, where)][0] += 1
    parks[(thread, where)][1] += millis
table("parked: thread / where", parks)
