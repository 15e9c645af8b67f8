package io.ledgersync.trigger.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.support.CronExpression;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.dataset.VersionRetention;
import io.ledgersync.sync.history.RunRetention;
import io.ledgersync.sync.run.RunHandle;
import io.ledgersync.sync.run.SyncAlreadyRunningException;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.sync.run.SyncRuns;
import io.ledgersync.sync.run.SyncShutdownException;

/**
 * The nightly incremental run, the weekly full refresh, the deferred-retry runs and the purge of
 * old runs. {@link #tick()} is
 * called every few seconds and reads the injected clock, so tests drive the schedule by moving the
 * clock. A run of a kind that is already active — in this instance or another on the same database
 * — is skipped, not queued: the database lock decides. Not thread-safe: one ticking thread.
 */
class SyncSchedule {

    private static final Logger log = LoggerFactory.getLogger(SyncSchedule.class);

    private final SyncLauncher launcher;
    private final SyncRuns runs;
    private final RunRetention retention;
    private final ScheduleProperties properties;
    private final HistoryProperties history;
    private final Clock clock;
    private final CronExpression incremental;
    private final CronExpression purge;
    private final CronExpression fullRefresh;
    private Instant nextIncremental;
    private Instant nextFullRefresh;
    private Instant nextDeferredCheck;
    private Instant nextPurge;
    /** The history tables' versions (issue 26), purged at the runs' purge time; null: none. */
    private VersionRetention versions;
    private Duration keepVersions;

    SyncSchedule(SyncLauncher launcher, SyncRuns runs, RunRetention retention, ScheduleProperties properties,
            HistoryProperties history, Clock clock) {
        this.launcher = launcher;
        this.runs = runs;
        this.retention = retention;
        this.properties = properties;
        this.history = history;
        this.clock = clock;
        this.incremental = properties.incrementalEnabled() ? CronExpression.parse(properties.incremental()) : null;
        this.purge = properties.enabled() && history.purgeEnabled() ? CronExpression.parse(history.purge()) : null;
        this.fullRefresh = properties.fullRefreshEnabled() ? CronExpression.parse(properties.fullRefresh()) : null;
        Instant now = clock.instant();
        this.nextIncremental = after(incremental, now);
        this.nextFullRefresh = after(fullRefresh, now);
        this.nextDeferredCheck = now.plus(properties.deferredInterval());
        this.nextPurge = after(purge, now);
        properties.deprecation().ifPresent(log::warn);
        if (nextIncremental != null) {
            log.info("Incremental run scheduled by '{}' ({}): next at {}", properties.incremental(), properties.zone(),
                    nextIncremental);
        }
        if (nextFullRefresh != null) {
            log.info("Full refresh scheduled by '{}' ({}): next at {}", properties.fullRefresh(), properties.zone(),
                    nextFullRefresh);
        }
        if (nextPurge != null) {
            log.info("Runs older than {} purged by '{}' ({}): next at {}", history.retention(), history.purge(), properties.zone(),
                    nextPurge);
        }
    }

    /**
     * Also purges, at the runs' purge time, the record versions closed longer ago than {@code keep}
     * ({@code ledgersync.history.keep}; null keeps them all).
     */
    SyncSchedule purgingVersions(VersionRetention retention, Duration keep) {
        this.versions = retention;
        this.keepVersions = keep;
        if (nextPurge != null && keep != null) {
            log.info("Record versions closed more than {} ago purged by '{}' ({}): next at {}", keep, history.purge(),
                    properties.zone(), nextPurge);
        }
        return this;
    }

    /** Starts whatever is due now. */
    void tick() {
        Instant now = clock.instant();
        if (nextIncremental != null && !now.isBefore(nextIncremental)) {
            nextIncremental = after(incremental, now);
            launch(SyncRequest.everything(), "incremental run");
        }
        if (nextFullRefresh != null && !now.isBefore(nextFullRefresh)) {
            nextFullRefresh = after(fullRefresh, now);
            // shares the nightly run's lock: when that one still runs, this one is skipped until next time
            launch(SyncRequest.everything().withFullRefresh(), "full refresh");
        }
        if (!now.isBefore(nextDeferredCheck)) {
            nextDeferredCheck = now.plus(properties.deferredInterval());
            if (runs.anyDeferralDue()) {
                launch(SyncRequest.deferred(), "deferred-retry run");
            }
        }
        if (nextPurge != null && !now.isBefore(nextPurge)) {
            nextPurge = after(purge, now);
            purgeHistory(now);
        }
    }

    Instant nextIncremental() {
        return nextIncremental;
    }

    Instant nextFullRefresh() {
        return nextFullRefresh;
    }

    Instant nextPurge() {
        return nextPurge;
    }

    private void launch(SyncRequest request, String what) {
        try {
            // a run that failed on its own is not resumed but superseded: one failing company data set must not
            // hold back the others' changes (a stopped or killed run is still resumed)
            RunHandle handle = launcher.launchSupersedingFailed(request);
            log.info("Scheduled {} started as run {}{}", what, handle.runId(), handle.resumed() ? " (resuming)" : "");
        } catch (SyncAlreadyRunningException | SyncShutdownException e) {
            log.info("Scheduled {} skipped: {}", what, e.getMessage());
        } catch (RuntimeException e) {
            // The schedule must survive a failed launch (database down, ...); the next one tries again.
            log.error("Scheduled {} could not start: {}", what, e.getMessage(), e);
        }
    }

    private void purgeHistory(Instant now) {
        try {
            retention.purge(now, history.retention());
        } catch (RuntimeException e) {
            // What one purge leaves, the next one takes: the schedule goes on.
            log.error("Scheduled purge of old runs failed: {}", e.getMessage(), e);
        }
        if (versions != null && keepVersions != null) {
            try {
                versions.purge(now, keepVersions);
            } catch (RuntimeException e) {
                log.error("Scheduled purge of old record versions failed: {}", e.getMessage(), e);
            }
        }
    }

    private Instant after(CronExpression cron, Instant instant) {
        ZonedDateTime next = cron == null ? null : cron.next(instant.atZone(properties.zone()));
        return next == null ? null : next.toInstant();
    }
}
