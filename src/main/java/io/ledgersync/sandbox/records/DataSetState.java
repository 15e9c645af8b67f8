package io.ledgersync.sandbox.records;

import java.time.Duration;
import java.time.Instant;

/**
 * The scripted life of one company's data set: whether it is readable yet (CONTRACT.md §3, §4.4: 409 until its sync
 * is complete, 404 on an unsupported platform) and the records inserted, changed, soft-deleted or removed, at once or
 * after a number of pages served (between two pages of a walk): its {@code Readiness} and its {@code DataSetDrift}.
 * Every method is synchronized: requests of one data set arrive on many threads.
 */
public final class DataSetState {

    /** Where the data set is in its life: readable, never requested, syncing, or not supported by the platform. */
    public enum Stage { READY, NOT_REQUESTED, SYNCING, UNSUPPORTED }

    /**
     * One batch of changes the platform makes to a data set, all at the same moment.
     *
     * @param insert new records, served first (newest first), dated now
     * @param update records revised now
     * @param softDelete records revised now with {@code metadata.isDeleted = true}; they stay in the data set
     * @param hardDelete records removed from the data set altogether
     * @param late records revised now but dated {@code lateBy} in the past: a change the platform committed late
     * @param lateBy how far in the past a late change is dated
     */
    public record Changes(int insert, int update, int softDelete, int hardDelete, int late, Duration lateBy) {

        public Changes {
            if (insert < 0 || update < 0 || softDelete < 0 || hardDelete < 0 || late < 0) {
                throw new IllegalArgumentException("changes need counts >= 0; was insert " + insert + ", update " + update
                        + ", softDelete " + softDelete + ", hardDelete " + hardDelete + ", late " + late);
            }
            lateBy = lateBy == null ? Duration.ZERO : lateBy;
            if (lateBy.isNegative()) {
                throw new IllegalArgumentException("lateBy must not be negative, was " + lateBy);
            }
        }

        /** Inserts and updates only: the page drift of earlier versions. */
        public static Changes of(int insert, int update) {
            return new Changes(insert, update, 0, 0, 0, Duration.ZERO);
        }

        /** How many existing records these changes touch. */
        int touched() {
            return update + softDelete + hardDelete + late;
        }
    }

    private final int baseSize;
    private final Readiness readiness = new Readiness();
    private final DataSetDrift drift;

    /** A data set of {@code baseSize} records before any drift, ready to be read. */
    DataSetState(int baseSize) {
        this.baseSize = baseSize;
        this.drift = new DataSetDrift(baseSize);
    }

    /** The records of the data set before any drift: how many a drift may revise at most. */
    public int baseSize() {
        return baseSize;
    }

    public synchronized void ready(Instant now) {
        readiness.ready(now);
    }

    public synchronized void notRequested() {
        readiness.notRequested();
    }

    public synchronized void readyAfterRequests(int requests) {
        readiness.readyAfterRequests(requests);
    }

    public synchronized void readyAt(Instant when) {
        readiness.readyAt(when);
    }

    public synchronized void unsupported() {
        readiness.unsupported();
    }

    public synchronized void driftAfterPages(int afterPages, Changes changes) {
        drift.afterPages(afterPages, changes);
    }

    /** Undoes every change made or scheduled: the data set as generated, hard-deleted records back. */
    public synchronized void undoChanges() {
        drift.undo();
    }

    /** Makes the changes now: the next request sees them. */
    public synchronized void change(Changes changes, Instant now) {
        drift.change(changes, now);
    }

    /** Returns when a read may go ahead; a 409 while the data set is not requested or still syncing. */
    public synchronized Stage admit(Instant now) {
        return readiness.admit(now);
    }

    /** The {@code currentStatus} of {@code dataStatus}, or null when the data set was never requested. */
    public synchronized String currentStatus(Instant now) {
        return readiness.currentStatus(now);
    }

    /** When the last sync completed, or null when none did (the seeded data sets use the company's lastSync). */
    public synchronized Instant lastSuccessfulSync(Instant now) {
        return readiness.lastSuccessfulSync(now);
    }

    public synchronized Stage stage() {
        return readiness.stage();
    }

    synchronized DriftSnapshot snapshot() {
        return drift.snapshot();
    }

    /** Counts a page being served and applies the changes due after it; the next page request sees them. */
    public synchronized void pageServed(Instant now) {
        drift.pageServed(now);
    }
}
