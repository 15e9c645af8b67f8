package io.ledgersync.warehouse.lock;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;

/**
 * PostgreSQL: a session-level advisory lock ({@code pg_try_advisory_lock}) per kind of run, each on a
 * connection of its own that stays open, idle and outside any transaction, for as long as the run.
 * The server releases the lock when that session ends — the process exited, was killed, or its host
 * stopped answering TCP keepalives — so the next run never waits for a lease; and no transaction stays
 * open for hours, which would hold back vacuum. The session is named after its holder
 * ({@code application_name}), which {@link #holder} reads back from {@code pg_locks} and
 * {@code pg_stat_activity}. Advisory locks belong to one database, so instances on different
 * databases of one server never block each other. Thread-safe.
 */
public final class AdvisoryRunLocks implements RunLocks {

    private static final Logger log = LoggerFactory.getLogger(AdvisoryRunLocks.class);

    /** The first half of every ledgersync lock key ("Ldgr"), so that it cannot collide with another application's. */
    static final int NAMESPACE = 0x4C646772;

    /**
     * How often a held lock's idle connection says something: a firewall or NAT that drops idle TCP
     * connections, or a server's {@code idle_session_timeout}, would otherwise end the session, and
     * the lock with it, in the middle of a long run.
     */
    private static final long KEEP_ALIVE_SECONDS = 30;

    /** The server gives up on a vanished client after about idle + interval × count = 2 min, instead of the OS's 2 h. */
    private static final String SERVER_KEEPALIVES = "SELECT set_config('tcp_keepalives_idle', '60', false),"
            + " set_config('tcp_keepalives_interval', '10', false), set_config('tcp_keepalives_count', '6', false)";

    private final DataSource connections;
    private final String holderName;

    /**
     * @param connections where each lock gets its own connection: not a pool, so that closing the
     *        connection ends the session (a pooled one works too, its lock is unlocked explicitly)
     * @param holderName how the holder is shown to others ({@code application_name}, at most 63 characters)
     */
    public AdvisoryRunLocks(DataSource connections, String holderName) {
        this.connections = connections;
        this.holderName = holderName;
    }

    @Override
    public Optional<Held> tryAcquire(String name) {
        Connection connection = null;
        try {
            connection = connections.getConnection();
            connection.setAutoCommit(true); // the lock belongs to the session: no transaction stays open
            try (PreparedStatement named = connection.prepareStatement("SELECT set_config('application_name', ?, false)");
                    Statement keepalives = connection.createStatement()) {
                named.setString(1, holderName);
                named.execute();
                keepalives.execute(SERVER_KEEPALIVES);
            }
            boolean locked;
            try (PreparedStatement lock = connection.prepareStatement("SELECT pg_try_advisory_lock(?, ?)")) {
                lock.setInt(1, NAMESPACE);
                lock.setInt(2, key(name));
                try (ResultSet result = lock.executeQuery()) {
                    locked = result.next() && result.getBoolean(1);
                }
            }
            if (!locked) {
                connection.close();
                return Optional.empty();
            }
            return Optional.of(new SessionLock(name, connection));
        } catch (SQLException e) {
            closeQuietly(connection);
            throw new DataAccessResourceFailureException("Cannot take the '" + name + "' run lock: " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<String> holder(String name) {
        String sql = """
                SELECT a.pid, a.application_name, a.backend_start
                FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
                  AND l.classid::bigint = ? AND l.objid::bigint = ?
                  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())""";
        try (Connection connection = connections.getConnection(); PreparedStatement query = connection.prepareStatement(sql)) {
            query.setLong(1, NAMESPACE);
            query.setLong(2, key(name));
            try (ResultSet result = query.executeQuery()) {
                if (!result.next()) {
                    return Optional.empty();
                }
                String application = result.getString("application_name");
                OffsetDateTime since = result.getObject("backend_start", OffsetDateTime.class); // null for another user without pg_read_all_stats
                return Optional.of((application == null || application.isBlank() ? "an unnamed client" : application)
                        + " (PostgreSQL session " + result.getInt("pid")
                        + (since == null ? "" : ", since " + since.withOffsetSameInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS))
                        + ")");
            }
        } catch (SQLException e) {
            log.warn("Cannot tell who holds the '{}' run lock: {}", name, e.getMessage());
            return Optional.empty();
        }
    }

    /** The second half of the lock key: stable across JVMs and versions (String.hashCode is specified), and positive as pg_locks shows it. */
    static int key(String name) {
        return name.hashCode() & Integer.MAX_VALUE;
    }

    private static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // the session is gone either way, and its lock with it
            }
        }
    }

    /** A lock held by its connection's session. Its methods are synchronized: a JDBC connection is not safe for concurrent use. */
    private static final class SessionLock implements Held {

        private final String name;
        private final Connection connection;
        private final ScheduledFuture<?> keepAlive;
        private boolean closed;

        SessionLock(String name, Connection connection) {
            this.name = name;
            this.connection = connection;
            this.keepAlive = KeepAlive.SCHEDULER.scheduleWithFixedDelay(this::ping, KEEP_ALIVE_SECONDS, KEEP_ALIVE_SECONDS,
                    TimeUnit.SECONDS);
        }

        private synchronized void ping() {
            if (closed) {
                return;
            }
            try (Statement statement = connection.createStatement()) {
                statement.execute("SELECT 1");
            } catch (SQLException e) {
                log.error("Lost the '{}' run lock: its PostgreSQL session failed ({}). Another instance may now start a run of"
                        + " this kind; this run goes on", name, e.getMessage());
                keepAlive.cancel(false);
            }
        }

        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            keepAlive.cancel(false);
            try (PreparedStatement unlock = connection.prepareStatement("SELECT pg_advisory_unlock(?, ?)")) {
                // closing the session would release it too; unlocking first keeps a pooled connection clean
                unlock.setInt(1, NAMESPACE);
                unlock.setInt(2, key(name));
                unlock.execute();
            } catch (SQLException e) {
                log.debug("Could not unlock '{}' before closing its session: {}", name, e.getMessage());
            } finally {
                closeQuietly(connection);
            }
        }
    }

    /** One daemon thread for the keep-alives of every held lock: a ping is a few microseconds every 30 s. */
    private static final class KeepAlive {
        static final ScheduledExecutorService SCHEDULER = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "run-lock-keepalive");
            thread.setDaemon(true);
            return thread;
        });
    }
}
