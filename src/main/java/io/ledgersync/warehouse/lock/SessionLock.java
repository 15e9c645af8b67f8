package io.ledgersync.warehouse.lock;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run lock held by its PostgreSQL session ({@link AdvisoryRunLocks}), whose session is checked every few seconds:
 * gone, the lock is taken again on a new session if nobody else took it, or else it is lost and its holder told
 * ({@link RunLocks.Held#whenLost}). Its methods are synchronized: a JDBC connection is not safe for concurrent use.
 */
final class SessionLock implements RunLocks.Held {

    private static final Logger log = LoggerFactory.getLogger(SessionLock.class);

    private final AdvisoryRunLocks locks;
    private final String name;
    private final ScheduledFuture<?> check;
    private Connection connection;
    private boolean closed;
    private String lost; // why, once the lock is lost
    private Consumer<String> reaction = why -> {
    };

    SessionLock(AdvisoryRunLocks locks, String name, Connection connection, Duration checkEvery) {
        this.locks = locks;
        this.name = name;
        this.connection = connection;
        long millis = checkEvery.toMillis();
        this.check = Checks.SCHEDULER.scheduleWithFixedDelay(this::check, millis, millis, TimeUnit.MILLISECONDS);
    }

    private void check() {
        Consumer<String> tell;
        String why;
        synchronized (this) {
            if (closed || lost != null || sessionAnswers()) {
                return;
            }
            AdvisoryRunLocks.closeQuietly(connection);
            Optional<Connection> again = retake();
            if (again.isPresent()) {
                connection = again.get();
                log.warn("The '{}' run lock's PostgreSQL session ended under this run (an idle timeout, a terminated"
                        + " backend, a dropped connection): nobody else had taken the lock, so it was taken again on a new"
                        + " session and the run goes on", name);
                return;
            }
            lost = "its PostgreSQL session ended and " + locks.holder(name).orElse("another instance") + " has taken it";
            check.cancel(false);
            tell = reaction;
            why = lost;
        }
        tell.accept(why); // outside the monitor: the reaction may take its time (it stops a run)
    }

    private boolean sessionAnswers() {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SELECT 1");
            return true;
        } catch (SQLException e) {
            log.debug("The '{}' run lock's session does not answer: {}", name, e.getMessage());
            return false;
        }
    }

    private Optional<Connection> retake() {
        try {
            return locks.lockedSession(name);
        } catch (RuntimeException e) {
            // the database cannot be reached: the lock is as good as lost, since another instance may take it meanwhile
            log.debug("Cannot take the '{}' run lock again: {}", name, e.getMessage());
            return Optional.empty();
        }
    }

    @Override
    public void whenLost(Consumer<String> reaction) {
        String why;
        synchronized (this) {
            this.reaction = reaction;
            why = lost;
        }
        if (why != null) {
            reaction.accept(why);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        check.cancel(false);
        if (lost != null) {
            return; // its session is gone; someone else holds the lock now
        }
        try (PreparedStatement unlock = connection.prepareStatement("SELECT pg_advisory_unlock(?, ?)")) {
            // closing the session would release it too; unlocking first keeps a pooled connection clean
            unlock.setInt(1, AdvisoryRunLocks.NAMESPACE);
            unlock.setInt(2, AdvisoryRunLocks.key(name));
            unlock.execute();
        } catch (SQLException e) {
            log.debug("Could not unlock '{}' before closing its session: {}", name, e.getMessage());
        } finally {
            AdvisoryRunLocks.closeQuietly(connection);
        }
    }

    /** One daemon thread for the checks of every held lock: a check is a few microseconds every few seconds. */
    private static final class Checks {
        static final ScheduledExecutorService SCHEDULER = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "run-lock-check");
            thread.setDaemon(true);
            return thread;
        });
    }
}
