package io.ledgersync.source;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.ledgersync.MutableClock;

/** A clock that only moves when the client sleeps through it, so backoff tests take milliseconds. */
final class FakeTime extends MutableClock implements Sleeper {

    static final Instant START = Instant.parse("2026-03-02T10:00:00Z");

    private final List<Duration> sleeps = new CopyOnWriteArrayList<>();

    FakeTime() {
        super(START);
    }

    @Override
    public void sleep(Duration duration) {
        sleeps.add(duration);
        advance(duration);
    }

    /** Every wait the client asked for, in order. */
    List<Duration> sleeps() {
        return List.copyOf(sleeps);
    }

    Duration slept() {
        return sleeps.stream().reduce(Duration.ZERO, Duration::plus);
    }
}
