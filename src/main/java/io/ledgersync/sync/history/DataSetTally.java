package io.ledgersync.sync.history;

import java.time.Instant;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.step.StepExecution;

import io.ledgersync.sync.PartitionOutcome;
import io.ledgersync.sync.walk.PartitionContext;

/** The partitions of one data set added up, for a {@link SyncReport}. Not thread-safe: one report adds them. */
final class DataSetTally {

    private int partitions;
    private int companies;
    private int failed;
    private int deferred;
    private int unsupported;
    private int stopped;
    private int unfinished;
    private long pages;
    private long records;
    private long runPages;
    private long runRecords;
    private Instant lastEndedAt;
    private long rejected;
    private int deletesRefused;

    /** A partition of this execution. */
    void add(StepExecution step) {
        PartitionContext context = PartitionContext.of(step);
        PartitionOutcome outcome = PartitionOutcome.of(step);
        partitions++;
        companies += context.companyId() != null ? 1 : 0;
        failed += outcome == PartitionOutcome.FAILED ? 1 : 0;
        deferred += outcome == PartitionOutcome.DEFERRED ? 1 : 0;
        unsupported += outcome == PartitionOutcome.UNSUPPORTED ? 1 : 0;
        stopped += outcome == PartitionOutcome.STOPPED ? 1 : 0;
        unfinished += step.getStatus() == BatchStatus.COMPLETED ? 0 : 1;
        pages += context.counts().pagesReadThisExecution();
        records += context.counts().recordsReadThisExecution();
        rejected += context.counts().rejectedThisExecution();
        deletesRefused += context.outcome().deletesRefused().isPresent() ? 1 : 0;
        carry(step);
        Instant ended = BatchTimes.instant(step.getEndTime());
        lastEndedAt = ended == null || lastEndedAt != null && lastEndedAt.isAfter(ended) ? lastEndedAt : ended;
    }

    /** A partition's counts over the whole run: its context carries them across executions. */
    void carry(StepExecution step) {
        PartitionContext context = PartitionContext.of(step);
        runPages += context.counts().pagesRead();
        runRecords += context.counts().recordsRead();
    }

    SyncReport.DataSetOutcome outcome(String dataSet) {
        return new SyncReport.DataSetOutcome(dataSet, partitions, companies, failed, deferred, unsupported, stopped,
                unfinished, pages, records, runPages, runRecords, lastEndedAt, rejected, deletesRefused);
    }
}
