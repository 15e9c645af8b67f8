package io.ledgersync.trigger.schedule;

import java.time.Duration;
import java.time.ZoneId;
import java.util.Objects;

import org.springframework.boot.context.properties.ConfigurationProperties;
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
 * @param fullRefresh the cron expression of the full refresh (every data set walked whole, deletes marked);
 *     {@code -} switches it off
 */
@ConfigurationProperties("ledgersync.schedule")
record ScheduleProperties(
        boolean enabled,
        String fullSync,
        ZoneId zone,
        Duration deferredInterval,
        String fullRefresh) {

    ScheduleProperties {
        Objects.requireNonNull(fullSync, "ledgersync.schedule.full-sync is not set");
        Objects.requireNonNull(zone, "ledgersync.schedule.zone is not set");
        Objects.requireNonNull(deferredInterval, "ledgersync.schedule.deferred-interval is not set");
        if (!fullSync.equals("-") && !CronExpression.isValidExpression(fullSync)) {
            throw new IllegalArgumentException("ledgersync.schedule.full-sync '" + fullSync
                    + "' is not a cron expression (second minute hour day month weekday, e.g. '0 0 2 * * *'); use '-' to switch it off");
        }
        Objects.requireNonNull(fullRefresh, "ledgersync.schedule.full-refresh is not set");
        if (!fullRefresh.equals("-") && !CronExpression.isValidExpression(fullRefresh)) {
            throw new IllegalArgumentException("ledgersync.schedule.full-refresh '" + fullRefresh
                    + "' is not a cron expression (second minute hour day month weekday, e.g. '0 0 3 * * SUN'); use '-' to switch it off");
        }
        if (deferredInterval.toSeconds() < 1) {
            throw new IllegalArgumentException("ledgersync.schedule.deferred-interval must be at least 1s, was " + deferredInterval);
        }
    }

    boolean fullSyncEnabled() {
        return enabled && !fullSync.equals("-");
    }

    boolean fullRefreshEnabled() {
        return enabled && !fullRefresh.equals("-");
    }
}
