package io.ledgersync.sync;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.StepExecution;

/**
 * What a sync run did: its outcome, and per data set how many partitions, pages and records.
 *
 * @param runId the job execution id, also stamped on every row the run wrote
 * @param failures the cause of each failure, most specific first, without duplicates
 */
public record SyncReport(long runId, BatchStatus status, Duration duration, List<DataSetOutcome> dataSets,
        List<String> failures) {

    /**
     * @param partitions one per company for a company data set, one for a top-level data set
     * @param companies how many of the partitions were a company's (0 for a top-level data set)
     */
    public record DataSetOutcome(String dataSet, int partitions, int companies, int failedPartitions, long pages,
            long records) {
    }

    public boolean successful() {
        return status == BatchStatus.COMPLETED;
    }

    public long records(String dataSet) {
        return dataSets.stream().filter(d -> d.dataSet().equals(dataSet)).mapToLong(DataSetOutcome::records).sum();
    }

    /** One line for logs and the command line, e.g. "companies: 3 records; invoices: 750 records from 3 companies". */
    public String summary() {
        StringBuilder text = new StringBuilder("Sync run ").append(runId).append(' ').append(status).append(" in ")
                .append(String.format("%.1f s", duration.toMillis() / 1000.0));
        String separator = ": ";
        for (DataSetOutcome outcome : dataSets) {
            text.append(separator).append(outcome.dataSet()).append(' ').append(outcome.records()).append(" records in ")
                    .append(outcome.pages()).append(outcome.pages() == 1 ? " page" : " pages");
            if (outcome.companies() > 0) {
                text.append(" from ").append(outcome.companies()).append(outcome.companies() == 1 ? " company" : " companies");
            }
            if (outcome.failedPartitions() > 0) {
                text.append(" (").append(outcome.failedPartitions()).append(" failed)");
            }
            separator = "; ";
        }
        return text.toString();
    }

    static SyncReport of(JobExecution execution) {
        Map<String, long[]> totals = new LinkedHashMap<>(); // partitions, companies, failed, pages, records
        Set<String> failures = new LinkedHashSet<>();
        for (StepExecution step : execution.getStepExecutions()) {
            int colon = step.getStepName().indexOf(':');
            if (colon < 0) {
                totals.computeIfAbsent(step.getStepName(), name -> new long[5]);
                continue;
            }
            long[] total = totals.computeIfAbsent(step.getStepName().substring(0, colon), name -> new long[5]);
            total[0]++;
            total[1] += step.getExecutionContext().containsKey(DataSetPartitioner.COMPANY_ID) ? 1 : 0;
            total[2] += step.getStatus().isUnsuccessful() ? 1 : 0;
            total[3] += step.getExecutionContext().getLong(DataSetItemReader.PAGES_READ, 0L);
            total[4] += step.getWriteCount();
        }
        for (Throwable failure : execution.getAllFailureExceptions()) {
            failures.add(describe(failure));
        }
        List<DataSetOutcome> outcomes = new ArrayList<>();
        totals.forEach((name, t) -> outcomes.add(new DataSetOutcome(name, (int) t[0], (int) t[1], (int) t[2], t[3], t[4])));
        return new SyncReport(execution.getId(), execution.getStatus(), duration(execution), List.copyOf(outcomes),
                List.copyOf(failures));
    }

    /** The innermost cause carries the message that names the problem (status, error, correlationId). */
    private static String describe(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getMessage() == null ? cause.getClass().getName() : cause.getMessage();
    }

    private static Duration duration(JobExecution execution) {
        LocalDateTime start = execution.getStartTime();
        LocalDateTime end = execution.getEndTime();
        return start == null || end == null ? Duration.ZERO : Duration.between(start, end);
    }
}
