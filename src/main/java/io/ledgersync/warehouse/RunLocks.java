package io.ledgersync.warehouse;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leases on the rows of {@code run_lock}, one per kind of run, so that two runs of the same kind
 * never overlap, even from two instances of the service on one database. A lease is renewed in
 * the background while it is held; a process killed while holding one blocks the next run only
 * until its lease expires. Thread-safe.
 */
public class RunLocks {

    private static final Logger log = LoggerFactory.getLogger(RunLocks.class);

    private final Jdbi jdbi;
    private final Clock clock;

    RunLocks(Jdbi jdbi, Clock clock) {
        this.jdbi = jdbi;
        this.clock = clock;
    }

    /**
     * Takes the lock {@code name} for {@code owner} if it is free or its lease has expired.
     *
     * @return the lease, to be closed when the run ends; empty when someone else holds it
     */
    public Optional<Lease> tryAcquire(String name, String owner, Duration lease) {
        Instant now = clock.instant();
        int taken = jdbi.withHandle(handle -> handle.createUpdate("""
                UPDATE run_lock SET owner = :owner, acquired_at = :now, expires_at = :expires
                WHERE name = :name AND (owner IS NULL OR expires_at < :now)""")
                .bind("owner", owner).bind("now", utc(now)).bind("expires", utc(now.plus(lease))).bind("name", name)
                .execute());
        return taken == 1 ? Optional.of(new Lease(name, owner, lease)) : Optional.empty();
    }

    /** Who holds the lock and until when, for messages; empty when it is free or unknown. */
    public Optional<String> holder(String name) {
        return jdbi.withHandle(handle -> handle.createQuery("SELECT owner, expires_at FROM run_lock WHERE name = :name AND owner IS NOT NULL")
                .bind("name", name)
                .map((rs, ctx) -> rs.getString("owner") + " (lease until " + rs.getObject("expires_at", OffsetDateTime.class) + ")")
                .findOne());
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }

    /** A held lock; renewed every third of its duration until closed. */
    public final class Lease implements AutoCloseable {

        private final String name;
        private final String owner;
        private final Duration duration;
        private final ScheduledExecutorService renewal;

        private Lease(String name, String owner, Duration duration) {
            this.name = name;
            this.owner = owner;
            this.duration = duration;
            this.renewal = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "run-lock-" + name);
                thread.setDaemon(true);
                return thread;
            });
            long period = Math.max(1, duration.toMillis() / 3);
            renewal.scheduleAtFixedRate(this::renew, period, period, TimeUnit.MILLISECONDS);
        }

        private void renew() {
            try {
                int renewed = jdbi.withHandle(handle -> handle.createUpdate(
                        "UPDATE run_lock SET expires_at = :expires WHERE name = :name AND owner = :owner")
                        .bind("expires", utc(clock.instant().plus(duration))).bind("name", name).bind("owner", owner)
                        .execute());
                if (renewed == 0) {
                    log.warn("Lost the '{}' run lock: its lease expired and another process took it", name);
                }
            } catch (RuntimeException e) {
                // A database hiccup must not kill the renewal; the next period tries again.
                log.warn("Could not renew the '{}' run lock: {}", name, e.getMessage());
            }
        }

        @Override
        public void close() {
            renewal.shutdownNow();
            jdbi.useHandle(handle -> handle.createUpdate(
                    "UPDATE run_lock SET owner = NULL, acquired_at = NULL, expires_at = NULL WHERE name = :name AND owner = :owner")
                    .bind("name", name).bind("owner", owner).execute());
        }
    }
}
