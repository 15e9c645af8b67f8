package io.ledgersync.trigger.schedule;

import java.time.Duration;
import java.util.Objects;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.scheduling.support.CronExpression;

/**
 * How long the service keeps the history of runs ({@code ledgersync.history.*}), and when it purges it.
 *
 * @param retention runs that ended longer ago are purged, except the newest successful run of each
 *     kind and runs that can still be resumed; at least a day
 * @param purge the cron expression (second minute hour day month weekday, in
 *     {@code ledgersync.schedule.zone}) of the purge; {@code -} switches it off
 */
@ConfigurationProperties("ledgersync.history")
record HistoryProperties(Duration retention, String purge) {

    HistoryProperties {
        Objects.requireNonNull(retention, "ledgersync.history.retention is not set");
        Objects.requireNonNull(purge, "ledgersync.history.purge is not set");
        // a number without a unit binds as milliseconds: "90" would purge every run but the protected ones
        if (retention.compareTo(Duration.ofDays(1)) < 0) {
            throw new IllegalArgumentException("ledgersync.history.retention must be at least 1d (e.g. 90d), was " + retention);
        }
        if (!purge.equals("-") && !CronExpression.isValidExpression(purge)) {
            throw new IllegalArgumentException("ledgersync.history.purge '" + purge
                    + "' is not a cron expression (second minute hour day month weekday, e.g. '0 30 3 * * *'); use '-' to switch it off");
        }
    }

    boolean purgeEnabled() {
        return !purge.equals("-");
    }
}
