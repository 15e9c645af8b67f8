package io.ledgersync.sync.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.TestJobRepository;
import io.ledgersync.sync.TestRuns;

/** Which run a launch resumes: the latest of its lock, when it has the same request and is not finished. */
class RunLookupTests {

    private final JobRepository repository = TestJobRepository.fresh().repository();
    private final RunLookup lookup = new RunLookup(repository);
    private final SyncRequest invoicesOfA = SyncRequest.of("invoices", "a");

    @Test
    void aFullRefreshThatFailedBeforeTheKindsWereOneEnumIsResumedByAFullRefreshOfItsRequest() {
        JobExecution failed = run(TestRuns.parametersBefore("FULL", "full"), BatchStatus.FAILED);

        assertThat(lookup.unfinished(invoicesOfA.withFullRefresh())).contains(failed);
        assertThat(lookup.unfinished(invoicesOfA)).as("an incremental run takes its lock, but is another request").isEmpty();
        assertThat(lookup.lookingActive(SyncRequest.Kind.INCREMENTAL.lockName())).isEmpty();
    }

    @Test
    void aRunLeftUnknownIsFinishedSoALaunchOfItsRequestStartsAnew() {
        run(invoicesOfA.toJobParameters(1L), BatchStatus.UNKNOWN);

        assertThat(lookup.unfinished(invoicesOfA)).isEmpty();
    }

    @Test
    void aRunThatLooksActiveIsFoundByEveryKindOfItsLock() {
        JobExecution killed = run(invoicesOfA.withFullRefresh().toJobParameters(1L), BatchStatus.STARTED);

        assertThat(lookup.lookingActive(SyncRequest.Kind.INCREMENTAL.lockName())).containsExactly(killed);
        assertThat(lookup.lookingActive(SyncRequest.Kind.DEFERRED.lockName())).isEmpty();
    }

    private JobExecution run(JobParameters parameters, BatchStatus status) {
        JobInstance instance = repository.createJobInstance(SyncRequest.JOB_NAME, parameters);
        JobExecution execution = repository.createJobExecution(instance, parameters, new ExecutionContext());
        execution.setStatus(status);
        execution.setStartTime(LocalDateTime.now());
        repository.update(execution);
        return execution;
    }
}
