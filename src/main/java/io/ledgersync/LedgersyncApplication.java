package io.ledgersync;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;

import io.ledgersync.sandbox.SandboxCommand;
import io.ledgersync.trigger.ExitCode;
import io.ledgersync.trigger.StopSignals;
import io.ledgersync.warehouse.WarehouseInUse;

/**
 * The command line of {@code ledgersync.jar}: {@code serve} (the default), {@code sync} and
 * {@code sandbox}. Scripts rely on these words and options; keep them stable.
 */
@SpringBootApplication
public class LedgersyncApplication {

    static final String USAGE = """
            Usage: java -jar ledgersync.jar [command] [options]

            Commands:
              serve      Run the service: REST API, schedule and metrics (the default)
              sync       Run one sync, then exit (codes below); resumes the previous run of the
                         same request if it did not finish
                           --datasets=a,b        only these data sets (default: all)
                           --companies=id1,id2   only these companies (default: all)
                           --deferred            only company data sets deferred by a 409 and due
              sandbox    Run the Data API sandbox alone (API key from LEDGERSYNC_SANDBOX_API_KEY);
                         "sandbox --help" lists its options with their defaults
                           --port=N --companies=N --invoices-per-company=M --seed=S --host=H
                           --scenario=FILE
              help       Show this text (also --help)

            Exit codes of sync: %s.

            Configuration: config/application.yml, overridden by environment variables such as
            LEDGERSYNC_API_BASE_URL, LEDGERSYNC_API_KEY, LEDGERSYNC_DB_URL, LEDGERSYNC_DB_USER,
            LEDGERSYNC_DB_PASSWORD, LEDGERSYNC_PAGE_SIZE, or by --property=value options.
            """.formatted(ExitCode.table());

    /** Returned by {@link #run} for commands that keep running in their own threads. */
    public static final int KEEP_RUNNING = -1;

    public static void main(String[] args) {
        int exitCode = run(args, System.out, System.err);
        if (exitCode != KEEP_RUNNING) {
            System.exit(exitCode);
        }
    }

    /** Runs a command; returns its exit code, or {@link #KEEP_RUNNING} for a service. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        boolean hasCommand = args.length > 0 && !args[0].startsWith("-");
        String command = hasCommand ? args[0] : "serve";
        String[] options = hasCommand ? Arrays.copyOfRange(args, 1, args.length) : args;
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h") || command.equals("help")) {
            // The sandbox's options and defaults are its own; its help prints them from SandboxSettings.defaults().
            out.print(command.equals("sandbox") ? SandboxCommand.usage() + System.lineSeparator() : USAGE);
            return 0;
        }
        return switch (command) {
            case "serve" -> runService(options, err);
            case "sync" -> runSync(options, err);
            case "sandbox" -> {
                int exit = SandboxCommand.run(options);
                yield exit == 0 ? KEEP_RUNNING : exit;
            }
            default -> {
                usageError(err, "Unknown command '" + command + "': the commands are serve, sync, sandbox and help.");
                yield ExitCode.USAGE.code();
            }
        };
    }

    private static int runService(String[] options, PrintStream err) {
        ConfigurableApplicationContext context;
        try {
            context = SpringApplication.run(LedgersyncApplication.class, options);
        } catch (RuntimeException startupFailure) {
            return inUseElsewhere(startupFailure, err).orElseThrow(() -> startupFailure);
        }
        StopSignals.installForService(context); // SIGTERM, Ctrl-C: stop the runs at a page boundary, then exit
        return KEEP_RUNNING;
    }

    private static int runSync(String[] options, PrintStream err) {
        SpringApplication application = new SpringApplication(LedgersyncApplication.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        application.setDefaultProperties(Map.of("ledgersync.command", "sync"));
        ConfigurableApplicationContext context;
        try {
            context = application.run(options);
        } catch (RuntimeException startupFailure) {
            // Spring Boot has already logged why the application could not start.
            return inUseElsewhere(startupFailure, err).orElseGet(() -> ExitCode.ofFailure(startupFailure).code());
        }
        return SpringApplication.exit(context);
    }

    /** Another process has the H2 warehouse open: one line that says so, and the code of a run already active. */
    private static Optional<Integer> inUseElsewhere(RuntimeException startupFailure, PrintStream err) {
        return WarehouseInUse.message(startupFailure).map(message -> {
            err.println(message);
            return ExitCode.ALREADY_RUNNING.code();
        });
    }

    static void usageError(PrintStream out, String problem) {
        out.println(problem);
        out.println();
        out.print(USAGE);
    }
}
