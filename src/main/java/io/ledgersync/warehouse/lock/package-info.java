/**
 * Run locks: at most one run of each kind at a time, in this process (H2, which one process opens) or across
 * processes (PostgreSQL advisory locks), held for as long as their holder lives.
 */
package io.ledgersync.warehouse.lock;
