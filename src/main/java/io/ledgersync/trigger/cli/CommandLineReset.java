package io.ledgersync.trigger.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.ExitCodeGenerator;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

import io.ledgersync.sync.RunState;
import io.ledgersync.sync.run.SyncAlreadyRunningException;
import io.ledgersync.sync.run.SyncRuns;
import io.ledgersync.sync.run.WatermarkReset;

/**
 * The {@code reset} command: forgets the watermarks of the company data sets its options name, so that the next run
 * reads them whole ({@link WatermarkReset}). Without {@code --yes} it only lists them and exits {@link ExitCode#USAGE};
 * while a run is active it changes nothing and exits {@link ExitCode#ALREADY_RUNNING}. Its options are
 * {@link ResetOptions}'.
 */
@Component
@ConditionalOnProperty(name = "ledgersync.command", havingValue = "reset")
class CommandLineReset implements ApplicationRunner, ExitCodeGenerator {

    private static final String NOTHING = "Nothing to reset: none of these company data sets has a watermark, so the next"
            + " run reads them whole as it is";

    private final WatermarkReset reset;
    private final SyncRuns runs;
    private final CommandOutput output;
    private ExitCode exitCode = ExitCode.FAILED;

    CommandLineReset(WatermarkReset reset, SyncRuns runs, CommandOutput output) {
        this.reset = reset;
        this.runs = runs;
        this.output = output;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        exitCode = reset(ResetOptions.parse(List.of(arguments.getSourceArgs())), System.err);
    }

    ExitCode reset(ResetOptions options, PrintStream err) {
        try {
            List<WatermarkReset.Watermark> watermarks = options.yes() ? reset.reset(options.request())
                    : reset.watermarks(options.request());
            if (watermarks.isEmpty()) {
                output.println(NOTHING);
                return ExitCode.COMPLETED;
            }
            output.println(options.yes() ? "Reset the watermarks of " + watermarks.size() + " company data set(s): the next run reads"
                    + " them whole" : "Would reset the watermarks of " + watermarks.size() + " company data set(s), so that the next"
                    + " run reads them whole:");
            watermarks.forEach(watermark -> output.println("  " + watermark.partition() + " (watermark " + TextTable.time(watermark.at())
                    + ")"));
            unfinished().ifPresent(output::println);
            if (!options.yes()) {
                err.println("reset: nothing was changed: add --" + ResetOptions.YES + " to reset them");
                return ExitCode.USAGE;
            }
            return ExitCode.COMPLETED;
        } catch (IllegalArgumentException e) {
            // an unknown data set or company, or one that is always read whole
            err.println("reset: " + e.getMessage());
            return ExitCode.USAGE;
        } catch (SyncAlreadyRunningException e) {
            err.println("reset: " + e.getMessage());
            return ExitCode.ALREADY_RUNNING;
        }
    }

    /**
     * A run that did not finish is resumed by the next sync of its request, and a resumed partition walks as it was
     * planned, from the watermark it had: say so rather than promise a whole read to the very next run.
     */
    private Optional<String> unfinished() {
        return runs.page(0, 1).runs().stream().filter(run -> !RunState.finished(run.status())).findFirst()
                .map(run -> "Note: run " + run.runId() + " did not finish (" + run.status() + "): the next sync of its request"
                        + " resumes it as it was planned, and the run after it reads these whole");
    }

    @Override
    public int getExitCode() {
        return exitCode.code();
    }
}
