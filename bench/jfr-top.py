#!/usr/bin/env python3
"""Where the time goes in one measured JVM: CPU samples of a flight recording that bench/run.sh --jfr=true kept.

    bench/jfr-top.py target/bench/logs/<time>/bench_3_pipeline.jfr [top=25] [thread-prefix]

Prints the methods with the most samples on top of the stack (self), the share of samples whose stack holds
each of a few markers (inclusive): decoding, mapping, the warehouse write, HTTP, a partition's parts (bench/
many-companies.sh), and the library each sample's first frame outside the JDK belongs to (ours, Spring Batch, Jdbi,
the JDBC driver...). A thread prefix (e.g. "sync-", the partition threads) counts only the threads so named. GC and
the JIT compiler are not sampled here (see the GC ms column of the benchmark, or the command's CPU seconds).
"""
import collections
import subprocess
import sys

recording = sys.argv[1]
top = int(sys.argv[2]) if len(sys.argv) > 2 else 25
thread_prefix = sys.argv[3] if len(sys.argv) > 3 else ""
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
    "a partition's end: sync_state, watermark, reconciliation (PartitionOutcomeListener)": "PartitionOutcomeListener.afterStep",
    "a partition's writer opens (DataSetItemWriter.open)": "DataSetItemWriter.open",
    "a page fetched (DataApiClient.fetchPage)": "DataApiClient.fetchPage",
    "Batch's job repository, any call (SimpleJobRepository)": "SimpleJobRepository",
    "Batch creates a data set's partitions (SimpleStepExecutionSplitter)": "SimpleStepExecutionSplitter.split",
    "an execution context serialized (DefaultExecutionContextSerializer)": "DefaultExecutionContextSerializer",
    "a bean created (Spring's bean factory)": "AbstractAutowireCapableBeanFactory.createBean",
    "warehouse write (Warehouse.write)": "Warehouse.write",
    "current rows straight in (CopyUpsert.insertNew)": "CopyUpsert.insertNew",
    "history: versions (VersionWriter.write)": "VersionWriter.write",
    "history: the record hash (RawHash.of)": "RawHash.of",
    "history: the versions' child rows (VersionWriter.insertChildren)": "VersionWriter.insertChildren",
}
# the library of a sample's first frame outside the JDK: who asked for the CPU
LIBRARIES = [("io.ledgersync.", "ledgersync"), ("org.springframework.batch.", "Spring Batch"), ("org.jdbi.", "Jdbi"),
             ("org.postgresql.", "PostgreSQL JDBC"), ("com.zaxxer.hikari.", "HikariCP"),
             ("org.springframework.boot.loader.", "Spring Boot loader (class loading)"),
             ("org.springframework.", "Spring (other)"), ("tools.jackson.", "Jackson"), ("com.fasterxml.", "Jackson"),
             ("io.micrometer.", "Micrometer"), ("io.github.resilience4j.", "Resilience4j"), ("ch.qos.logback.", "Logback"),
             ("org.slf4j.", "Logback"), ("org.h2.", "H2")]
JDK = ("java.", "javax.", "jdk.", "sun.", "com.sun.")
self_counts = collections.Counter()
inclusive = collections.Counter()
libraries = collections.Counter()
samples = 0
for event in text.split("jdk.ExecutionSample")[1:]:
    if thread_prefix and f'sampledThread = "{thread_prefix}' not in event:
        continue
    frames = [line.strip() for line in event.splitlines() if " line: " in line]
    if not frames:
        continue
    samples += 1
    first = next((frame for frame in frames if not frame.startswith(JDK)), "")
    libraries[next((name for prefix, name in LIBRARIES if first.startswith(prefix)),
                   "the JDK alone" if not first else "other: " + ".".join(first.split(".")[:2]))] += 1
    self_counts[frames[0].split("(")[0] if "(" in frames[0] else frames[0]] += 1
    stack = "\n".join(frames)
    for label, marker in MARKERS.items():
        if marker in stack:
            inclusive[label] += 1
print(f"{samples} CPU samples in {recording}" + (f", threads {thread_prefix}*" if thread_prefix else "") + "\n")
print("| inclusive: stack contains | share of samples |\n|---|---:|")
for label, count in inclusive.most_common():
    print(f"| {label} | {100.0 * count / samples:.1f}% |")
print("\n| self: method on top of the stack | share |\n|---|---:|")
for method, count in self_counts.most_common(top):
    print(f"| `{method}` | {100.0 * count / samples:.1f}% |")
print("\n| library of the first frame outside the JDK | share |\n|---|---:|")
for library, count in libraries.most_common(15):
    print(f"| {library} | {100.0 * count / samples:.1f}% |")
