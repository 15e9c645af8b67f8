package io.ledgersync.sync.history;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

/**
 * Reads Spring Batch's times as instants. Batch keeps the local time of the JVM that ran the job,
 * without a zone, so they are read back in this JVM's zone: instances sharing a job repository are
 * expected to run in one zone (UTC in the images we ship).
 */
final class BatchTimes {

    private BatchTimes() {
    }

    /** Null stays null: a run or partition that has not started or ended has no time. */
    static Instant instant(LocalDateTime batchTime) {
        return batchTime == null ? null : batchTime.atZone(ZoneId.systemDefault()).toInstant();
    }
}
