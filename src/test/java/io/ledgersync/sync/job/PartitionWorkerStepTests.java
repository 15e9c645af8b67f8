package io.ledgersync.sync.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;

import io.ledgersync.sync.TestRuns;

/** A data set's worker step runs each partition in a chunk step built for that partition alone. */
class PartitionWorkerStepTests {

    private final JobExecution run = TestRuns.execution(9L, Instant.parse("2026-11-28T00:00:00Z"));

    @Test
    void eachPartitionRunsInAStepOfItsOwnBuiltForItsExecution() throws Exception {
        // given a worker step that builds a step per partition, which records the execution it ran
        List<Step> built = new ArrayList<>();
        Map<Step, StepExecution> ranBy = new ConcurrentHashMap<>();
        PartitionWorkerStep invoices = new PartitionWorkerStep("invoices", partition -> {
            Step step = new Step() {
                @Override
                public void execute(StepExecution execution) {
                    ranBy.put(this, execution);
                }
            };
            built.add(step);
            return step;
        });
        StepExecution a = TestRuns.partition(run, "invoices", "a", BatchStatus.STARTED, 0, 0, 0, 0, -1);
        StepExecution b = TestRuns.partition(run, "invoices", "b", BatchStatus.STARTED, 0, 0, 0, 0, -1);

        // when it runs two partitions
        invoices.execute(a);
        invoices.execute(b);

        // then each ran in a step of its own, built for it: no reader or writer is shared between partitions
        assertThat(built).hasSize(2).doesNotHaveDuplicates();
        assertThat(ranBy).containsEntry(built.get(0), a).containsEntry(built.get(1), b);
        assertThat(invoices.getName()).as("the name a remote worker looks the step up by").isEqualTo("invoices");
        assertThat(invoices.isAllowStartIfComplete()).as("a completed partition is not run again on a restart").isFalse();
    }
}
