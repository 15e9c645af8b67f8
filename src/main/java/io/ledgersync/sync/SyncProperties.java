package io.ledgersync.sync;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How sync runs are shaped ({@code ledgersync.sync.*}).
 *
 * @param datasets where the data set files are (a Spring resource pattern)
 * @param concurrency how many companies are synced at the same time
 */
@ConfigurationProperties("ledgersync.sync")
public record SyncProperties(
        @DefaultValue("classpath*:jobs/*.yml") String datasets,
        @DefaultValue("4") int concurrency) {

    public SyncProperties {
        if (concurrency < 1 || concurrency > 64) {
            throw new IllegalArgumentException("ledgersync.sync.concurrency is " + concurrency + ": use 1 to 64");
        }
    }
}
