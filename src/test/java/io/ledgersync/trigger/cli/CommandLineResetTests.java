package io.ledgersync.trigger.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.RunDetail;
import io.ledgersync.sync.run.RunsPage;
import io.ledgersync.sync.run.SyncAlreadyRunningException;
import io.ledgersync.sync.run.SyncRuns;
import io.ledgersync.sync.run.WatermarkReset;

class CommandLineResetTests {

    private static final SyncRequest INVOICES = SyncRequest.of("invoices", null);
    private static final WatermarkReset.Watermark C1 = new WatermarkReset.Watermark("invoices", "c1",
            Instant.parse("2026-11-20T10:15:30.25Z"));

    private final WatermarkReset reset = mock(WatermarkReset.class);
    private final SyncRuns runs = mock(SyncRuns.class);
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final CommandLineReset command = new CommandLineReset(reset, runs,
            new CommandOutput(new PrintStream(out, true, StandardCharsets.UTF_8)));

    @Test
    void withoutYesItListsWhatItWouldResetChangesNothingAndExitsTwo() {
        when(reset.watermarks(INVOICES)).thenReturn(List.of(C1));
        when(runs.page(0, 1)).thenReturn(page(BatchStatus.COMPLETED));

        assertThat(run(false)).isEqualTo(ExitCode.USAGE);
        assertThat(out.toString(StandardCharsets.UTF_8).lines()).containsExactly(
                "Would reset the watermarks of 1 company data set(s), so that the next run reads them whole:",
                "  invoices of company c1 (watermark 2026-11-20T10:15:30Z)");
        assertThat(err.toString(StandardCharsets.UTF_8).lines()).containsExactly("reset: nothing was changed: add --yes to reset them");
        verify(reset, never()).reset(INVOICES);
    }

    @Test
    void afterARunThatDidNotFinishItSaysThatTheResumeComesFirst() {
        when(reset.reset(INVOICES)).thenReturn(List.of(C1));
        when(runs.page(0, 1)).thenReturn(page(BatchStatus.FAILED));

        assertThat(run(true)).isEqualTo(ExitCode.COMPLETED);
        assertThat(out.toString(StandardCharsets.UTF_8).lines()).containsExactly(
                "Reset the watermarks of 1 company data set(s): the next run reads them whole",
                "  invoices of company c1 (watermark 2026-11-20T10:15:30Z)",
                "Note: run 7 did not finish (FAILED): the next sync of its request resumes it as it was planned, and the run after"
                        + " it reads these whole");
    }

    @Test
    void whileARunIsActiveItExitsFourNamingIt() {
        when(reset.reset(INVOICES)).thenThrow(new SyncAlreadyRunningException("A full sync run is active: held by x"));

        assertThat(run(true)).isEqualTo(ExitCode.ALREADY_RUNNING);
        assertThat(err.toString(StandardCharsets.UTF_8).lines()).containsExactly("reset: A full sync run is active: held by x");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    private ExitCode run(boolean yes) {
        return command.reset(new ResetOptions(INVOICES, yes), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static RunsPage page(BatchStatus status) {
        RunDetail.Request request = new RunDetail.Request("incremental", List.of(), List.of(), false);
        return new RunsPage(List.of(new RunsPage.RunSummary(7, request, status, status.name(), Instant.EPOCH, Instant.EPOCH)), 0, 1,
                7);
    }
}
