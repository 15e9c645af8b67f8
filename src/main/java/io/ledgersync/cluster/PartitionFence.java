package io.ledgersync.cluster;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;

/**
 * Makes sure a partition runs on one worker at a time. A request can reach a second worker while the first still runs
 * its partition: the broker hands it back when the first worker's connection drops for a moment, or when its consumer
 * timeout ends a long partition's delivery, and a request can be sent twice. The fence is a PostgreSQL session-level
 * advisory lock on the partition (its step execution id), taken before the partition's first page on a connection of
 * its own and held until it ends. The server releases it when that session ends: a worker killed or gone loses it at
 * once, and the worker that received the request again resumes the partition without waiting for a lease to run out.
 * A worker that finds the fence taken waits for it, holding its copy of the request: when the partition has ended
 * there, the copy is discarded as already done; when that worker died, this one resumes it. Holding the copy keeps the
 * request in the broker's hands whatever happens to the first worker. Each held fence's connection says something
 * every 30 s, so that no idle-session timeout or NAT ends the session under a long partition. Thread-safe.
 */
final class PartitionFence {

    private static final Logger log = LoggerFactory.getLogger(PartitionFence.class);

    /** The first half of the lock key ("Ldpt"): apart from the run locks' ("Ldgr") and any other application's. */
    static final int NAMESPACE = 0x4C647074;
    private static final long KEEP_ALIVE_SECONDS = 30;
    private static final ScheduledExecutorService KEEP_ALIVE = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "partition-fence-keepalive");
        thread.setDaemon(true);
        return thread;
    });

    private final DataSource connections;
    private final String holderName;

    /**
     * @param connections one connection per fence, held for the whole partition: not the pool's, so that closing it ends
     *        the session
     * @param holderName the worker as others see it ({@code application_name})
     */
    PartitionFence(DataSource connections, String holderName) {
        this.connections = connections;
        this.holderName = holderName;
    }

    /**
     * Takes the partition's fence, waiting as long as another worker's session holds it.
     *
     * @param name the partition in words, for the line that says this worker waits
     */
    Held take(long stepExecutionId, String name) {
        Connection connection = null;
        try {
            connection = connections.getConnection();
            connection.setAutoCommit(true); // the lock belongs to the session: no transaction stays open for hours
            try (PreparedStatement named = connection.prepareStatement("SELECT set_config('application_name', ?, false)")) {
                named.setString(1, holderName);
                named.execute();
            }
            if (!lock(connection, "pg_try_advisory_lock", stepExecutionId)) {
                log.info("Partition {} is already running, here or on another worker (its request was delivered again): waiting for"
                        + " it to end there; it resumes here only if that worker dies", name);
                lock(connection, "pg_advisory_lock", stepExecutionId);
            }
            return new Held(connection, name);
        } catch (SQLException e) {
            if (connection != null) {
                try {
                    connection.close();
                } catch (SQLException ignored) {
                    // the session is gone either way, and the lock with it
                }
            }
            throw new DataAccessResourceFailureException("Cannot take the fence of partition " + name + ": " + e.getMessage(), e);
        }
    }

    private static boolean lock(Connection connection, String function, long stepExecutionId) throws SQLException {
        try (PreparedStatement lock = connection.prepareStatement("SELECT " + function + "(?, ?)::text")) {
            lock.setInt(1, NAMESPACE);
            lock.setInt(2, (int) stepExecutionId); // ids 2^32 apart share a fence: one would wait for the other, no more
            try (ResultSet result = lock.executeQuery()) {
                result.next();
                return !"false".equals(result.getString(1)); // pg_advisory_lock answers void, once it has the lock
            }
        }
    }

    /** A fence held by its connection's session; closing it ends the session, and the lock with it. */
    static final class Held implements AutoCloseable {

        private final Connection connection;
        private final String name;
        private final ScheduledFuture<?> keepAlive;
        private boolean closed; // guarded by this

        private Held(Connection connection, String name) {
            this.connection = connection;
            this.name = name;
            this.keepAlive = KEEP_ALIVE.scheduleWithFixedDelay(this::ping, KEEP_ALIVE_SECONDS, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS);
        }

        private synchronized void ping() {
            if (closed) {
                return;
            }
            try (Statement statement = connection.createStatement()) {
                statement.execute("SELECT 1");
            } catch (SQLException e) {
                log.error("Lost the fence of partition {}: its PostgreSQL session failed ({}). A request for it delivered again may"
                        + " now run it on another worker too", name, e.getMessage());
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
            try {
                connection.close();
            } catch (SQLException e) {
                log.debug("Closing the fence of partition {}: {}", name, e.getMessage());
            }
        }
    }
}
