package io.ledgersync.sync.job;

import java.util.List;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.builder.FlowBuilder;
import org.springframework.batch.core.job.builder.FlowJobBuilder;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.flow.FlowExecutionStatus;
import org.springframework.batch.core.job.flow.JobExecutionDecider;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;

import io.ledgersync.sync.PermanentFailures;

/**
 * The order of the sync job's data set steps, in which a failed company data set holds back nobody: a step whose
 * partitions failed in part completes ({@link FailedPartitions}), the next one runs, and the run ends FAILED only
 * after the last one, when partitions of any of them failed. What no later step could get past ends the run before
 * the next step, as a failure: a permanent error of the Data API (a bad key, an account limit:
 * {@link PermanentFailures}), or a step that failed as a whole (its partitioner could not read the warehouse).
 *
 * <p>A restart of a failed run runs the flow again from the top: steps start again, and within each, only the
 * partitions whose last execution did not complete run, each from its last committed page.
 */
final class DataSetFlow {

    private static final String END_EARLY = "END_EARLY";

    private DataSetFlow() {
    }

    /** @param steps the data set steps, in catalog order (companies first) */
    static FlowJobBuilder of(JobBuilder job, List<Step> steps, PermanentFailures permanentFailures) {
        FlowBuilder<FlowJobBuilder> flow = job.flow(steps.get(0));
        Step previous = steps.get(0);
        for (Step step : steps.subList(1, steps.size())) {
            // a decider of its own in each gap: the flow knows its states by the objects that make them
            JobExecutionDecider gate = (execution, last) -> endsEarly(execution, last, permanentFailures)
                    ? new FlowExecutionStatus(END_EARLY) : FlowExecutionStatus.COMPLETED;
            flow.from(previous).on("*").to(gate);
            flow.from(gate).on(END_EARLY).fail();
            flow.from(gate).on("*").to(step);
            previous = step;
        }
        JobExecutionDecider verdict = (execution, last) -> endsEarly(execution, last, permanentFailures)
                || FailedPartitions.anyIn(execution) ? FlowExecutionStatus.FAILED : FlowExecutionStatus.COMPLETED;
        flow.from(previous).on("*").to(verdict);
        flow.from(verdict).on(FlowExecutionStatus.FAILED.getName()).fail();
        flow.from(verdict).on("*").end();
        return flow.end();
    }

    private static boolean endsEarly(JobExecution execution, StepExecution last,
            PermanentFailures permanentFailures) {
        return permanentFailures.of(execution.getId()).isPresent()
                || last != null && last.getStatus() == BatchStatus.FAILED;
    }
}
