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
 * each data set's step hands its partitions to the same bounded pool ({@code ledgersync.sync.concurrency}; in cluster
 * mode, the workers), so a night lasts about as long as all its company data sets' requests take at that concurrency,
 * not the sum of each data set's slowest partition. At most {@code lanes} data sets run side by side, each lane running
 * its data sets one after the other: cluster mode bounds them by the Data API's per-company cap
 * ({@link #clusterLanes}). Off, they run one after the other in catalog order, as before.
 *
 * <p>A restart of a failed run runs the flow again from the top: steps start again, and within each, only the
 * partitions whose last execution did not complete run, each from its last committed page.
 */
final class DataSetFlow {

    private static final String END_EARLY = "END_EARLY";

    private DataSetFlow() {
    }

    /**
     * How many company data sets may run side by side in cluster mode: a company has one partition of each running data
     * set in flight, wherever it runs, and a partition has one request in flight (two when it prefetches), so this many
     * keeps a company's requests under the Data API's cap across all workers, whose bulkheads each count only their own.
     * In one process the bulkhead counts them all, and the data sets are not bounded.
     *
     * @param requestsPerCompany the Data API's cap on a company's concurrent requests
     *     ({@code ledgersync.api.bulkhead.max-concurrent-requests-per-company})
     * @param prefetch whether a partition fetches its next page while it writes one ({@code ledgersync.sync.prefetch})
     */
    static int clusterLanes(int requestsPerCompany, boolean prefetch) {
        return Math.max(1, requestsPerCompany / (prefetch ? 2 : 1));
    }

    /**
     * @param topLevel the steps of the top-level data sets (companies), in catalog order; at least one
     * @param perCompany the steps of the company data sets, in catalog order
     * @param parallel the threads that run the company data sets' steps side by side, one each; null: one after the
     *     other
     * @param lanes at most this many company data sets at once; the catalog's i-th runs in lane i modulo lanes
     */
    static FlowJobBuilder of(JobBuilder job, List<Step> topLevel, List<Step> perCompany, TaskExecutor parallel, int lanes,
            PermanentFailures permanentFailures) {
        boolean split = parallel != null && perCompany.size() > 1 && lanes > 1;
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
                    .add(lanes(perCompany, lanes).stream().map(DataSetFlow::lane).toArray(Flow[]::new))
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

    /** The steps dealt to at most {@code lanes} lanes in catalog order, so that neighbours in the catalog run side by side. */
    private static List<List<Step>> lanes(List<Step> steps, int lanes) {
        List<List<Step>> dealt = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            if (i < lanes) {
                dealt.add(new ArrayList<>());
            }
            dealt.get(i % lanes).add(steps.get(i));
        }
        return dealt;
    }

    /**
     * A lane of company data sets' steps, one after the other, as a flow of its own in the split: it fails the split only
     * when a step failed as a whole (exit code FAILED), and then runs none of its later steps (a restart does). Any
     * other exit code goes on, as the gates take them one after the other: partitions failed in part
     * ({@link FailedPartitions}), deferred or unsupported are for the verdict and the report, not a failure of the flow
     * (left to Batch's default, every code but COMPLETED would fail the run).
     */
    private static Flow lane(List<Step> steps) {
        FlowBuilder<SimpleFlow> lane = new FlowBuilder<SimpleFlow>(steps.get(0).getName()).start(steps.get(0));
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            lane.from(step).on(ExitStatus.FAILED.getExitCode()).fail();
            if (i + 1 < steps.size()) {
                lane.from(step).on("*").to(steps.get(i + 1));
            } else {
                lane.from(step).on("*").end();
            }
        }
        return lane.build();
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
