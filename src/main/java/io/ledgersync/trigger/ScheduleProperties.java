package io.ledgersync.trigger;

import java.time.Duration;
import java.time.ZoneId;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.scheduling.support.CronExpression;

/**
 * When the service starts runs by itself ({@code ledgersync.schedule.*}).
 *
 * @param enabled whether the service schedules runs at all
 * @param fullSync the cron expression (second minute hour day month weekday) of the full sync;
 *     {@code -} switches it off
 * @param zone the time zone of {@code fullSync}
 * @param deferredInterval how often to look for deferred company data sets that are due; a
 *     deferred run starts only when one is
 */
@ConfigurationProperties("ledgersync.schedule")
record ScheduleProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("0 0 2 * * *") String fullSync,
        @DefaultValue("UTC") ZoneId zone,
        @DefaultValue("5m") Duration deferredInterval) {

    ScheduleProperties {
        if (!fullSync.equals("-") && !CronExpression.isValidExpression(fullSync)) {
            throw new IllegalArgumentException("ledgersync.schedule.full-sync '" + fullSync
                    + "' is not a cron expression (second minute hour day month weekday, e.g. '0 0 2 * * *'); use '-' to switch it off");
        }
        if (deferredInterval.toSeconds() < 1) {
            throw new IllegalArgumentException("ledgersync.schedule.deferred-interval must be at least 1s, was " + deferredInterval);
        }
    }

    boolean fullSyncEnabled() {
        return enabled && !fullSync.equals("-");
    }
}
