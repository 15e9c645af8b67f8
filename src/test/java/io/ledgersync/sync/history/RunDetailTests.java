package io.ledgersync.sync.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.TestRuns;
import io.ledgersync.sync.walk.PartitionContext;
import tools.jackson.databind.json.JsonMapper;

/** A run's detail: each partition of the whole run with this execution's counts and the run's, and instants. */
class RunDetailTests {

    private final Instant started = Instant.parse("2026-11-22T18:00:00Z");

    @Test
    void aResumedRunShowsEveryPartitionOfTheRunWithBothCountsAndTheirTotals() {
        JobExecution first = TestRuns.execution(11L, started.minusSeconds(600));
        first.setStatus(BatchStatus.STOPPED);
        PartitionContext.of(TestRuns.partition(first, "invoices", "a", BatchStatus.COMPLETED, 100, 1, 100, 1, 100)).counts().saveRejected(1, 1);
        TestRuns.partition(first, "invoices", "b", BatchStatus.STOPPED, 100, 1, 100, 1, 250);
        JobExecution resumed = TestRuns.execution(12L, started);
        resumed.setStatus(BatchStatus.COMPLETED);
        resumed.setExitStatus(ExitStatus.COMPLETED);
        resumed.setEndTime(TestRuns.batchTime(started.plusSeconds(90)));
        PartitionContext.of(TestRuns.partition(resumed, "invoices", "b", BatchStatus.COMPLETED, 250, 3, 150, 2, 250)).counts().saveRejected(3, 2);

        RunDetail detail = RunDetail.of(RunPartitions.of(resumed, List.of(first)), null, List.of());

        assertThat(detail.resumedFrom()).isEqualTo(11L);
        assertThat(detail.startedAt()).isEqualTo(started);
        assertThat(detail.endedAt()).isEqualTo(started.plusSeconds(90));
        assertThat(detail.partitions()).extracting(p -> p.companyId() + " ran in " + p.ranIn() + ": " + p.outcome() + " "
                + p.records() + "/" + p.runRecords() + " records, " + p.pages() + "/" + p.runPages() + " pages, "
                + p.rejected() + "/" + p.runRejected() + " rejected")
                .containsExactly("a ran in 11: COMPLETED 0/100 records, 0/1 pages, 0/1 rejected",
                        "b ran in 12: COMPLETED 150/250 records, 2/3 pages, 2/3 rejected");
        assertThat(detail.totals()).isEqualTo(new RunDetail.Totals(2, 150, 4, 350, 2, 4));
    }

    @Test
    void statusesAreBatchStatusesThatTheJsonShowsByTheirNamesAsWhenTheyWereText() {
        JobExecution run = TestRuns.execution(6L, started);
        run.setStatus(BatchStatus.STOPPING);
        run.setExitStatus(ExitStatus.EXECUTING);
        TestRuns.partition(run, "invoices", "a", BatchStatus.STARTED, 100, 1, 100, 1, 250);
        TestRuns.partition(run, "invoices", "b", BatchStatus.STOPPED, 100, 1, 100, 1, 250);

        String json = JsonMapper.builder().build().writeValueAsString(RunDetail.of(RunPartitions.of(run), null, List.of()));

        assertThat(json).contains("\"status\":\"STOPPING\",\"exitCode\":\"EXECUTING\"")
                .contains("\"companyId\":\"a\",\"ranIn\":6,\"status\":\"STARTED\",\"outcome\":\"STARTED\"")
                .contains("\"companyId\":\"b\",\"ranIn\":6,\"status\":\"STOPPED\",\"outcome\":\"STOPPED\"");
    }

