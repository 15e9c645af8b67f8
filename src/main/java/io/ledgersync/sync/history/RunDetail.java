package io.ledgersync.sync.history;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.StepExecution;

import io.ledgersync.sync.PartitionOutcome;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.walk.CountKeys;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.warehouse.state.SyncStates.Reconciliation;

/**
 * One run as the REST API shows it: what was asked, how it stands, and per company and data set
 * what happened (pages, records, deferral, error with its correlationId), the failed ones first, with the
 * reconciliation of what was read against what the Data API announced. A resumed run shows its whole run: the
 * partitions an earlier execution completed too, and for each count this execution's and the whole
 * run's.
 *
 * @param resumedFrom the run this one resumed; null when it is the first execution of its request
 * @param exitCode Batch's exit code: free text ({@code COMPLETED_WITH_DEFERRALS}, a partition's {@code UNSUPPORTED},
 *     {@code EXECUTING} ...), not an enum
 * @param startedAt when this execution started; null before it has
 * @param endedAt when it ended; null while it runs
 * @param progress the live progress while the run executes in this process; null otherwise
 */
public record RunDetail(long runId, Long resumedFrom, Request request, BatchStatus status, String exitCode, String exitDescription,
        Instant startedAt, Instant endedAt, Totals totals, RunProgress progress, List<PartitionDetail> partitions,
        List<Reconciliation> reconciliation) {

    /**
     * What the run was asked, in the words of {@code POST /api/runs}.
     *
     * @param mode the {@link SyncRequest.Kind#word word} of its kind: {@code incremental}, {@code full} (a full refresh)
     *     or {@code deferred}
     * @param acceptDeletes whether the full refresh marks deletes beyond the safety bound ({@link SyncRequest#acceptDeletes})
     */
    public record Request(String mode, List<String> datasets, List<String> companies, boolean acceptDeletes) {

        static Request of(SyncRequest request) {
            return new Request(request.kind().word(), request.datasets(), request.companies(), request.acceptDeletes());
        }
    }

    /**
     * The run's counts added up.
     *
     * @param pages pages read by this execution
     * @param records records written by this execution
     * @param runPages pages read over the whole run, the earlier executions it resumed included
     * @param runRecords records written over the whole run
     * @param rejected records set aside as unstorable in {@code rejected_records} by this execution
     * @param runRejected records set aside over the whole run
     */
    public record Totals(long pages, long records, long runPages, long runRecords, long rejected, long runRejected) {
    }

    /**
     * @param ranIn the run that last ran the partition: this one, or for a partition it did not run again, an earlier one
     * @param outcome a {@link PartitionOutcome}, or the Batch status ({@code STARTED}, ...) while the partition runs: the
     *     name of one of two enums, so text
     * @param pages pages read for this partition by this execution (0 if an earlier one ran it)
     * @param records records written for this partition by this execution
     * @param runPages pages read for this partition over the whole run
     * @param runRecords records written for this partition over the whole run
     * @param rejected records of this partition set aside in {@code rejected_records} by this execution (issue 17)
     * @param runRejected records of this partition set aside over the whole run
     * @param companyId null for a top-level data set
     */
    public record PartitionDetail(String dataSet, String companyId, long ranIn, BatchStatus status, String outcome, long pages,
            long records, long runPages, long runRecords, long rejected, long runRejected, String error, String correlationId) {
    }

    private static final Pattern CLASS_NAME = Pattern.compile("^\\s*([a-z_$][\\w$]*\\.)+[A-Z][\\w$]*(:|$)");

    public static RunDetail of(RunPartitions run, RunProgress progress, List<Reconciliation> reconciliation) {
        JobExecution execution = run.execution();
        List<PartitionDetail> partitions = new ArrayList<>();
        run.current().forEach(step -> partitions.add(partition(step, true)));
        run.carried().forEach(step -> partitions.add(partition(step, false)));
        // the failed ones first: in a run of thousands of partitions they are what its reader came for
        partitions.sort(Comparator.comparing((PartitionDetail p) -> !PartitionOutcome.FAILED.name().equals(p.outcome()))
                .thenComparing(PartitionDetail::dataSet)
                .thenComparing(p -> p.companyId() == null ? "" : p.companyId()));
        Totals totals = new Totals(partitions.stream().mapToLong(PartitionDetail::pages).sum(),
                partitions.stream().mapToLong(PartitionDetail::records).sum(),
                partitions.stream().mapToLong(PartitionDetail::runPages).sum(),
                partitions.stream().mapToLong(PartitionDetail::runRecords).sum(),
                partitions.stream().mapToLong(PartitionDetail::rejected).sum(),
                partitions.stream().mapToLong(PartitionDetail::runRejected).sum());
        return new RunDetail(execution.getId(), run.resumedFrom(), Request.of(SyncRequest.from(execution.getJobParameters())),
                execution.getStatus(), execution.getExitStatus().getExitCode(),
                firstLine(execution.getExitStatus().getExitDescription()), BatchTimes.instant(execution.getStartTime()),
                BatchTimes.instant(execution.getEndTime()), totals, progress, List.copyOf(partitions), reconciliation);
    }

    private static PartitionDetail partition(StepExecution step, boolean thisExecution) {
        PartitionContext context = PartitionContext.of(step);
        CountKeys counts = context.counts();
        String outcome = step.getStatus().isRunning() ? step.getStatus().name() : PartitionOutcome.of(step).name();
        return new PartitionDetail(context.dataSet(), context.companyId(), step.getJobExecutionId(), step.getStatus(),
                outcome, thisExecution ? counts.pagesReadThisExecution() : 0, thisExecution ? counts.recordsReadThisExecution() : 0,
                counts.pagesRead(), counts.recordsRead(), thisExecution ? counts.rejectedThisExecution() : 0, counts.rejected(),
                context.outcome().error(), context.outcome().correlationId());
    }

    /**
     * Batch stores a stack trace as the description of a failure, and an exception's class name as
     * that of a stop: the first line without the class name says what it was; the partitions' errors
     * say why.
     */
    private static String firstLine(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        int newline = text.indexOf('\n');
        String line = CLASS_NAME.matcher(newline < 0 ? text : text.substring(0, newline)).replaceFirst("").strip();
        return line.isEmpty() ? null : line;
    }
}
