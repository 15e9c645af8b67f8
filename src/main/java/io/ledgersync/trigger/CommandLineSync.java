package io.ledgersync.trigger;

import java.util.List;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.ExitCodeGenerator;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

import io.ledgersync.sync.RunOutcome;
import io.ledgersync.sync.RunsStopped;
import io.ledgersync.sync.SyncAlreadyRunningException;
import io.ledgersync.sync.SyncLauncher;
import io.ledgersync.sync.SyncProperties;
import io.ledgersync.sync.SyncReport;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.SyncRuns;
import io.ledgersync.sync.SyncShutdownException;
import sun.misc.Signal;

/**
 * The {@code sync} command: one run, its summary on standard output, and an exit code that cron
 * and Kubernetes can act on. SIGTERM or Ctrl-C stops the run at its next page boundary
 * ({@link StopSignals}); the command then prints its summary as usual and exits {@link ExitCode#STOPPED}.
 */
@Component
@ConditionalOnProperty(name = "ledgersync.command", havingValue = "sync")
class CommandLineSync implements ApplicationRunner, ExitCodeGenerator {

    private static final Logger log = LoggerFactory.getLogger(CommandLineSync.class);
    private static final Set<String> OPTIONS = Set.of("datasets", "companies", "deferred");

    private final SyncLauncher launcher;
    private final SyncRuns runs;
    private final SyncProperties properties;
    private ExitCode exitCode = ExitCode.FAILED;

    CommandLineSync(SyncLauncher launcher, SyncRuns runs, SyncProperties properties) {
        this.launcher = launcher;
        this.runs = runs;
        this.properties = properties;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        List<String> unknown = arguments.getOptionNames().stream()
                .filter(name -> !OPTIONS.contains(name) && !name.contains("."))
                .toList();
        if (!unknown.isEmpty() || !arguments.getNonOptionArgs().isEmpty()) {
            usage("Unknown option(s) " + (unknown.isEmpty() ? arguments.getNonOptionArgs() : unknown)
                    + " for sync: use --datasets=a,b, --companies=id1,id2 and --deferred (data sets: "
                    + String.join(", ", runs.dataSetNames()) + ")");
            return;
        }
        SyncRequest request = SyncRequest.of(option(arguments, "datasets"), option(arguments, "companies"));
        if (arguments.containsOption("deferred")) {
            request = request.withMode(SyncRequest.Mode.DEFERRED);
        }
        SyncReport report;
        StopSignals signals = StopSignals.install(launcher, properties.shutdownGrace(), CommandLineSync::exitIfStillRunning);
        try {
            report = launcher.run(request);
        } catch (IllegalArgumentException e) {
            usage(e.getMessage());
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
        System.out.println(report.summary());
        if (report.deferred() > 0) {
            System.out.println("  " + report.deferred() + " company data set(s) not ready at the Data API (409): "
                    + "run 'sync --deferred' once they are due (see sync_state.next_attempt_at)");
        }
        exitCode = ExitCode.of(report);
        if (report.outcome() == RunOutcome.STOPPED) {
            // stopped at a page boundary: its failures are only "interrupted", the one line says what to do
            String stopped = "Sync run " + report.runId() + " stopped " + (signal == null ? "on request" : "by SIG" + signal)
                    + " at a page boundary, keeping what it committed: the next sync resumes it";
            log.warn(stopped);
            System.err.println(stopped);
            return;
        }
        report.failures().forEach(failure -> System.out.println("  failure: " + failure));
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

    private void usage(String problem) {
        fail(problem, ExitCode.USAGE);
    }

    /** The one line on standard error that says what happened; the log has it too. */
    private void fail(String problem, ExitCode code) {
        log.error(problem);
        System.err.println(problem);
        exitCode = code;
    }

    private static String option(ApplicationArguments arguments, String name) {
        List<String> values = arguments.getOptionValues(name);
        return values == null ? null : String.join(",", values);
    }
}
