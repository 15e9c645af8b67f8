package io.ledgersync.sync.history;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInterruptedException;
import org.springframework.batch.core.step.StepExecution;
import io.ledgersync.sync.PartitionOutcome;
import io.ledgersync.sync.RunOutcome;
import io.ledgersync.sync.walk.PartitionContext;


/**
 * What a sync run did: its outcome, and per data set how many partitions, pages and records, and
 * how many company data sets were deferred (409), unsupported (404), stopped or failed. A resumed
 * run counts twice: what this execution read, and what the whole run has read over all its
 * executions ({@link RunPartitions}).
 *
 * @param runId the job execution id, also stamped on every row the run wrote
 * @param resumed whether this run resumed an earlier one that had not finished
 * @param outcome how the run ended
 * @param failures the cause of each failure in words, without duplicates; a stop is no failure
 * @param failureCauses the exception of each failure, in the order of {@code failures}, for callers that classify
 *        them by their chain of causes
 * @param deletesRefused each company data set of this execution whose deletes the safety bound refused, named, with
 *        how many and the command that applies them
 */
public record SyncReport(long runId, boolean resumed, BatchStatus status, RunOutcome outcome, Duration duration,
        List<DataSetOutcome> dataSets, List<String> failures, List<Throwable> failureCauses, List<String> deletesRefused) {

    /**
     * @param partitions partitions this execution ran: one per company for a company data set, one for a top-level data set
     * @param companies how many of the partitions were a company's (0 for a top-level data set)
     * @param stopped partitions stopped on request before their end; a restart of the run resumes them
     * @param unfinished partitions that did not complete (failed, stopped, or still running)
     * @param pages pages read by this execution of the run
     * @param records records written by this execution of the run
     * @param runPages pages read over the whole run: this execution and the earlier ones it resumed
     * @param runRecords records written over the whole run
     * @param lastEndedAt when its last partition of this execution ended; null while one has not
     * @param rejected records this execution set aside as unstorable (rejected_records)
     * @param deletesRefused partitions whose deletes the safety bound refused
     */
    public record DataSetOutcome(String dataSet, int partitions, int companies, int failed, int deferred, int unsupported,
            int stopped, int unfinished, long pages, long records, long runPages, long runRecords, Instant lastEndedAt,
            long rejected, int deletesRefused) {
    }

    public boolean successful() {
        return status == BatchStatus.COMPLETED;
    }

    /** Records of a data set written by this execution of the run. */
    public long records(String dataSet) {
        return dataSets.stream().filter(d -> d.dataSet().equals(dataSet)).mapToLong(DataSetOutcome::records).sum();
    }

    /** Records of a data set written over the whole run, a resumed one's earlier executions included. */
    public long runRecords(String dataSet) {
        return dataSets.stream().filter(d -> d.dataSet().equals(dataSet)).mapToLong(DataSetOutcome::runRecords).sum();
    }

    /** Company data sets deferred by this run because the Data API answered 409. */
    public int deferred() {
        return dataSets.stream().mapToInt(DataSetOutcome::deferred).sum();
    }

    public int unsupported() {
        return dataSets.stream().mapToInt(DataSetOutcome::unsupported).sum();
    }

    public int stopped() {
        return dataSets.stream().mapToInt(DataSetOutcome::stopped).sum();
    }

    /** Records this execution set aside because they cannot be stored (issue 17): source data a person must look at. */
    public long rejected() {
        return dataSets.stream().mapToLong(DataSetOutcome::rejected).sum();
    }

    /**
     * One line for logs and the command line; a resumed run adds the whole run's figures, e.g.
     * {@code invoices 150 records in 2 pages (of 250 in 3 over the whole run) from 2 companies}.
     */
    public String summary() {
        StringBuilder text = new StringBuilder("Sync run ").append(runId).append(resumed ? " (resumed) " : " ").append(status)
                .append(" in ").append(String.format("%.1f s", duration.toMillis() / 1000.0));
        String separator = ": ";
        for (DataSetOutcome outcome : dataSets) {
            if (outcome.partitions() == 0 && outcome.runPages() == 0) {
                continue; // not part of this run
            }
            text.append(separator).append(outcome.dataSet()).append(' ').append(outcome.records()).append(" records in ")
                    .append(outcome.pages()).append(outcome.pages() == 1 ? " page" : " pages");
            if (resumed) {
                text.append(" (of ").append(outcome.runRecords()).append(" in ").append(outcome.runPages())
                        .append(" over the whole run)");
            }
            if (outcome.companies() > 0) {
                text.append(" from ").append(outcome.companies()).append(outcome.companies() == 1 ? " company" : " companies");
            }
            List<String> notes = new ArrayList<>();
            note(notes, outcome.deferred(), "deferred");
            note(notes, outcome.unsupported(), "unsupported");
            note(notes, outcome.stopped(), "stopped");
            note(notes, outcome.failed(), "failed");
            note(notes, outcome.deletesRefused(), "with deletes refused");
            if (outcome.rejected() > 0) {
                notes.add(outcome.rejected() + (outcome.rejected() == 1 ? " record" : " records") + " rejected (rejected_records)");
            }
            if (!notes.isEmpty()) {
                text.append(" (").append(String.join(", ", notes)).append(')');
            }
            separator = "; ";
        }
        return text.toString();
    }

    private static void note(List<String> notes, long count, String what) {
        if (count > 0) {
            notes.add(count + " " + what);
        }
    }

    /** @param dataSets every data set of the catalog, in its order: a data set the run did not touch has 0 partitions */
    public static SyncReport of(RunPartitions run, List<String> dataSets) {
        JobExecution execution = run.execution();
        Map<String, DataSetTally> tallies = new LinkedHashMap<>();
        dataSets.forEach(name -> tallies.put(name, new DataSetTally()));
        List<Throwable> thrown = new ArrayList<>();
        Map<Throwable, String> partitionOf = new java.util.IdentityHashMap<>();
        List<String> deletesRefused = new ArrayList<>();
        for (StepExecution step : run.current()) {
            PartitionContext context = PartitionContext.of(step);
            tallies.computeIfAbsent(context.dataSet(), name -> new DataSetTally()).add(step);
            context.outcome().deletesRefused().ifPresent(why -> deletesRefused.add(named(context.describe(), why)));
            List<Throwable> failures = step.getFailureExceptions();
            if (failures.isEmpty() && PartitionOutcome.of(step) == PartitionOutcome.FAILED && context.outcome().error() != null) {
                // a partition that failed in another process: its exception stayed there, its text is in its context
                failures = List.of(new PartitionFailedElsewhere(context.outcome().error()));
            }
            thrown.addAll(failures);
            failures.forEach(failure -> partitionOf.put(failure, context.describe()));
        }
        for (StepExecution step : run.carried()) {
            tallies.computeIfAbsent(PartitionContext.of(step).dataSet(), name -> new DataSetTally()).carry(step);
        }
        // The partitions' failures name the cause; a manager step only says that a partition failed.
        if (thrown.stream().allMatch(SyncReport::isStop)) {
            thrown.addAll(execution.getAllFailureExceptions());
        }
        Set<String> failures = new LinkedHashSet<>();
        List<Throwable> causes = new ArrayList<>();
        for (Throwable failure : thrown) {
            if (!isStop(failure) && failures.add(named(partitionOf.get(failure), describe(failure)))) {
                causes.add(failure);
            }
        }
        List<DataSetOutcome> outcomes = new ArrayList<>();
        tallies.forEach((name, tally) -> outcomes.add(tally.outcome(name)));
        return new SyncReport(execution.getId(), run.resumed(), execution.getStatus(), RunOutcome.of(execution),
                duration(execution), List.copyOf(outcomes), List.copyOf(failures), List.copyOf(causes),
                List.copyOf(deletesRefused));
    }

    /** The failure in words: {@link FailureText}, the one home of that text. */
    public static String describe(Throwable failure) {
        return FailureText.of(failure);
    }

    /** Each failure of a partition names its company data set, so that a summary says which ones failed. */
    private static String named(String partition, String text) {
        return partition == null || text.startsWith(partition) ? text : partition + ": " + text;
    }


    /** Batch records a stop on request as the interruption of each step it reached: not a failure. */
    private static boolean isStop(Throwable failure) {
        return failure instanceof JobInterruptedException || failure.getCause() instanceof JobInterruptedException;
    }

    private static Duration duration(JobExecution execution) {
        Instant start = BatchTimes.instant(execution.getStartTime());
        Instant end = BatchTimes.instant(execution.getEndTime());
        return start == null || end == null ? Duration.ZERO : Duration.between(start, end);
    }

    /** The failure of a partition that ran on a worker, as the worker recorded it in the partition's context. */
    private static final class PartitionFailedElsewhere extends RuntimeException {

        PartitionFailedElsewhere(String text) {
            super(text, null, false, false);
        }
    }
}
