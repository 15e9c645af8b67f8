package io.ledgersync.source;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.ledgersync.MutableClock;

/** A clock that only moves when the client sleeps through it, so backoff tests take milliseconds. */
final class FakeTime extends Clock implements Sleeper {

    static final Instant START = Instant.parse("2026-03-02T10:00:00Z");

    private final MutableClock now = new MutableClock(START);
    private final List<Duration> sleeps = new CopyOnWriteArrayList<>();

    @Override
    public void sleep(Duration duration) {
        sleeps.add(duration);
        advance(duration);
    }

    void advance(Duration duration) {
        now.advance(duration);
    }

    /** Every wait the client asked for, in order. */
    List<Duration> sleeps() {
        return List.copyOf(sleeps);
    }

    Duration slept() {
        return sleeps.stream().reduce(Duration.ZERO, Duration::plus);
    }

    @Override
    public Instant instant() {
        return now.instant();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
