package io.ledgersync.trigger.schedule;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How long the history tables of records ({@code history: true} in a data set file) keep a version once it was
 * closed: {@code ledgersync.history.keep}. Beside, but not part of, the runs' history ({@link HistoryProperties}).
 *
 * @param keep versions closed longer ago are purged at {@code ledgersync.history.purge}'s time; empty (the default):
 *     every version is kept for ever; at least a day
 */
@ConfigurationProperties("ledgersync.history")
record VersionKeepProperties(Duration keep) {

    VersionKeepProperties {
        // a number without a unit binds as milliseconds: "365" would purge almost every closed version
        if (keep != null && keep.compareTo(Duration.ofDays(1)) < 0) {
            throw new IllegalArgumentException("ledgersync.history.keep must be at least 1d (e.g. 730d), or empty to keep"
                    + " every version, was " + keep);
        }
    }
}
