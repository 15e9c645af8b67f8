package io.ledgersync.trigger;

import java.time.Clock;
import java.time.Instant;
import java.time.ZonedDateTime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.support.CronExpression;

import io.ledgersync.sync.RunHandle;
import io.ledgersync.sync.SyncAlreadyRunningException;
import io.ledgersync.sync.SyncLauncher;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.SyncRuns;
import io.ledgersync.sync.SyncShutdownException;

/**
 * The nightly full sync and the deferred-retry runs. {@link #tick()} is called every few seconds
 * and reads the injected clock, so tests drive the schedule by moving the clock. A run of a kind
 * that is already active — in this instance or another on the same database — is skipped, not
 * queued: the database lock decides. Not thread-safe: one ticking thread.
 */
class SyncSchedule {

    private static final Logger log = LoggerFactory.getLogger(SyncSchedule.class);

    private final SyncLauncher launcher;
    private final SyncRuns runs;
    private final ScheduleProperties properties;
    private final Clock clock;
    private final CronExpression fullSync;
    private Instant nextFullSync;
    private Instant nextDeferredCheck;

    SyncSchedule(SyncLauncher launcher, SyncRuns runs, ScheduleProperties properties, Clock clock) {
        this.launcher = launcher;
        this.runs = runs;
        this.properties = properties;
        this.clock = clock;
        this.fullSync = properties.fullSyncEnabled() ? CronExpression.parse(properties.fullSync()) : null;
        Instant now = clock.instant();
        this.nextFullSync = fullSync == null ? null : after(now);
        this.nextDeferredCheck = now.plus(properties.deferredInterval());
        if (nextFullSync != null) {
            log.info("Full sync scheduled by '{}' ({}): next at {}", properties.fullSync(), properties.zone(), nextFullSync);
        }
    }

    /** Starts whatever is due now. */
    void tick() {
        Instant now = clock.instant();
        if (nextFullSync != null && !now.isBefore(nextFullSync)) {
            nextFullSync = after(now);
            launch(SyncRequest.everything(), "nightly full sync");
        }
        if (!now.isBefore(nextDeferredCheck)) {
            nextDeferredCheck = now.plus(properties.deferredInterval());
            if (runs.anyDeferralDue()) {
                launch(SyncRequest.deferred(), "deferred-retry run");
            }
        }
    }

    Instant nextFullSync() {
        return nextFullSync;
    }

    private void launch(SyncRequest request, String what) {
        try {
            RunHandle handle = launcher.launch(request);
            log.info("Scheduled {} started as run {}{}", what, handle.runId(), handle.resumed() ? " (resuming)" : "");
        } catch (SyncAlreadyRunningException | SyncShutdownException e) {
            log.info("Scheduled {} skipped: {}", what, e.getMessage());
        } catch (RuntimeException e) {
            // The schedule must survive a failed launch (database down, ...); the next one tries again.
            log.error("Scheduled {} could not start: {}", what, e.getMessage(), e);
        }
    }

    private Instant after(Instant instant) {
        ZonedDateTime next = fullSync.next(instant.atZone(properties.zone()));
        return next == null ? null : next.toInstant();
    }
}
