#!/usr/bin/env bash
# Issue 14: the ceiling of the cluster's one rate budget (a row of rate_budget in PostgreSQL) against this process's
# own limiter: reservations per second granted to 1, 4 and 16 threads, each on a connection of its own, reserving as
# fast as they can. Prints a markdown table of medians. See src/bench/java/io/ledgersync/cluster/RateBudgetBenchmark.java.
#
#   bench/rate-budget.sh [--threads=1,4,16] [--seconds=5] [--rounds=3]
exec "$(dirname "$0")/java-main.sh" 512m io.ledgersync.cluster.RateBudgetBenchmark "$@"
