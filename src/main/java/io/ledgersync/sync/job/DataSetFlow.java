package io.ledgersync.sync.job;

import java.util.ArrayList;
import java.util.List;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.builder.FlowBuilder;
import org.springframework.batch.core.job.builder.FlowJobBuilder;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.flow.Flow;
import org.springframework.batch.core.job.flow.FlowExecutionStatus;
import org.springframework.batch.core.job.flow.JobExecutionDecider;
import org.springframework.batch.core.job.flow.support.SimpleFlow;
import org.springframework.batch.core.step.Step;
import org.springframework.core.task.TaskExecutor;

import io.ledgersync.sync.PermanentFailures;

/**
 * The order of the sync job's data set steps, in which a failed company data set holds back nobody: a step whose
 * partitions failed in part completes ({@link FailedPartitions}), the next one runs, and the run ends FAILED only
 * after the last one, when partitions of any of them failed. What no later step could get past ends the run before
 * the next step, as a failure: a permanent error of the Data API (a bad key, an account limit:
 * {@link PermanentFailures}), or a step that failed as a whole (its partitioner could not read the warehouse).
 *
 * <p>The top-level data sets (companies) run first, one after the other; then, in parallel
 * ({@code ledgersync.sync.data-sets-in-parallel}), every company data set, whose only parent is {@code companies}:
 * each data set's step hands its partitions to the same bounded pool ({@code ledgersync.sync.concurrency}), so a night
 * lasts about as long as all its company data sets' requests take at that concurrency, not the sum of each data set's
 * slowest partition. Off, and in cluster mode ({@link SyncJobConfiguration}), they run one after the other in catalog
 * order, as before.
 *
 * <p>A restart of a failed run runs the flow again from the top: steps start again, and within each, only the
 * partitions whose last execution did not complete run, each from its last committed page.
 */
final class DataSetFlow {

    private static final String END_EARLY = "END_EARLY";

    private DataSetFlow() {
    }

    /**
     * @param topLevel the steps of the top-level data sets (companies), in catalog order; at least one
     * @param perCompany the steps of the company data sets, in catalog order
     * @param parallel the threads that run the company data sets' steps side by side, one each; null: one after the
     *     other
     */
    static FlowJobBuilder of(JobBuilder job, List<Step> topLevel, List<Step> perCompany, TaskExecutor parallel,
            PermanentFailures permanentFailures) {
        boolean split = parallel != null && perCompany.size() > 1;
        List<Step> inOrder = new ArrayList<>(topLevel);
        if (!split) {
            inOrder.addAll(perCompany);
        }
        FlowBuilder<FlowJobBuilder> flow = job.flow(inOrder.get(0));
        Step previous = inOrder.get(0);
        for (Step step : inOrder.subList(1, inOrder.size())) {
            flow.from(gateAfter(flow, previous, permanentFailures)).on("*").to(step);
            previous = step;
        }
        JobExecutionDecider verdict = (execution, last) -> permanentFailures.of(execution.getId()).isPresent()
                || last != null && last.getStatus() == BatchStatus.FAILED || FailedPartitions.anyIn(execution)
                ? FlowExecutionStatus.FAILED : FlowExecutionStatus.COMPLETED;
        if (split) {
            Flow companyDataSets = new FlowBuilder<SimpleFlow>("company data sets").split(parallel)
                    .add(perCompany.stream().map(DataSetFlow::alone).toArray(Flow[]::new))
                    .build();
            flow.from(gateAfter(flow, previous, permanentFailures)).on("*").to(companyDataSets);
            // a split ends FAILED when one of its steps failed as a whole (a stopped step stops the job itself, as ever)
            flow.from(companyDataSets).on(FlowExecutionStatus.FAILED.getName()).fail();
            flow.from(companyDataSets).on("*").to(verdict);
        } else {
            flow.from(previous).on("*").to(verdict);
        }
        flow.from(verdict).on(FlowExecutionStatus.FAILED.getName()).fail();
        flow.from(verdict).on("*").end();
        return flow.end();
    }

    /**
     * A company data set's step as a flow of its own in the split: it fails the split only when it failed as a whole
     * (exit code FAILED). Any other exit code ends it completed, as the gates take them one after the other: partitions
     * failed in part ({@link FailedPartitions}), deferred or unsupported are for the verdict and the report, not a
     * failure of the flow (left to Batch's default, every code but COMPLETED would fail the run).
     */
    private static Flow alone(Step step) {
        return new FlowBuilder<SimpleFlow>(step.getName()).start(step)
                .on(ExitStatus.FAILED.getExitCode()).fail()
                .from(step).on("*").end()
                .build();
    }

    /** The gate after a step, which ends the run early; the caller says where it goes on to. */
    private static JobExecutionDecider gateAfter(FlowBuilder<FlowJobBuilder> flow, Step step, PermanentFailures permanentFailures) {
        // a decider of its own in each gap: the flow knows its states by the objects that make them
        JobExecutionDecider gate = (execution, last) -> permanentFailures.of(execution.getId()).isPresent()
                || last != null && last.getStatus() == BatchStatus.FAILED ? new FlowExecutionStatus(END_EARLY) : FlowExecutionStatus.COMPLETED;
        flow.from(step).on("*").to(gate);
        flow.from(gate).on(END_EARLY).fail();
        return gate;
    }
}
