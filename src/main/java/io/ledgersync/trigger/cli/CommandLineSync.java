package io.ledgersync.trigger.cli;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.ExitCodeGenerator;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

import io.ledgersync.sync.RunOutcome;
import io.ledgersync.sync.SyncProperties;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.run.RunsStopped;
import io.ledgersync.sync.run.SyncAlreadyRunningException;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.sync.run.SyncShutdownException;
import sun.misc.Signal;

/**
 * The {@code sync} command: one run, its summary on standard output (the log goes to standard error:
 * {@link CommandOutput}), and an exit code that cron and Kubernetes can act on. Whatever goes wrong, one
 * line on standard error, after the log, says what and what to do: for a failed run, the failure that
 * decided the exit code. Its options are {@link SyncOptions}'.
 * SIGTERM or Ctrl-C stops the run at its next page boundary ({@link StopSignals}); the command then
 * prints its summary as usual and exits {@link ExitCode#STOPPED}.
 */
@Component
@ConditionalOnProperty(name = "ledgersync.command", havingValue = "sync")
public class CommandLineSync implements ApplicationRunner, ExitCodeGenerator {

    private static final Logger log = LoggerFactory.getLogger(CommandLineSync.class);

    private final SyncLauncher launcher;
    private final SyncProperties properties;
    private final CommandOutput output;
    private ExitCode exitCode = ExitCode.FAILED;

    CommandLineSync(SyncLauncher launcher, SyncProperties properties, CommandOutput output) {
        this.launcher = launcher;
        this.properties = properties;
        this.output = output;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        SyncRequest request;
        try {
            request = SyncOptions.parse(List.of(arguments.getSourceArgs())).request();
        } catch (UsageException e) {
            fail(e.getMessage(), ExitCode.USAGE);
            return;
        }
        SyncReport report;
        StopSignals signals = StopSignals.install(launcher, properties.shutdownGrace(), CommandLineSync::exitIfStillRunning);
        try {
            report = launcher.run(request);
        } catch (IllegalArgumentException e) {
            // an unknown company, or a data set the files read at start do not declare
            fail("sync: " + e.getMessage(), ExitCode.USAGE);
            return;
        } catch (SyncAlreadyRunningException e) {
            fail(e.getMessage(), ExitCode.ALREADY_RUNNING);
            return;
        } catch (SyncShutdownException e) {
            String by = signals.receivedName() == null ? "" : " by SIG" + signals.receivedName();
            fail("Stopped" + by + " before the sync run started: nothing was read", ExitCode.STOPPED);
            return;
        } finally {
            signals.close(); // from here on a signal ends the JVM as usual: the run is over
        }
        String signal = signals.receivedName();
        output.println(report.summary());
        if (report.deferred() > 0) {
            output.println("  " + report.deferred() + " company data set(s) not ready at the Data API (409): "
                    + "run 'sync --deferred' once they are due (see sync_state.next_attempt_at)");
        }
        report.deletesRefused().forEach(refused -> output.println("  " + refused));
        exitCode = ExitCode.of(report);
        if (report.outcome() == RunOutcome.STOPPED) {
            // stopped at a page boundary: its failures are only "interrupted", the one line says what to do
            fail("Sync run " + report.runId() + " stopped " + (signal == null ? "on request" : "by SIG" + signal)
                    + " at a page boundary, keeping what it committed: the next sync resumes it", exitCode);
            return;
        }
        report.failures().forEach(failure -> output.println("  failure: " + failure));
        if (!report.successful()) {
            fail(failureLine(report, exitCode), exitCode);
        } else if (report.rejected() > 0) {
            fail("Sync run " + report.runId() + " COMPLETED, but " + report.rejected() + " record(s) the Data API sent cannot be"
                    + " stored and are set aside in rejected_records (field and reason there); the next sync tries them again",
                    exitCode);
        }
    }

    /** The run did not stop within the grace: leave it as a killed process would, for the next sync to recover. */
    private static void exitIfStillRunning(RunsStopped stopped, Signal signal) {
        if (!stopped.allEnded()) {
            System.err.println("Sync run(s) " + stopped.stillRunning() + " did not stop at a page boundary within the shutdown grace"
                    + " after SIG" + signal.getName() + ": exiting; the next sync recovers and resumes it");
            Runtime.getRuntime().halt(128 + signal.getNumber());
        }
    }

    @Override
    public int getExitCode() {
        return exitCode.code();
    }

    /** The failure that decided the exit code, with the run it ended. */
    public static String failureLine(SyncReport report, ExitCode code) {
        List<String> failures = report.failures();
        int deciding = 0;
        for (int i = 0; i < failures.size(); i++) {
            if (ExitCode.ofFailure(report.failureCauses().get(i)) == code) {
                deciding = i;
                break;
            }
        }
        String line = "Sync run " + report.runId() + " " + report.status() + ": "
                + (failures.isEmpty() ? "see the log for why" : failures.get(deciding));
        int others = failures.size() - 1;
        return others > 0 ? line + " (and " + others + " more failure" + (others == 1 ? "" : "s") + ", listed above)" : line;
    }

    /**
     * The one line on standard error that says what happened. The log, on standard error too, has it at DEBUG only: at
     * ERROR the terminal would show it twice.
     */
    private void fail(String problem, ExitCode code) {
        String line = problem.replaceAll("\\s*\\R\\s*", " ");
        log.debug(line);
        System.err.println(line);
        exitCode = code;
    }
}
