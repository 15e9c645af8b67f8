package io.ledgersync.sync;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How sync runs are shaped ({@code ledgersync.sync.*}).
 *
 * @param datasets where the data set files are (a Spring resource pattern)
 * @param concurrency how many companies are synced at the same time
 * @param deferral when a company data set that answered 409 is tried again
 * @param lockLease how long a run's database lock outlives a process that died holding it
 * @param progressInterval how often a running sync logs its progress
 * @param prefetch whether a partition fetches its next page while the current one is written (bench/BENCHMARKS.md)
 */
@ConfigurationProperties("ledgersync.sync")
public record SyncProperties(
        @DefaultValue("classpath*:jobs/*.yml") String datasets,
        @DefaultValue("4") int concurrency,
        @DefaultValue Deferral deferral,
        @DefaultValue("60s") Duration lockLease,
        @DefaultValue("30s") Duration progressInterval,
        @DefaultValue("false") boolean prefetch) {

    public SyncProperties {
        if (concurrency < 1 || concurrency > 64) {
            throw new IllegalArgumentException("ledgersync.sync.concurrency is " + concurrency + ": use 1 to 64");
        }
        if (lockLease.toMillis() < 300) {
            throw new IllegalArgumentException("ledgersync.sync.lock-lease is " + lockLease + ": use at least 300ms");
        }
    }

    /**
     * @param initialDelay the wait after the first deferral; it doubles with each further one
     * @param maxDelay the longest wait between two attempts
     */
    public record Deferral(@DefaultValue("10m") Duration initialDelay, @DefaultValue("6h") Duration maxDelay) {
    }

    DeferralPolicy deferralPolicy() {
        return new DeferralPolicy(deferral.initialDelay(), deferral.maxDelay());
    }
}
