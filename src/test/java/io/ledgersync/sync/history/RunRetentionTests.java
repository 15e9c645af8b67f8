package io.ledgersync.sync.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;

import io.ledgersync.sync.TestJobRepository;
import io.ledgersync.warehouse.JobRepositoryRows;
import io.ledgersync.warehouse.state.RunPurge;

/** The retention purges old runs with nothing left to resume, by the sync's one rule of what is finished. */
class RunRetentionTests {

    private final Instant now = Instant.parse("2026-11-22T03:30:00Z");
    private final Jdbi jdbi = Jdbi.create(TestJobRepository.fresh().dataSource());
    private final JobRepositoryRows rows = new JobRepositoryRows(jdbi, List.of("invoices"), 1, JobRepositoryRows.plainContexts());

    @Test
    void anOldRunLeftUnknownIsPurgedForNoResumeCanPickItUpWhileAnOldFailedOneStaysForItsResume() {
        // given old runs: the newest success, one Batch left UNKNOWN, one that failed
        rows.run("FULL", "COMPLETED", daysAgo(300));
        JobRepositoryRows.Run unknown = rows.run("FULL", "UNKNOWN", daysAgo(200));
        JobRepositoryRows.Run failed = rows.run("FULL", "FAILED", daysAgo(100));

        // when the runs older than 90 days are purged
        int purged = new RunRetention(new RunPurge(jdbi)).purge(now, Duration.ofDays(90));

        // then the unknown one went, the failed one stays: a launch of its request resumes it
        assertThat(purged).isEqualTo(1);
        List<Long> left = jdbi.withHandle(h -> h.createQuery("SELECT job_execution_id FROM batch_job_execution")
                .mapTo(Long.class).list());
        assertThat(left).doesNotContain(unknown.executionId()).contains(failed.executionId()).hasSize(2);
    }

    private LocalDateTime daysAgo(int days) {
        return LocalDateTime.ofInstant(now.minus(Duration.ofDays(days)), ZoneId.systemDefault());
    }
}
