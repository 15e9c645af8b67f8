/**
 * Locks that live as long as their holder: run locks, at most one run of each kind at a time, in this process (H2,
 * which one process opens) or across processes (PostgreSQL advisory locks); and the schema lock, one process at a time
 * bringing the data-set tables in line with their files.
 */
package io.ledgersync.warehouse.lock;
