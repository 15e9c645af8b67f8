package io.ledgersync.warehouse.lock;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * PostgreSQL: a session-level advisory lock ({@code pg_advisory_lock}) on a connection held while the work runs on
 * others; a second process waits for it, then finds nothing left to do. The server releases it if the holder dies.
 * Thread-safe.
 */
public final class AdvisorySchemaLock implements SchemaLock {

    /** One bigint key ("ledgersc"): a key space apart from the run locks' two-int keys ({@link AdvisoryRunLocks}). */
    static final long KEY = 0x6c65646765727363L;

    private final Jdbi jdbi;

    public AdvisorySchemaLock(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /**
     * The lock's handle is opened, not lent by {@code useHandle}: Jdbi lends a thread's open handle to every
     * {@code useHandle} nested in it, so the work would run on the lock's connection, outside the transaction that makes
     * a start's change all or nothing (issue 25).
     */
    @Override
    public void exclusively(Runnable work) {
        try (Handle handle = jdbi.open()) {
            handle.createQuery("SELECT pg_advisory_lock(:key)").bind("key", KEY).mapToMap().one();
            try {
                work.run();
            } finally {
                handle.createQuery("SELECT pg_advisory_unlock(:key)").bind("key", KEY).mapToMap().one();
            }
        }
    }
}
