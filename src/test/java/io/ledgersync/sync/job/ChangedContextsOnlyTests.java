package io.ledgersync.sync.job;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;

import io.ledgersync.sync.TestRuns;

/** A partition's context is written only when it changed since its last write; everything else is Batch's (issue 27). */
class ChangedContextsOnlyTests {

    private final JobRepository batch = mock(JobRepository.class);
    private final JobRepository partitions = ChangedContextsOnly.of(batch);
    private final StepExecution partition = TestRuns.partition(TestRuns.execution(9L, Instant.parse("2026-11-28T00:00:00Z")),
            "invoices", "a", BatchStatus.STARTED, 0, 0, 0, 0, -1);

    @Test
    void aContextChangedSinceItsLastWriteIsWritten() {
        partition.getExecutionContext().putString("page", "/companies/a/data/invoices?page=2");

        partitions.updateExecutionContext(partition);

        verify(batch).updateExecutionContext(partition);
    }

    @Test
    void aContextUnchangedSinceItsLastWriteIsNotWrittenAgain() {
        partition.getExecutionContext().putString("page", "/companies/a/data/invoices?page=2");
        partition.getExecutionContext().clearDirtyFlag(); // what Batch's updateExecutionContext does once it has written it
        partition.getExecutionContext().putString("page", "/companies/a/data/invoices?page=2"); // the same value again

        partitions.updateExecutionContext(partition);

        verify(batch, never()).updateExecutionContext(partition);
    }

    @Test
    void theExecutionItselfIsAlwaysWrittenByBatch() {
        partitions.update(partition);

        verify(batch).update(partition);
    }
}
