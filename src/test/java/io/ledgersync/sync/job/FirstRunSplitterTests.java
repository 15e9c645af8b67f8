package io.ledgersync.sync.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.ledgersync.sync.TestRuns;

/**
 * A data set step's first execution in its run creates its partitions without asking for earlier executions of each;
 * any later one (a restart) is Batch's splitter's, which resumes what did not complete (issue 27).
 */
class FirstRunSplitterTests {

    private final JobRepository repository = mock(JobRepository.class);
    private final JobExecution run = TestRuns.execution(9L, Instant.parse("2026-11-28T00:00:00Z"));
    private final StepExecution invoices = new StepExecution(20L, "invoices", run);
    private final Partitioner twoCompanies = gridSize -> {
        Map<String, ExecutionContext> partitions = new LinkedHashMap<>();
        partitions.put("company-a", new ExecutionContext(Map.<String, Object>of("companyId", "a")));
        partitions.put("company-b", new ExecutionContext(Map.<String, Object>of("companyId", "b")));
        return partitions;
    };
    private final FirstRunSplitter splitter = FirstRunSplitter.of(repository, twoCompanies, worker());

    @Test
    void theStepsFirstExecutionInItsRunCreatesEachPartitionWithItsContextAndAsksForNoEarlierOne() throws Exception {
        when(repository.getStepExecutionCount(run.getJobInstance(), "invoices")).thenReturn(1L);
        when(repository.createStepExecution(anyString(), eq(run)))
                .thenAnswer(call -> new StepExecution(call.getArgument(0, String.class), run));

        Set<StepExecution> partitions = splitter.split(invoices, 4);

        assertThat(partitions).extracting(StepExecution::getStepName).containsExactly("invoices:company-a", "invoices:company-b");
        assertThat(partitions).extracting(partition -> partition.getExecutionContext().getString("companyId"))
                .containsExactly("a", "b");
        partitions.forEach(partition -> verify(repository).updateExecutionContext(partition));
        assertThat(invoices.getExecutionContext().getLong(FirstRunSplitter.GRID_SIZE)).as("what a restart reads back").isEqualTo(4);
        verify(repository).updateExecutionContext(invoices);
        verify(repository, never()).getLastStepExecution(any(), anyString());
    }

    @Test
    void aRestartOfTheStepIsBatchsOwnSplitWhichLooksUpEachPartitionsLastExecution() throws Exception {
        when(repository.getStepExecutionCount(run.getJobInstance(), "invoices")).thenReturn(2L);
        invoices.getExecutionContext().putLong(FirstRunSplitter.GRID_SIZE, 4);
        StepExecution completedBefore = new StepExecution(5L, "invoices:company-a", TestRuns.execution(8L, Instant.EPOCH));
        completedBefore.setStatus(org.springframework.batch.core.BatchStatus.COMPLETED);
        when(repository.getLastStepExecution(run.getJobInstance(), "invoices:company-a")).thenReturn(completedBefore);
        when(repository.createStepExecution(anyString(), eq(run)))
                .thenAnswer(call -> new StepExecution(call.getArgument(0, String.class), run));

        Set<StepExecution> partitions = splitter.split(invoices, 4);

        assertThat(partitions).as("the completed partition is not run again").extracting(StepExecution::getStepName)
                .containsExactly("invoices:company-b");
        verify(repository).getLastStepExecution(run.getJobInstance(), "invoices:company-b");
    }

    private static Step worker() {
        return new Step() {
            @Override
            public String getName() {
                return "invoices";
            }

            @Override
            public void execute(StepExecution execution) {
            }
        };
    }
}
