package io.ledgersync.trigger.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import io.ledgersync.MutableClock;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.RunRetention;
import io.ledgersync.sync.run.RunHandle;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.sync.run.SyncRuns;

/** The schedule driven by a clock moved by hand: no waiting for 02:00. */
class SyncScheduleTests {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-10T01:59:30Z"));
    private final SyncLauncher launcher = mock(SyncLauncher.class);
    private final SyncRuns runs = mock(SyncRuns.class);
    private final RunRetention retention = mock(RunRetention.class);
    private final HistoryProperties noPurge = new HistoryProperties(Duration.ofDays(90), "-");
    private final ScheduleProperties nightly = new ScheduleProperties(true, "0 0 2 * * *", ZoneOffset.UTC, Duration.ofMinutes(5), "-", null);

    @Test
    void incrementalRunFiresAt0200UtcOncePerNight() {
        when(launcher.launchSupersedingFailed(any())).thenReturn(handle(1));
        SyncSchedule schedule = new SyncSchedule(launcher, runs, retention, nightly, noPurge, clock);
        assertThat(schedule.nextIncremental()).isEqualTo(Instant.parse("2026-03-10T02:00:00Z"));

        schedule.tick();
        verify(launcher, never()).launchSupersedingFailed(any());

        clock.advance(Duration.ofSeconds(30)); // 02:00:00
        schedule.tick();
        clock.advance(Duration.ofSeconds(10));
        schedule.tick();

        verify(launcher, times(1)).launchSupersedingFailed(SyncRequest.everything());
        // the launch that resumes a run failed on its own is the command line's and the API's, never the schedule's
        verify(launcher, never()).launch(any());
        assertThat(schedule.nextIncremental()).isEqualTo(Instant.parse("2026-03-11T02:00:00Z"));
    }

    @Test
    void aRunStillActiveAtTheNextFiringIsNotOverlappedAndTheScheduleGoesOn() {
        when(launcher.launchSupersedingFailed(any())).thenThrow(new io.ledgersync.sync.run.SyncAlreadyRunningException("Another incremental or full sync run is already active"));
        SyncSchedule schedule = new SyncSchedule(launcher, runs, retention, nightly, noPurge, clock);
        clock.advance(Duration.ofSeconds(30));

        schedule.tick();

        verify(launcher, times(1)).launchSupersedingFailed(SyncRequest.everything());
        assertThat(schedule.nextIncremental()).isEqualTo(Instant.parse("2026-03-11T02:00:00Z"));
    }

    @Test
    void theCronAndItsZoneAreConfigurable() {
        ScheduleProperties paris = new ScheduleProperties(true, "0 30 23 * * MON-FRI", java.time.ZoneId.of("Europe/Paris"),
                Duration.ofMinutes(5), "-", null);

        SyncSchedule schedule = new SyncSchedule(launcher, runs, retention, paris, noPurge, clock);

        // Tuesday 10 March 2026, 23:30 in Paris (UTC+1)
        assertThat(schedule.nextIncremental()).isEqualTo(Instant.parse("2026-03-10T22:30:00Z"));
    }

    @Test
    void switchedOffIncrementalRunNeverFires() {
        SyncSchedule schedule = new SyncSchedule(launcher, runs, retention, new ScheduleProperties(true, "-", ZoneOffset.UTC, Duration.ofMinutes(5), "-", null), noPurge, clock);

        clock.advance(Duration.ofDays(2));
        schedule.tick();

        verify(launcher, never()).launchSupersedingFailed(SyncRequest.everything());
        assertThat(schedule.nextIncremental()).isNull();
    }

    @Test
    void deferredRunStartsEveryIntervalOnlyWhenSomethingIsDue() {
        when(launcher.launchSupersedingFailed(any())).thenReturn(handle(2));
        SyncSchedule schedule = new SyncSchedule(launcher, runs, retention, new ScheduleProperties(true, "-", ZoneOffset.UTC, Duration.ofMinutes(5), "-", null), noPurge, clock);
        when(runs.anyDeferralDue()).thenReturn(false);

        clock.advance(Duration.ofMinutes(5));
        schedule.tick();
        verify(launcher, never()).launchSupersedingFailed(any());

        when(runs.anyDeferralDue()).thenReturn(true);
        clock.advance(Duration.ofMinutes(1));
        schedule.tick();
        verify(launcher, never()).launchSupersedingFailed(any()); // the next check is 5 minutes after the last one

        clock.advance(Duration.ofMinutes(4));
        schedule.tick();
        verify(launcher, times(1)).launchSupersedingFailed(SyncRequest.deferred());
    }