    @Test
    void givenEachKindOfRunWhenShownThenItsModeIsTheWordThePostGaveForIt() {
        SyncRequest invoices = SyncRequest.of("invoices", "a");

        assertThat(RunDetail.Request.of(invoices))
                .isEqualTo(new RunDetail.Request("incremental", List.of("invoices"), List.of("a"), false));
        assertThat(RunDetail.Request.of(invoices.withFullRefresh()))
                .isEqualTo(new RunDetail.Request("full", List.of("invoices"), List.of("a"), false));
        assertThat(RunDetail.Request.of(invoices.withKind(SyncRequest.Kind.DEFERRED)))
                .isEqualTo(new RunDetail.Request("deferred", List.of("invoices"), List.of("a"), false));
    }

    @Test
    void theRequestShowsAFullRefreshThatAcceptsDeletesBeyondTheSafetyBound() {
        SyncRequest accepting = SyncRequest.of("invoices", "a").withFullRefresh().acceptingDeletes();

        assertThat(RunDetail.Request.of(accepting))
                .isEqualTo(new RunDetail.Request("full", List.of("invoices"), List.of("a"), true));
    }

    @Test
    void aStoppedPartitionIsStoppedAndTheDescriptionOfTheStopNamesNoClass() {
        JobExecution run = TestRuns.execution(4L, started);
        run.setStatus(BatchStatus.STOPPED);
        run.setExitStatus(ExitStatus.STOPPED.addExitDescription("org.springframework.batch.core.job.JobInterruptedException"));
        TestRuns.partition(run, "invoices", "a", BatchStatus.STOPPED, 100, 1, 100, 1, 250);

        RunDetail detail = RunDetail.of(RunPartitions.of(run), null, List.of());

        assertThat(detail.partitions().get(0).outcome()).isEqualTo("STOPPED");
        assertThat(detail.resumedFrom()).isNull();
        assertThat(detail.exitDescription()).isNull();
    }

    @Test
    void theFirstLineOfAFailureKeepsItsMessageWithoutTheExceptionClass() {
        JobExecution run = TestRuns.execution(5L, started);
        run.setStatus(BatchStatus.FAILED);
        run.setExitStatus(ExitStatus.FAILED.addExitDescription(
                "java.lang.IllegalStateException: GET /companies answered 500\n\tat io.ledgersync.Foo.bar(Foo.java:1)"));

        assertThat(RunDetail.of(RunPartitions.of(run), null, List.of()).exitDescription()).isEqualTo("GET /companies answered 500");
    }

    @Test
    void theFailedPartitionsComeFirstThenTheOthersByDataSetAndCompany() {
        // given a resumed run: bills of b failed before and again, invoices of c failed in this execution only
        JobExecution first = TestRuns.execution(20L, started.minusSeconds(600));
        first.setStatus(BatchStatus.FAILED);
        TestRuns.partition(first, "accounts", "a", BatchStatus.COMPLETED, 10, 1, 10, 1, 10);
        TestRuns.partition(first, "bills", "b", BatchStatus.FAILED, 0, 0, 0, 0, -1);
        JobExecution resumed = TestRuns.execution(21L, started);
        resumed.setStatus(BatchStatus.FAILED);
        TestRuns.partition(resumed, "bills", "b", BatchStatus.FAILED, 0, 0, 0, 0, -1);
        TestRuns.partition(resumed, "accounts", "b", BatchStatus.COMPLETED, 10, 1, 10, 1, 10);
        TestRuns.partition(resumed, "invoices", "c", BatchStatus.FAILED, 0, 0, 0, 0, -1);
        TestRuns.partition(resumed, "invoices", "a", BatchStatus.COMPLETED, 10, 1, 10, 1, 10);

        RunDetail detail = RunDetail.of(RunPartitions.of(resumed, List.of(first)), null, List.of());

        assertThat(detail.partitions()).extracting(p -> p.outcome() + " " + p.dataSet() + " of " + p.companyId()).containsExactly(
                "FAILED bills of b", "FAILED invoices of c",
                "COMPLETED accounts of a", "COMPLETED accounts of b", "COMPLETED invoices of a");
    }
}
