package io.ledgersync.sync.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;

import io.ledgersync.sync.TestJobRepository;
import io.ledgersync.warehouse.JobRepositoryRows;
import io.ledgersync.warehouse.state.RunPurge;

/** The retention purges old runs with nothing left to resume, by the sync's one rule of what is finished. */
class RunRetentionTests {

    private final Instant now = Instant.parse("2026-11-22T03:30:00Z");
    private final TestJobRepository repository = TestJobRepository.fresh();
    private final Jdbi jdbi = Jdbi.create(repository.dataSource());
    private final RunRetention retention = new RunRetention(new RunPurge(jdbi), repository.repository());
    private final JobRepositoryRows rows = new JobRepositoryRows(jdbi, List.of("invoices"), 1, JobRepositoryRows.plainContexts());

    @Test
    void anOldRunLeftUnknownIsPurgedForNoResumeCanPickItUpWhileAnOldFailedOneStaysForItsResume() {
        // given old runs: the newest success, one Batch left UNKNOWN, one that failed
        rows.run("FULL", "COMPLETED", daysAgo(300));
        JobRepositoryRows.Run unknown = rows.run("FULL", "UNKNOWN", daysAgo(200));
        JobRepositoryRows.Run failed = rows.run("FULL", "FAILED", daysAgo(100));

        // when the runs older than 90 days are purged
        int purged = retention.purge(now, Duration.ofDays(90));

        // then the unknown one went, the failed one stays: a launch of its request resumes it
        assertThat(purged).isEqualTo(1);
        List<Long> left = jdbi.withHandle(h -> h.createQuery("SELECT job_execution_id FROM batch_job_execution")
                .mapTo(Long.class).list());
        assertThat(left).doesNotContain(unknown.executionId()).contains(failed.executionId()).hasSize(2);
    }

    @Test
    void failedRunsThatTheRunsAfterARecoveryStartedAnewFromAreAbandonedAndPurgedOnceOld() {
        // given the soak's failure (issue 27): the nightly run fails, its resume fails, Sunday's full refresh fails,
        // and once the source recovered the nightly run starts anew, since the latest run is the full refresh
        JobRepositoryRows.Run nightly = rows.run("FULL", "FAILED", daysAgo(120));
        JobRepositoryRows.Run nightlyResumed = rows.resume(nightly, "FULL", "FAILED", daysAgo(119));
        JobRepositoryRows.Run fullRefresh = rows.run("FULL", "FAILED", daysAgo(118));
        rows.run("FULL", "COMPLETED", daysAgo(117));
        // and a failure within the retention, also superseded; and the latest deferred run, failed long ago
        JobRepositoryRows.Run recentFailure = rows.run("FULL", "FAILED", daysAgo(10));
        JobRepositoryRows.Run newest = rows.run("FULL", "COMPLETED", daysAgo(9));
        JobRepositoryRows.Run deferred = rows.run("DEFERRED", "FAILED", daysAgo(200));

        // when the runs older than 90 days are purged
        int purged = retention.purge(now, Duration.ofDays(90));

        // then the old failed runs no launch will resume went with the old success; the rest stays
        assertThat(purged).as("the nightly run's 2 executions, the full refresh, the old success").isEqualTo(4);
        assertThat(executions()).as("%s, %s, %s gone", nightly, nightlyResumed, fullRefresh)
                .containsExactly(recentFailure.executionId(), newest.executionId(), deferred.executionId());
        assertThat(status(recentFailure)).as("within the retention: a restart can still pick it up").isEqualTo("FAILED");
        assertThat(status(deferred)).as("the latest of its kind: the next deferred run resumes it").isEqualTo("FAILED");
    }

    @Test
    void anOldSupersededRunIsAbandonedThroughTheJobRepositoryKeepingItsEnd() {
        JobRepositoryRows.Run failed = rows.run("FULL", "FAILED", daysAgo(100));
        rows.run("FULL", "STARTED", daysAgo(1)); // a later run, still running: the failed one is not the latest any more
        LocalDateTime ended = onlyExecution(failed).getEndTime();

        // a purge that cannot delete (the reconciliation table is gone) still abandons first
        jdbi.useHandle(h -> h.execute("DROP TABLE sync_reconciliation"));
        assertThatThrownBy(() -> retention.purge(now, Duration.ofDays(90))).isNotNull();

        JobExecution abandoned = onlyExecution(failed);
        assertThat(abandoned.getStatus()).isEqualTo(BatchStatus.ABANDONED);
        assertThat(abandoned.getEndTime()).as("its end, not the purge's time: the next purge takes it").isEqualTo(ended);
    }

    private List<Long> executions() {
        return jdbi.withHandle(h -> h.createQuery("SELECT job_execution_id FROM batch_job_execution ORDER BY job_execution_id")
                .mapTo(Long.class).list());
    }

    private String status(JobRepositoryRows.Run run) {
        return jdbi.withHandle(h -> h.createQuery("SELECT status FROM batch_job_execution WHERE job_execution_id = :id")
                .bind("id", run.executionId()).mapTo(String.class).one());
    }

    private JobExecution onlyExecution(JobRepositoryRows.Run run) {
        return repository.repository().findJobExecutions(repository.repository().getJobInstance(run.instanceId())).get(0);
    }

    private LocalDateTime daysAgo(int days) {
        return LocalDateTime.ofInstant(now.minus(Duration.ofDays(days)), ZoneId.systemDefault());
    }
}