    @Test
    void theFullRefreshFiresOnItsOwnWeeklyCronAsAFullRefreshOfEverything() {
        when(launcher.launchSupersedingFailed(any())).thenReturn(handle(3));
        // Tuesday 10 March 2026; the default: Sunday 03:00 UTC
        SyncSchedule schedule = new SyncSchedule(launcher, runs, retention,
                new ScheduleProperties(true, "-", ZoneOffset.UTC, Duration.ofMinutes(5), "0 0 3 * * SUN", null), noPurge, clock);
        assertThat(schedule.nextFullRefresh()).isEqualTo(Instant.parse("2026-03-15T03:00:00Z"));

        clock.setInstant(Instant.parse("2026-03-15T03:00:05Z"));
        schedule.tick();

        verify(launcher, times(1)).launchSupersedingFailed(SyncRequest.everything().withFullRefresh());
        assertThat(schedule.nextFullRefresh()).isEqualTo(Instant.parse("2026-03-22T03:00:00Z"));
    }

    @Test
    void anInvalidCronIsRefusedWithTheFormat() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> new ScheduleProperties(true, "every night", ZoneOffset.UTC, Duration.ofMinutes(5), "-", null))
                .hasMessageContaining("'every night' is not a cron expression").hasMessageContaining("'-' to switch it off");
    }

    @Test
    void theHistoryIsPurgedOnItsCronOfRunsOlderThanTheRetention() {
        HistoryProperties daily = new HistoryProperties(Duration.ofDays(90), "0 30 3 * * *");
        SyncSchedule schedule = new SyncSchedule(launcher, runs, retention, nightly, daily, clock);
        assertThat(schedule.nextPurge()).isEqualTo(Instant.parse("2026-03-10T03:30:00Z"));

        clock.setInstant(Instant.parse("2026-03-10T03:29:59Z"));
        schedule.tick();
        verify(retention, never()).purge(any(), any());

        clock.setInstant(Instant.parse("2026-03-10T03:30:05Z"));
        schedule.tick();
        schedule.tick();

        verify(retention, times(1)).purge(Instant.parse("2026-03-10T03:30:05Z"), Duration.ofDays(90));
        assertThat(schedule.nextPurge()).isEqualTo(Instant.parse("2026-03-11T03:30:00Z"));
    }

    /** Issue 26: the records' versions (ledgersync.history.keep) go at the runs' purge time; without keep, none go. */
    @Test
    void recordVersionsClosedBeforeKeepArePurgedAtThePurgeTimeAndWithoutKeepNever() {
        io.ledgersync.sync.dataset.VersionRetention versions = mock(io.ledgersync.sync.dataset.VersionRetention.class);
        HistoryProperties daily = new HistoryProperties(Duration.ofDays(90), "0 30 3 * * *");
        SyncSchedule schedule = new SyncSchedule(launcher, runs, retention, nightly, daily, clock)
                .purgingVersions(versions, Duration.ofDays(730));
        SyncSchedule keepingAll = new SyncSchedule(launcher, runs, retention, nightly, daily, clock)
                .purgingVersions(versions, new VersionKeepProperties(null).keep());
        clock.setInstant(Instant.parse("2026-03-10T03:30:05Z"));

        schedule.tick();
        keepingAll.tick();

        verify(versions, times(1)).purge(Instant.parse("2026-03-10T03:30:05Z"), Duration.ofDays(730));
        verify(retention, times(2)).purge(any(), any());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new VersionKeepProperties(Duration.ofMillis(730)))
                .hasMessageStartingWith("ledgersync.history.keep must be at least 1d");
    }

    @Test
    void aFailedPurgeLeavesTheScheduleGoingAndANightWithoutPurgeNeverPurges() {
        when(retention.purge(any(), any())).thenThrow(new IllegalStateException("database down"));
        SyncSchedule schedule = new SyncSchedule(launcher, runs, retention, nightly,
                new HistoryProperties(Duration.ofDays(90), "0 30 3 * * *"), clock);
        clock.setInstant(Instant.parse("2026-03-10T03:30:00Z"));

        schedule.tick();

        assertThat(schedule.nextPurge()).as("tried again the next night").isEqualTo(Instant.parse("2026-03-11T03:30:00Z"));
        SyncSchedule off = new SyncSchedule(launcher, runs, retention, nightly, noPurge, clock);
        clock.advance(Duration.ofDays(3));
        off.tick();
        assertThat(off.nextPurge()).isNull();
        verify(retention, times(1)).purge(any(), any());
    }

    @Test
    void aRetentionWithoutAUnitOrAnInvalidCronIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new HistoryProperties(Duration.ofMillis(90), "-"))
                .hasMessageContaining("at least 1d (e.g. 90d), was PT0.09S");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new HistoryProperties(Duration.ofDays(90), "daily"))
                .hasMessageContaining("'daily' is not a cron expression").hasMessageContaining("'-' to switch it off");
    }

    @Test
    void thePackagedDefaultsKeepNinetyDaysAndPurgeNightly() {
        HistoryProperties defaults = io.ledgersync.ConfigDefaults.bind("ledgersync.history", HistoryProperties.class);

        assertThat(defaults.retention()).isEqualTo(Duration.ofDays(90));
        assertThat(defaults.purge()).isEqualTo("0 30 3 * * *");
    }

    private static RunHandle handle(long runId) {
        return new RunHandle(runId, false, new CompletableFuture<>());
    }
}
