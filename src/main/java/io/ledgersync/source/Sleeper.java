package io.ledgersync.source;

import java.time.Duration;

/**
 * Waits between attempts; injected so that tests of backoff advance a fake clock instead of sleeping.
 * Implementations are shared by every partition and must be thread-safe, as {@link #THREAD} is.
 */
@FunctionalInterface
interface Sleeper {

    Sleeper THREAD = duration -> Thread.sleep(duration.toMillis(), (int) (duration.toNanosPart() % 1_000_000));

    void sleep(Duration duration) throws InterruptedException;
}
