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

import io.ledgersync.sync.SyncAlreadyRunningException;
import io.ledgersync.sync.SyncLauncher;
import io.ledgersync.sync.SyncReport;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.SyncRuns;

/**
 * The {@code sync} command: one run, its summary on standard output, and an exit code that cron
 * and Kubernetes can act on.
 */
@Component
@ConditionalOnProperty(name = "ledgersync.command", havingValue = "sync")
class CommandLineSync implements ApplicationRunner, ExitCodeGenerator {

    private static final Logger log = LoggerFactory.getLogger(CommandLineSync.class);
    private static final Set<String> OPTIONS = Set.of("datasets", "companies", "deferred");

    private final SyncLauncher launcher;
    private final SyncRuns runs;
    private ExitCode exitCode = ExitCode.FAILED;

    CommandLineSync(SyncLauncher launcher, SyncRuns runs) {
        this.launcher = launcher;
        this.runs = runs;
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
        try {
            report = launcher.run(request);
        } catch (IllegalArgumentException e) {
            usage(e.getMessage());
            return;
        } catch (SyncAlreadyRunningException e) {
            log.error(e.getMessage());
            System.err.println(e.getMessage());
            exitCode = ExitCode.ALREADY_RUNNING;
            return;
        }
        System.out.println(report.summary());
        if (report.deferred() > 0) {
            System.out.println("  " + report.deferred() + " company data set(s) not ready at the Data API (409): "
                    + "run 'sync --deferred' once they are due (see sync_state.next_attempt_at)");
        }
        report.failures().forEach(failure -> System.out.println("  failure: " + failure));
        exitCode = ExitCode.of(report);
    }

    @Override
    public int getExitCode() {
        return exitCode.code();
    }

    private void usage(String problem) {
        log.error(problem);
        System.err.println(problem);
        exitCode = ExitCode.USAGE;
    }

    private static String option(ApplicationArguments arguments, String name) {
        List<String> values = arguments.getOptionValues(name);
        return values == null ? null : String.join(",", values);
    }
}
