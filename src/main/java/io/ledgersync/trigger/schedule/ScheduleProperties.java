package io.ledgersync.trigger.schedule;

import java.time.Duration;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.scheduling.support.CronExpression;

/**
 * When the service starts runs by itself ({@code ledgersync.schedule.*}). The crons are named by the kind of run they
 * start, in the words of {@code POST /api/runs}.
 *
 * @param enabled whether the service schedules runs at all
 * @param incremental the cron expression (second minute hour day month weekday) of the nightly incremental run;
 *     {@code -} switches it off
 * @param zone the time zone of the crons
 * @param deferredInterval how often to look for deferred company data sets that are due; a
 *     deferred run starts only when one is
 * @param fullRefresh the cron expression of the full refresh (every data set walked whole, deletes marked);
 *     {@code -} switches it off
 * @param fullSync the deprecated name of {@code incremental} ({@code ledgersync.schedule.full-sync}, before issue 24):
 *     {@code config/application.yml} falls back to it when {@code incremental} is not set, so that a deployment that
 *     sets {@code LEDGERSYNC_SCHEDULE_FULL_SYNC} keeps its schedule; null when not set
 */
@ConfigurationProperties("ledgersync.schedule")
record ScheduleProperties(
        boolean enabled,
        String incremental,
        ZoneId zone,
        Duration deferredInterval,
        String fullRefresh,
        String fullSync) {

    ScheduleProperties {
        Objects.requireNonNull(incremental, "ledgersync.schedule.incremental is not set");
        Objects.requireNonNull(zone, "ledgersync.schedule.zone is not set");
        Objects.requireNonNull(deferredInterval, "ledgersync.schedule.deferred-interval is not set");
        requireCron("incremental", incremental, "0 0 2 * * *");
        Objects.requireNonNull(fullRefresh, "ledgersync.schedule.full-refresh is not set");
        requireCron("full-refresh", fullRefresh, "0 0 3 * * SUN");
        if (deferredInterval.toSeconds() < 1) {
            throw new IllegalArgumentException("ledgersync.schedule.deferred-interval must be at least 1s, was " + deferredInterval);
        }
    }

    private static void requireCron(String key, String cron, String example) {
        if (!cron.equals("-") && !CronExpression.isValidExpression(cron)) {
            throw new IllegalArgumentException("ledgersync.schedule." + key + " '" + cron + "' is not a cron expression (second"
                    + " minute hour day month weekday, e.g. '" + example + "'); use '-' to switch it off");
        }
    }

    boolean incrementalEnabled() {
        return enabled && !incremental.equals("-");
    }

    boolean fullRefreshEnabled() {
        return enabled && !fullRefresh.equals("-");
    }

    /** The one line to log when the deprecated key is set. */
    Optional<String> deprecation() {
        if (fullSync == null) {
            return Optional.empty();
        }
        return Optional.of("ledgersync.schedule.full-sync (LEDGERSYNC_SCHEDULE_FULL_SYNC) is deprecated and will go: it schedules"
                + " the incremental run, so rename it to ledgersync.schedule.incremental (LEDGERSYNC_SCHEDULE_INCREMENTAL)"
                + (fullSync.equals(incremental) ? "" : "; ledgersync.schedule.incremental is set too and wins ('" + incremental + "')"));
    }
}
