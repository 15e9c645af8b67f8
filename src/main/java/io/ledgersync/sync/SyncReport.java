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
 * What a sync run did: its outcome, and per data set how many partitions, pages and records, and
 * how many company data sets were deferred (409) or unsupported (404).
 *
 * @param runId the job execution id, also stamped on every row the run wrote
 * @param resumed whether this run resumed an earlier one that had not finished
 * @param exitCode the run's exit code: {@code COMPLETED}, {@code COMPLETED_WITH_DEFERRALS}, {@code FAILED}, ...
 * @param failures the cause of each failure, most specific first, without duplicates
 * @param failureCauses the innermost exception of each failure, for callers that classify them
 */
public record SyncReport(long runId, boolean resumed, BatchStatus status, String exitCode, Duration duration, List<DataSetOutcome> dataSets,
        List<String> failures, List<Throwable> failureCauses) {

    /**
     * @param partitions one per company for a company data set, one for a top-level data set
     * @param companies how many of the partitions were a company's (0 for a top-level data set)
     */
    public record DataSetOutcome(String dataSet, int partitions, int companies, int failed, int deferred, int unsupported,
            long pages, long records) {
    }

    public boolean successful() {
        return status == BatchStatus.COMPLETED;
    }

    public long records(String dataSet) {
        return dataSets.stream().filter(d -> d.dataSet().equals(dataSet)).mapToLong(DataSetOutcome::records).sum();
    }

    /** Company data sets deferred by this run because the Data API answered 409. */
    public int deferred() {
        return dataSets.stream().mapToInt(DataSetOutcome::deferred).sum();
    }

    public int unsupported() {
        return dataSets.stream().mapToInt(DataSetOutcome::unsupported).sum();
    }

    /** One line for logs and the command line. */
    public String summary() {
        StringBuilder text = new StringBuilder("Sync run ").append(runId).append(resumed ? " (resumed) " : " ").append(status)
                .append(" in ").append(String.format("%.1f s", duration.toMillis() / 1000.0));
        String separator = ": ";
        for (DataSetOutcome outcome : dataSets) {
            if (outcome.partitions() == 0) {
                continue; // not part of this run
            }
            text.append(separator).append(outcome.dataSet()).append(' ').append(outcome.records()).append(" records in ")
                    .append(outcome.pages()).append(outcome.pages() == 1 ? " page" : " pages");
            if (outcome.companies() > 0) {
                text.append(" from ").append(outcome.companies()).append(outcome.companies() == 1 ? " company" : " companies");
            }
            List<String> notes = new ArrayList<>();
            if (outcome.deferred() > 0) {
                notes.add(outcome.deferred() + " deferred");
            }
            if (outcome.unsupported() > 0) {
                notes.add(outcome.unsupported() + " unsupported");
            }
            if (outcome.failed() > 0) {
                notes.add(outcome.failed() + " failed");
            }
            if (!notes.isEmpty()) {
                text.append(" (").append(String.join(", ", notes)).append(')');
            }
            separator = "; ";
        }
        return text.toString();
    }

    static SyncReport of(JobExecution execution, boolean resumed) {
        Map<String, long[]> totals = new LinkedHashMap<>(); // partitions, companies, failed, deferred, unsupported, pages, records
        for (StepExecution step : execution.getStepExecutions()) {
            int colon = step.getStepName().indexOf(':');
            long[] total = totals.computeIfAbsent(colon < 0 ? step.getStepName() : step.getStepName().substring(0, colon),
                    name -> new long[7]);
            if (colon < 0) {
                continue;
            }
            String exitCode = step.getExitStatus().getExitCode();
            total[0]++;
            total[1] += step.getExecutionContext().containsKey(DataSetPartitioner.COMPANY_ID) ? 1 : 0;
            total[2] += step.getStatus().isUnsuccessful() ? 1 : 0;
            total[3] += PartitionOutcomeListener.DEFERRED.equals(exitCode) ? 1 : 0;
            total[4] += PartitionOutcomeListener.UNSUPPORTED.equals(exitCode) ? 1 : 0;
            total[5] += step.getExecutionContext().getLong(DataSetItemReader.PAGES_READ, 0L);
            total[6] += step.getWriteCount();
        }
        Set<String> failures = new LinkedHashSet<>();
        List<Throwable> causes = new ArrayList<>();
        // The partitions' failures name the cause; a manager step only says that a partition failed.
        List<Throwable> thrown = new ArrayList<>();
        execution.getStepExecutions().stream().filter(step -> step.getStepName().contains(":"))
                .forEach(step -> thrown.addAll(step.getFailureExceptions()));
        if (thrown.isEmpty()) {
            thrown.addAll(execution.getAllFailureExceptions());
        }
        for (Throwable failure : thrown) {
            if (failures.add(describe(failure))) {
                causes.add(innermost(failure));
            }
        }
        List<DataSetOutcome> outcomes = new ArrayList<>();
        totals.forEach((name, t) -> outcomes.add(new DataSetOutcome(name, (int) t[0], (int) t[1], (int) t[2], (int) t[3], (int) t[4],
                t[5], t[6])));
        return new SyncReport(execution.getId(), resumed, execution.getStatus(), execution.getExitStatus().getExitCode(),
                duration(execution), List.copyOf(outcomes),
                List.copyOf(failures), List.copyOf(causes));
    }

    /** The innermost cause carries the message that names the problem (status, error, correlationId). */
    static String describe(Throwable failure) {
        Throwable cause = innermost(failure);
        return cause.getMessage() == null ? cause.getClass().getName() : cause.getMessage();
    }

    private static Throwable innermost(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            if (cause instanceof RunStoppedException) {
                return cause; // its own message says why the partition was not read
            }
            cause = cause.getCause();
        }
        return cause;
    }

    private static Duration duration(JobExecution execution) {
        LocalDateTime start = execution.getStartTime();
        LocalDateTime end = execution.getEndTime();
        return start == null || end == null ? Duration.ZERO : Duration.between(start, end);
    }
}
