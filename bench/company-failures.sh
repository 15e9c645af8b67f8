#!/usr/bin/env bash
# Issue 23: one broken company data set never holds back the others. The real sync command, in this JVM, on a fresh
# warehouse: (a) against a healthy sandbox, (b) with one company's bills answering 500 to every request, rounds
# interleaved, default retry and circuit-breaker settings (config/application.yml). Prints each round, the medians,
# (b) - (a) against one retry budget, and per data set where the difference went; (b) must end FAILED, exit code 7,
# with that one company data set failed. The commands' logs go to target/bench/company-failures/.
# See src/bench/java/io/ledgersync/bench/CompanyFailuresBenchmark.java.
#
#   bench/company-failures.sh [--rounds=3] [--companies=50] [--invoices=100] [--latency-ms=100] [--broken=bills]
#                             [--databases=h2,postgres] [--set=key=value ...]
exec "$(dirname "$0")/java-main.sh" 1g io.ledgersync.bench.CompanyFailuresBenchmark "$@"
