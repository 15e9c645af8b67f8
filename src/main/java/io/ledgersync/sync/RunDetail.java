package io.ledgersync.sync;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.StepExecution;

import io.ledgersync.warehouse.SyncStates.Reconciliation;

/**
 * One run as the REST API shows it: what was asked, how it stands, and per company and data set
 * what happened (pages, records, deferral, error with its correlationId), with the reconciliation
 * of what was read against what the Data API announced.
 *
 * @param progress the live progress while the run executes in this process; null otherwise
 */
public record RunDetail(long runId, SyncRequest request, String status, String exitCode, String exitDescription,
        LocalDateTime startedAt, LocalDateTime endedAt, RunProgress progress, List<PartitionDetail> partitions,
        List<Reconciliation> reconciliation) {

    /**
     * @param outcome a {@link PartitionOutcome}, or the Batch status ({@code STARTED}, ...) while the partition runs
     * @param pages pages read for this partition over the whole run (a resume adds to them)
     * @param records records written for this partition over the whole run
     * @param companyId null for a top-level data set
     */
    public record PartitionDetail(String dataSet, String companyId, String status, String outcome, long pages, long records,
            String error, String correlationId) {
    }

    static RunDetail of(JobExecution execution, RunProgress progress, List<Reconciliation> reconciliation) {
        List<PartitionDetail> partitions = new ArrayList<>();
        for (StepExecution step : execution.getStepExecutions()) {
            if (!PartitionContext.isPartition(step)) {
                continue;
            }
            PartitionContext context = PartitionContext.of(step);
            String outcome = step.getStatus().isRunning() ? step.getStatus().name() : PartitionOutcome.of(step).name();
            partitions.add(new PartitionDetail(context.dataSet(), context.companyId(), step.getStatus().name(), outcome,
                    context.pagesRead(), context.recordsRead(), context.error(), context.correlationId()));
        }
        partitions.sort(Comparator.comparing(PartitionDetail::dataSet)
                .thenComparing(p -> p.companyId() == null ? "" : p.companyId()));
        return new RunDetail(execution.getId(), SyncRequest.from(execution.getJobParameters()), execution.getStatus().name(),
                execution.getExitStatus().getExitCode(), firstLine(execution.getExitStatus().getExitDescription()),
                execution.getStartTime(), execution.getEndTime(), progress, List.copyOf(partitions), reconciliation);
    }

    /** Batch stores a stack trace as the description of a failure; its first line says what it was. */
    private static String firstLine(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline).strip();
    }
}
