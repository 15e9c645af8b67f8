package io.ledgersync;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A clock that moves only when a test moves it, so waits of minutes or days take no time. Thread-safe. */
public class MutableClock extends Clock {

    private final AtomicReference<Instant> now;

    public MutableClock(Instant start) {
        this.now = new AtomicReference<>(start);
    }

    public static MutableClock at(String instant) {
        return new MutableClock(Instant.parse(instant));
    }

    /** Moves the clock; a negative duration moves it back. */
    public void advance(Duration duration) {
        now.updateAndGet(instant -> instant.plus(duration));
    }

    /** Sets the clock to an instant, e.g. back to where a test started. */
    public void setInstant(Instant instant) {
        now.set(instant);
    }

    @Override
    public Instant instant() {
        return now.get();
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
