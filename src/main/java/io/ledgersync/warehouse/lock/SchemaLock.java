package io.ledgersync.warehouse.lock;

/**
 * Keeps processes apart while they bring the data-set tables in line with their files: processes that start together on
 * one new warehouse (a cluster's workers) would otherwise both create a table or add a column, and all but one fail.
 * Each database has its own kind ({@code Dialect#schemaLock}). Implementations are thread-safe.
 */
@FunctionalInterface
public interface SchemaLock {

    /** Runs {@code work} while no other process on the same database runs work under this lock; waits for one that does. */
    void exclusively(Runnable work);
}
