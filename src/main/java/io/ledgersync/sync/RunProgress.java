package io.ledgersync.sync;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.StepExecution;

/**
 * How far a run has come: records and pages so far, the rate, and an estimate of the time left.
 * The estimate counts, for partitions whose first page is read, the {@code totalResults} they
 * announced, and for partitions not started yet the average of those.
 *
 * @param expectedRecords the estimated records of the whole run; 0 while nothing is known
 * @param remaining the estimated time left; null while it cannot be estimated
 */
public record RunProgress(int partitions, int partitionsDone, long records, long pages, long expectedRecords,
        double recordsPerSecond, Duration elapsed, Duration remaining) {

    static RunProgress of(JobExecution execution, Instant now) {
        int partitions = 0;
        int done = 0;
        int announced = 0;
        long records = 0;
        long pages = 0;
        long announcedTotal = 0;
        for (StepExecution step : execution.getStepExecutions()) {
            if (!PartitionContext.isPartition(step)) {
                continue;
            }
            PartitionContext context = PartitionContext.of(step);
            partitions++;
            done += step.getStatus().isRunning() ? 0 : 1; // STARTING and STARTED both count as running
            records += context.recordsRead();
            pages += context.pagesRead();
            if (context.totalResults().isPresent()) {
                announced++;
                announcedTotal += context.totalResults().getAsLong();
            }
        }
        long expected = announced == 0 ? 0 : announcedTotal + (partitions - announced) * (announcedTotal / announced);
        Duration elapsed = execution.getStartTime() == null ? Duration.ZERO
                : Duration.between(execution.getStartTime().atZone(ZoneId.systemDefault()).toInstant(), now);
        double rate = elapsed.toMillis() <= 0 ? 0 : records * 1000.0 / elapsed.toMillis();
        Duration remaining = rate <= 0 || expected == 0 ? null
                : Duration.ofSeconds((long) Math.ceil(Math.max(0, expected - records) / rate));
        return new RunProgress(partitions, done, records, pages, expected, rate, elapsed, remaining);
    }

    /** e.g. "1,200 of ~3,000 records, 24 pages, 3/7 partitions, 410 records/s, ~5 s left". */
    public String describe() {
        return String.format("%,d of ~%,d records, %,d pages, %d/%d partitions, %,.0f records/s, %s left", records, expectedRecords,
                pages, partitionsDone, partitions, recordsPerSecond, remaining == null ? "unknown time" : "~" + format(remaining));
    }

    private static String format(Duration duration) {
        long seconds = duration.toSeconds();
        return seconds < 120 ? seconds + " s" : seconds < 7200 ? seconds / 60 + " min" : seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
    }
}
