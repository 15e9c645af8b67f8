package io.ledgersync.warehouse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import javax.sql.DataSource;

import org.jdbi.v3.core.Jdbi;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Makes a start's change of the data-set tables all or nothing, so that a start that fails mid-way (a fill from raw
 * that meets a value its new column cannot hold, a CREATE TABLE that the database refuses) leaves the warehouse as it
 * found it. On a database whose DDL is transactional (PostgreSQL) the change is one transaction, which every handle of
 * the warehouse's {@link Jdbi} joins; where each DDL statement commits by itself (H2), each change notes the statement
 * that takes it back ({@link #madeChange}), and a failure runs them, newest first. Changes are noted per thread: the
 * one start that changes the tables runs under the schema lock. Thread-safe.
 */
final class AllOrNothing {

    /** Marks a noted change that no statement takes back. */
    private static final String LASTING = "lasting:";

    private final Jdbi jdbi;
    private final boolean transactionalDdl;
    private final TransactionTemplate transaction;
    private final ThreadLocal<Deque<String>> undo = new ThreadLocal<>();

    /** @param dataSource the data source that the {@code jdbi}'s transaction-aware proxy wraps */
    AllOrNothing(Jdbi jdbi, DataSource dataSource, boolean transactionalDdl) {
        this.jdbi = jdbi;
        this.transactionalDdl = transactionalDdl;
        this.transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    }

    /**
     * Runs {@code work}; if it fails after it changed something, takes all of it back.
     *
     * @throws SchemaChangeFailedException when {@code work} failed after a change, saying whether all was taken back;
     *         a failure before any change is thrown as it is
     */
    void run(Runnable work) {
        Deque<String> changes = new ArrayDeque<>();
        undo.set(changes);
        try {
            if (transactionalDdl) {
                transaction.executeWithoutResult(status -> work.run());
            } else {
                work.run();
            }
        } catch (RuntimeException failure) {
            if (changes.isEmpty()) {
                throw failure;
            }
            throw new SchemaChangeFailedException(failure, transactionalDdl ? List.of() : takeBack(changes));
        } finally {
            undo.remove();
        }
    }

    /**
     * Notes a change just made, as the statement that takes it back; outside {@link #run} (a test's direct call),
     * nothing.
     */
    void madeChange(String undoStatement) {
        Deque<String> changes = undo.get();
        if (changes != null) {
            changes.push(undoStatement);
        }
    }

    /**
     * Notes a change that cannot be taken back (a rebuild, once the new table has the old one's name): a failure after
     * it says that it is left.
     */
    void madeLastingChange(String description) {
        madeChange(LASTING + description);
    }

    /** @return what could not be taken back: each statement with the database's reason, or a lasting change */
    private List<String> takeBack(Deque<String> changes) {
        List<String> left = new ArrayList<>();
        for (String statement : changes) {
            if (statement.startsWith(LASTING)) {
                left.add(statement.substring(LASTING.length()));
                continue;
            }
            try {
                jdbi.useHandle(handle -> handle.execute(statement));
            } catch (RuntimeException e) {
                left.add(statement + " (" + SchemaChangeFailedException.innermostMessage(e) + ")");
            }
        }
        return left;
    }
}
