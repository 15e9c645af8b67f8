package io.ledgersync.warehouse.lock;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

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
 * databases of one server never block each other.
 * <p>
 * A session can also end under a live holder: an {@code idle_session_timeout}, a DBA's
 * {@code pg_terminate_backend}, a NAT that drops the connection. So the holder checks its session every few
 * seconds; when it is gone it takes the lock again on a new session if nobody else did (the run goes on), and
 * otherwise tells the holder that the lock is lost ({@link Held#whenLost}), which stops its run. Thread-safe.
 */
public final class AdvisoryRunLocks implements RunLocks {

    private static final Logger log = LoggerFactory.getLogger(AdvisoryRunLocks.class);

    /** The first half of every ledgersync lock key ("Ldgr"), so that it cannot collide with another application's. */
    static final int NAMESPACE = 0x4C646772;

    /**
     * How often a held lock's session is checked: a lost lock is noticed within this long (another instance may run
     * beside ours until then), and the session is never idle longer, which keeps idle-connection killers (a firewall,
     * a NAT, a server's {@code idle_session_timeout} of more than this) from ending it in the first place.
     */
    static final Duration CHECK_EVERY = Duration.ofSeconds(5);

    /** The server gives up on a vanished client after about idle + interval × count = 2 min, instead of the OS's 2 h. */
    private static final String SERVER_KEEPALIVES = "SELECT set_config('tcp_keepalives_idle', '60', false),"
            + " set_config('tcp_keepalives_interval', '10', false), set_config('tcp_keepalives_count', '6', false)";

    private final DataSource connections;
    private final String holderName;
    private final Duration checkEvery;

    /**
     * @param connections where each lock gets its own connection: not a pool, so that closing the
     *        connection ends the session (a pooled one works too, its lock is unlocked explicitly)
     * @param holderName how the holder is shown to others ({@code application_name}, at most 63 characters)
     */
    public AdvisoryRunLocks(DataSource connections, String holderName) {
        this(connections, holderName, CHECK_EVERY);
    }

    /** As above, checking each held lock's session every {@code checkEvery} (tests: less than the default). */
    public AdvisoryRunLocks(DataSource connections, String holderName, Duration checkEvery) {
        this.connections = connections;
        this.holderName = holderName;
        this.checkEvery = checkEvery;
    }

    @Override
    public Optional<Held> tryAcquire(String name) {
        return lockedSession(name).map(session -> new SessionLock(this, name, session, checkEvery));
    }

    /** A new session that holds the lock {@code name}; empty when someone else holds it. */
    Optional<Connection> lockedSession(String name) {
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
            return Optional.of(connection);
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

    static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // the session is gone either way, and its lock with it
            }
        }
    }
}
