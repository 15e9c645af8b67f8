package io.ledgersync.trigger;

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

import io.ledgersync.sync.RunHandle;
import io.ledgersync.sync.SyncLauncher;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.SyncRuns;
import io.ledgersync.MutableClock;

/** The schedule driven by a clock moved by hand: no waiting for 02:00. */
class SyncScheduleTests {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-10T01:59:30Z"));
    private final SyncLauncher launcher = mock(SyncLauncher.class);
    private final SyncRuns runs = mock(SyncRuns.class);
    private final ScheduleProperties nightly = new ScheduleProperties(true, "0 0 2 * * *", ZoneOffset.UTC, Duration.ofMinutes(5));

    @Test
    void fullSyncFiresAt0200UtcOncePerNight() {
        when(launcher.launch(any())).thenReturn(handle(1));
        SyncSchedule schedule = new SyncSchedule(launcher, runs, nightly, clock);
        assertThat(schedule.nextFullSync()).isEqualTo(Instant.parse("2026-03-10T02:00:00Z"));

        schedule.tick();
        verify(launcher, never()).launch(any());

        clock.advance(Duration.ofSeconds(30)); // 02:00:00
        schedule.tick();
        clock.advance(Duration.ofSeconds(10));
        schedule.tick();

        verify(launcher, times(1)).launch(SyncRequest.everything());
        assertThat(schedule.nextFullSync()).isEqualTo(Instant.parse("2026-03-11T02:00:00Z"));
    }

    @Test
    void aRunStillActiveAtTheNextFiringIsNotOverlappedAndTheScheduleGoesOn() {
        when(launcher.launch(any())).thenThrow(new io.ledgersync.sync.SyncAlreadyRunningException("A full sync run is already active"));
        SyncSchedule schedule = new SyncSchedule(launcher, runs, nightly, clock);
        clock.advance(Duration.ofSeconds(30));

        schedule.tick();

        verify(launcher, times(1)).launch(SyncRequest.everything());
        assertThat(schedule.nextFullSync()).isEqualTo(Instant.parse("2026-03-11T02:00:00Z"));
    }

    @Test
    void theCronAndItsZoneAreConfigurable() {
        ScheduleProperties paris = new ScheduleProperties(true, "0 30 23 * * MON-FRI", java.time.ZoneId.of("Europe/Paris"),
                Duration.ofMinutes(5));

        SyncSchedule schedule = new SyncSchedule(launcher, runs, paris, clock);

        // Tuesday 10 March 2026, 23:30 in Paris (UTC+1)
        assertThat(schedule.nextFullSync()).isEqualTo(Instant.parse("2026-03-10T22:30:00Z"));
    }

    @Test
    void switchedOffFullSyncNeverFires() {
        SyncSchedule schedule = new SyncSchedule(launcher, runs, new ScheduleProperties(true, "-", ZoneOffset.UTC, Duration.ofMinutes(5)), clock);

        clock.advance(Duration.ofDays(2));
        schedule.tick();

        verify(launcher, never()).launch(SyncRequest.everything());
        assertThat(schedule.nextFullSync()).isNull();
    }

    @Test
    void deferredRunStartsEveryIntervalOnlyWhenSomethingIsDue() {
        when(launcher.launch(any())).thenReturn(handle(2));
        SyncSchedule schedule = new SyncSchedule(launcher, runs, new ScheduleProperties(true, "-", ZoneOffset.UTC, Duration.ofMinutes(5)), clock);
        when(runs.anyDeferralDue()).thenReturn(false);

        clock.advance(Duration.ofMinutes(5));
        schedule.tick();
        verify(launcher, never()).launch(any());

        when(runs.anyDeferralDue()).thenReturn(true);
        clock.advance(Duration.ofMinutes(1));
        schedule.tick();
        verify(launcher, never()).launch(any()); // the next check is 5 minutes after the last one

        clock.advance(Duration.ofMinutes(4));
        schedule.tick();
        verify(launcher, times(1)).launch(SyncRequest.deferred());
    }

    @Test
    void anInvalidCronIsRefusedWithTheFormat() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> new ScheduleProperties(true, "every night", ZoneOffset.UTC, Duration.ofMinutes(5)))
                .hasMessageContaining("'every night' is not a cron expression").hasMessageContaining("'-' to switch it off");
    }

    private static RunHandle handle(long runId) {
        return new RunHandle(runId, false, new CompletableFuture<>());
    }
}
