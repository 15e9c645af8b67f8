package io.ledgersync.sync;

import java.time.Duration;
import java.util.Objects;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How sync runs are shaped ({@code ledgersync.sync.*}); every default is in {@code config/application.yml}.
 *
 * @param datasets where the data set files are (a Spring resource pattern)
 * @param concurrency how many companies are synced at the same time
 * @param dataSetsInParallel whether the company data sets run side by side once {@code companies} is read, sharing the
 *     {@code concurrency} bound, rather than one after the other
 * @param deferral when a company data set that answered 409 is tried again
 * @param shutdownGrace how long a stopping process (SIGTERM, Ctrl-C) waits for its runs to stop at a page boundary
 * @param progressInterval how often a running sync logs its progress
 * @param prefetch whether a partition fetches its next page while the current one is written (bench/BENCHMARKS.md)
 * @param pageMargin pages a walk reads beyond those its first page announced before it fails as endless
 * @param maxRejectedPerPartition records a partition may set aside as unstorable before it fails instead
 * @param incremental how incremental walks read
 * @param deletes how complete full walks mark the records the source no longer has
 */
@ConfigurationProperties("ledgersync.sync")
public record SyncProperties(
        String datasets,
        int concurrency,
        boolean dataSetsInParallel,
        Deferral deferral,
        Duration shutdownGrace,
        Duration progressInterval,
        boolean prefetch,
        int pageMargin,
        int maxRejectedPerPartition,
        Incremental incremental,
        Deletes deletes) {

    public SyncProperties {
        Objects.requireNonNull(datasets, "ledgersync.sync.datasets is not set");
        Objects.requireNonNull(deferral, "ledgersync.sync.deferral is not set");
        Objects.requireNonNull(shutdownGrace, "ledgersync.sync.shutdown-grace is not set");
        Objects.requireNonNull(progressInterval, "ledgersync.sync.progress-interval is not set");
        Objects.requireNonNull(incremental, "ledgersync.sync.incremental is not set");
        Objects.requireNonNull(deletes, "ledgersync.sync.deletes is not set");
        if (concurrency < 1 || concurrency > 64) {
            throw new IllegalArgumentException("ledgersync.sync.concurrency is " + concurrency + ": use 1 to 64");
        }
        if (pageMargin < 0) {
            throw new IllegalArgumentException("ledgersync.sync.page-margin is " + pageMargin + ": use 0 or more");
        }
        if (maxRejectedPerPartition < 0) {
            throw new IllegalArgumentException("ledgersync.sync.max-rejected-per-partition is " + maxRejectedPerPartition
                    + ": use 0 or more");
        }
        if (shutdownGrace.isNegative()) {
            throw new IllegalArgumentException("ledgersync.sync.shutdown-grace is " + shutdownGrace + ": use 0s or more");
        }
    }

    /**
     * @param initialDelay the wait after the first deferral; it doubles with each further one
     * @param maxDelay the longest wait between two attempts
     */
    public record Deferral(Duration initialDelay, Duration maxDelay) {

        public Deferral {
            Objects.requireNonNull(initialDelay, "ledgersync.sync.deferral.initial-delay is not set");
            Objects.requireNonNull(maxDelay, "ledgersync.sync.deferral.max-delay is not set");
        }
    }

    /**
     * @param lookback how far before the watermark an incremental walk reads: catches changes the platform committed
     *     late with an earlier {@code modifiedDate}, and (with the watermark never later than the walk's start)
     *     changes made to pages already read while a walk went on
     */
    public record Incremental(Duration lookback) {

        public Incremental {
            Objects.requireNonNull(lookback, "ledgersync.sync.incremental.lookback is not set");
            if (lookback.isNegative()) {
                throw new IllegalArgumentException("ledgersync.sync.incremental.lookback is " + lookback + ": use 0s or more");
            }
        }
    }

    /**
     * @param maxFraction the most of a company data set's live rows one walk may mark deleted; more is refused
     *     (reported, nothing marked): a source that answers with a fraction of its records is more likely broken
     */
    public record Deletes(double maxFraction) {

        public Deletes {
            if (!(maxFraction >= 0 && maxFraction <= 1)) {
                throw new IllegalArgumentException("ledgersync.sync.deletes.max-fraction is " + maxFraction + ": use 0 to 1");
            }
        }
    }

    public DeferralPolicy deferralPolicy() {
        return new DeferralPolicy(deferral.initialDelay(), deferral.maxDelay());
    }
}
