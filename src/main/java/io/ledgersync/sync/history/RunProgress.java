package io.ledgersync.sync.history;

import java.time.Duration;
import java.time.Instant;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.step.StepExecution;
import io.ledgersync.sync.walk.PartitionContext;

/**
 * How far a run has come: records and pages so far, the rate, and an estimate of the time left.
 * The estimate counts, for partitions whose first page is read, the {@code totalResults} they
 * announced, and for partitions not started yet the average of those. A resumed run counts the
 * whole run for what is expected and done, but its rate is this execution's own: the earlier
 * executions' records were not read in this execution's time.
 *
 * @param partitions partitions of the whole run, those an earlier execution completed included
 * @param records records written by this execution
 * @param pages pages read by this execution
 * @param runRecords records written over the whole run, which is what {@code expectedRecords} counts
 * @param runPages pages read over the whole run
 * @param expectedRecords the estimated records of the whole run; 0 while nothing is known
 * @param recordsPerSecond this execution's records over this execution's time
 * @param elapsed since this execution started
 * @param remaining the estimated time left; null while it cannot be estimated
 */
public record RunProgress(int partitions, int partitionsDone, long records, long pages, long runRecords, long runPages,
        long expectedRecords, double recordsPerSecond, Duration elapsed, Duration remaining) {

    public static RunProgress of(RunPartitions run, Instant now) {
        Counts counts = new Counts();
        for (StepExecution step : run.current()) {
            PartitionContext context = PartitionContext.of(step);
            counts.records += context.counts().recordsReadThisExecution();
            counts.pages += context.counts().pagesReadThisExecution();
            counts.add(step, !step.getStatus().isRunning()); // STARTING, STARTED and STOPPING count as running
        }
        // Partitions that an earlier execution ended: completed ones are done, the others wait to be resumed.
        run.carried().forEach(step -> counts.add(step, step.getStatus() == BatchStatus.COMPLETED));
        long expected = counts.expected();
        Instant started = BatchTimes.instant(run.execution().getStartTime());
        Duration elapsed = started == null ? Duration.ZERO : Duration.between(started, now);
        double rate = elapsed.toMillis() <= 0 ? 0 : counts.records * 1000.0 / elapsed.toMillis();
        Duration remaining = rate <= 0 || expected == 0 ? null
                : Duration.ofSeconds((long) Math.ceil(Math.max(0, expected - counts.runRecords) / rate));
        return new RunProgress(counts.partitions, counts.done, counts.records, counts.pages, counts.runRecords, counts.runPages,
                expected, rate, elapsed, remaining);
    }

    /** e.g. "1,200 of ~3,000 records, 24 pages, 3/7 partitions, 410 records/s, ~5 s left". */
    public String describe() {
        String thisExecution = runRecords == records ? "" : String.format(" (%,d of them in this execution)", records);
        return String.format("%,d of ~%,d records%s, %,d pages, %d/%d partitions, %,.0f records/s, %s left", runRecords,
                expectedRecords, thisExecution, runPages, partitionsDone, partitions, recordsPerSecond,
                remaining == null ? "unknown time" : "~" + format(remaining));
    }

    private static String format(Duration duration) {
        long seconds = duration.toSeconds();
        return seconds < 120 ? seconds + " s" : seconds < 7200 ? seconds / 60 + " min" : seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
    }

    /** The partitions added up: this execution's counts, the whole run's, and the totals announced so far. */
    private static final class Counts {
        int partitions;
        int done;
        int announced;
        long records;
        long pages;
        long runRecords;
        long runPages;
        long announcedTotal;

        void add(StepExecution step, boolean isDone) {
            PartitionContext context = PartitionContext.of(step);
            partitions++;
            done += isDone ? 1 : 0;
            runRecords += context.counts().recordsRead();
            runPages += context.counts().pagesRead();
            if (context.position().totalResults().isPresent()) {
                announced++;
                announcedTotal += context.position().totalResults().getAsLong();
            }
        }

        long expected() {
            return announced == 0 ? 0 : announcedTotal + (partitions - announced) * (announcedTotal / announced);
        }
    }
}
