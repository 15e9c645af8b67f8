#!/usr/bin/env python3
"""Where the time goes in one measured JVM: CPU samples of a flight recording that bench/run.sh --jfr=true kept.

    bench/jfr-top.py target/bench/logs/<time>/bench_3_pipeline.jfr [top=25]

Prints the methods with the most samples on top of the stack (self), and the share of samples whose stack holds
each of a few markers (inclusive): decoding, mapping, the warehouse write, HTTP, GC is not sampled here (see the
GC ms column of the benchmark instead).
"""
import collections
import subprocess
import sys

recording = sys.argv[1]
top = int(sys.argv[2]) if len(sys.argv) > 2 else 25
text = subprocess.run(["jfr", "print", "--events", "jdk.ExecutionSample", "--stack-depth", "96", recording],
                      capture_output=True, text=True, check=True).stdout
MARKERS = {
    "decode a page (ResponseDecoder)": "ResponseDecoder.decodePage",
    "HTTP receive (HttpClient)": "jdk.internal.net.http",
    "map records to rows (RecordMapper)": "RecordMapper.toRow",
    "raw JSON text (SourceRecord.rawJson)": "SourceRecord.rawJson",
    "timestamp parsing exceptions": "DateTimeParseException.<init>",
    "warehouse write (Warehouse.upsert)": "Warehouse.upsert",
    "COPY stream (CopyUpsert.copy)": "CopyUpsert.copy",
    "JDBC batch (PreparedBatch/PgPreparedStatement)": "PgPreparedStatement",
    "Spring Batch job repository": "JdbcStepExecutionDao",
    "sandbox (not in the measured JVM)": "io.ledgersync.sandbox",
    "a record's fields read (RecordMapper.read; since issue 28 inside the page's decoding)": "RecordMapper.read",
    "timestamps (RecordMapper.timestamp)": "RecordMapper.timestamp",
    "child rows (ChildRows)": "ChildRows",
    "H2 engine (org.h2)": "org.h2.",
}
self_counts = collections.Counter()
inclusive = collections.Counter()
samples = 0
for event in text.split("jdk.ExecutionSample")[1:]:
    frames = [line.strip() for line in event.splitlines() if " line: " in line]
    if not frames:
        continue
    samples += 1
    self_counts[frames[0].split("(")[0] if "(" in frames[0] else frames[0]] += 1
    stack = "\n".join(frames)
    for label, marker in MARKERS.items():
        if marker in stack:
            inclusive[label] += 1
print(f"{samples} CPU samples in {recording}\n")
print("| inclusive: stack contains | share of samples |\n|---|---:|")
for label, count in inclusive.most_common():
    print(f"| {label} | {100.0 * count / samples:.1f}% |")
print("\n| self: method on top of the stack | share |\n|---|---:|")
for method, count in self_counts.most_common(top):
    print(f"| `{method}` | {100.0 * count / samples:.1f}% |")
