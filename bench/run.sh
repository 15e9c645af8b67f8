#!/usr/bin/env bash
# The pipeline benchmark of issue 7: source only, sink only and the whole sync of workload W1 (10 companies x 20,000
# invoices) into PostgreSQL and H2, then the targets' scenarios (a million invoices in -Xmx256m, a rate-limited source,
# a slow source). Prints markdown tables, medians and the ratios; results go in bench/BENCHMARKS.md.
#
#   bench/run.sh [--workload=W1|smoke|<companies>x<invoices>] [--rounds=3] [--databases=postgres,h2]
#                [--scenarios=throughput,memory,rate-limit,latency] [--postgres=embedded|jdbc:postgresql://host:5432/]
#                [--modes=source,sink,pipeline] [--page-size=1000] [--concurrency=4] [--rate=5] [--burst=<rate>] [--latency-ms=100]
#                [--latency-page-size=1000,100] [--latency-concurrency=4,5,10] [--xmx=3g] [--sink-xmx=<xmx>] [--memory-xmx=256m] [--memory-workload=W1M|<companies>x<invoices>]
#                [--jfr=true] [--set=ledgersync.some.property=value ...]
#
# PostgreSQL is the embedded server of the tests (zonky, from Maven Central) unless --postgres names a running one
# (user postgres, trust auth; the benchmark creates and drops databases named bench_*). Each measured JVM's output
# (and with --jfr=true its flight recording) is kept under target/bench/logs/<time>/.
exec "$(dirname "$0")/java-main.sh" 512m io.ledgersync.bench.PipelineBenchmark "$@"
