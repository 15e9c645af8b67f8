package io.ledgersync;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;

import io.ledgersync.cluster.PartitionWorker;
import io.ledgersync.sandbox.SandboxCommand;
import io.ledgersync.trigger.cli.CommandOptions;
import io.ledgersync.trigger.cli.CommandOutput;
import io.ledgersync.trigger.cli.ConfigurationPreflight;
import io.ledgersync.trigger.cli.ExitCode;
import io.ledgersync.trigger.cli.SchemaOptions;
import io.ledgersync.trigger.cli.StopSignals;
import io.ledgersync.trigger.cli.SyncOptions;
import io.ledgersync.trigger.cli.UsageException;

/**
 * The command line of {@code ledgersync.jar}: {@code serve} (the default), {@code sync}, {@code worker}, {@code schema},
 * the connector verbs {@code check}, {@code status}, {@code runs} and {@code reset} ({@link ConnectorVerbs}), and
 * {@code sandbox}. Scripts rely on these words and options; keep them stable. A mistake in them is
 * told before anything starts; a start that fails is told in one line ({@link StartupFailures}).
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
                           --companies=id1,id2   only these companies, already synced (default: all)
                           --deferred            only company data sets deferred by a 409 and due
                           --full                a full refresh: walk every data set whole (no
                                                 incremental reads) and mark what the source deleted
                           --accept-deletes      with --full: mark them even beyond the safety bound
                                                 ledgersync.sync.deletes.max-fraction (one run)
                           --json                print the summary as one JSON document
              worker     Cluster mode: run sync partitions sent by the manager over RabbitMQ until
                         stopped (docs/scale-out.md); health and metrics on its own port
                         (LEDGERSYNC_CLUSTER_WORKER_PORT)
              schema     Bring the warehouse's tables in line with the data set files (as every start
                         does), then print every table and column with the record field it comes from
                           --dbt [--out=FILE]    write them as a dbt sources.yml (default ./sources.yml)
                           --force               with --dbt: overwrite that file if it exists
                           --rebuild=<data set>  rebuild that data set's tables from the stored raw
                                                 records, for a column type or key that changed
              check      Test in seconds what a sync needs, one line each: the Data API takes the key
                         (one request), the warehouse answers (migrations applied and pending; none
                         applied by check), in cluster mode the broker answers; exit 0 when all do
              status     Print where each company data set stands, as GET /api/status does
                           --json                that endpoint's JSON document
              runs       Print the last runs, newest first, as GET /api/runs does
                           --last=N              how many (default 10, at most 200)
                           --json                that endpoint's JSON document
              reset      Forget the watermarks of company data sets, so that the next run reads
                         them whole; refused (exit 4) while a run is active
                           --datasets=a,b        these data sets (required)
                           --companies=id1,id2   only these companies (default: all)
                           --yes                 do it; without, print what it would reset, exit 2
              sandbox    Run the Data API sandbox alone (API key from LEDGERSYNC_SANDBOX_API_KEY);
                         "sandbox --help" lists its options with their defaults
                           --port=N --companies=N --invoices-per-company=M --seed=S --host=H
                           --scenario=FILE
              help       Show this text (also --help); --version shows the version

            Exit codes of sync (check and reset use the same): %s.

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
        List<String> all = Arrays.asList(args);
        if (all.contains("--help") || all.contains("-h") || command.equals("help")) {
            // The sandbox's options and defaults are its own; its help prints them from SandboxSettings.defaults().
            out.print(command.equals("sandbox") ? SandboxCommand.usage() + System.lineSeparator() : USAGE);
            return 0;
        }
        if (all.contains("--version") || command.equals("version")) {
            out.println("ledgersync " + version());
            return 0;
        }
        try {
            return switch (command) {
                case "serve" -> runService(options, err);
                case "sync" -> CommandOutput.resultOnly(err, () -> runSync(options, out, err));
                case "worker" -> runWorker(options, err);
                case "schema" -> CommandOutput.resultOnly(err, () -> runSchema(options, out, err));
                case "check" -> CommandOutput.resultOnly(err, () -> ConnectorVerbs.check(options, out, err));
                case "status" -> CommandOutput.resultOnly(err, () -> ConnectorVerbs.status(options, out, err));
                case "runs" -> CommandOutput.resultOnly(err, () -> ConnectorVerbs.runs(options, out, err));
                case "reset" -> CommandOutput.resultOnly(err, () -> ConnectorVerbs.reset(options, out, err));
                case "sandbox" -> {
                    int exit = SandboxCommand.run(options);
                    yield exit == 0 ? KEEP_RUNNING : exit;
                }
                default -> throw new UsageException("Unknown command '" + command
                        + "': the commands are serve, sync, worker, schema, check,"
                        + " status, runs, reset, sandbox and help");
            };
        } catch (UsageException e) {
            err.println(e.getMessage());
            return ExitCode.USAGE.code();
        }
    }

    private static int runService(String[] options, PrintStream err) {
        CommandOptions.parse("serve", List.of(options), Set.of(), "serve takes settings as --key=value only");
        SpringApplication application = new SpringApplication(LedgersyncApplication.class);
        application.addListeners(new ConfigurationPreflight()); // every configuration mistake at once, before any bean
        application.addListeners(new StopSignalsWhenReady());
        try {
            application.run(options);
        } catch (RuntimeException startupFailure) {
            return StartupFailures.report(startupFailure, err).code();
        }
        return KEEP_RUNNING;
    }

    /**
     * SIGTERM, Ctrl-C: the service stops its runs at a page boundary, then exits. Installed first thing once the
     * service is ready, before the other listeners of that moment say so (the login line) or start a run (the startup
     * sync): a signal sent as soon as the service says it is up finds the handler in place.
     */
    private static final class StopSignalsWhenReady implements ApplicationListener<ApplicationReadyEvent>, Ordered {

        @Override
        public void onApplicationEvent(ApplicationReadyEvent ready) {
            StopSignals.installForService(ready.getApplicationContext());
        }

        @Override
        public int getOrder() {
            return Ordered.HIGHEST_PRECEDENCE;
        }
    }

    private static int runSync(String[] options, PrintStream out, PrintStream err) {
        SyncOptions.preflight(options); // a usage error costs a second, not a start
        return ConnectorVerbs.runOnce(new SpringApplication(LedgersyncApplication.class), "sync", options, out, err);
    }

    /** Cluster mode is implied: a worker exists only to run what a manager sends. */
    private static int runWorker(String[] options, PrintStream err) {
        CommandOptions.parse("worker", List.of(options), Set.of(), "worker takes settings as --key=value only");
        SpringApplication application = new SpringApplication(LedgersyncApplication.class);
        application.setDefaultProperties(Map.of("ledgersync.command", "worker", "server.port", "${ledgersync.cluster.worker-port}"));
        application.addListeners(new ConfigurationPreflight());
        // given twice, Boot would join the values ("true,true"): the worker's own setting replaces any given
        String[] arguments = java.util.stream.Stream.concat(
                Arrays.stream(options).filter(option -> !option.startsWith("--ledgersync.cluster.enabled")),
                java.util.stream.Stream.of("--ledgersync.cluster.enabled=true")).toArray(String[]::new);
        ConfigurableApplicationContext context;
        try {
            context = application.run(arguments);
        } catch (RuntimeException startupFailure) {
            return StartupFailures.report(startupFailure, err).code();
        }
        PartitionWorker.installSignals(context); // SIGTERM, Ctrl-C: finish or hand back the running partitions, then exit
        return KEEP_RUNNING;
    }

    private static int runSchema(String[] options, PrintStream out, PrintStream err) {
        SchemaOptions schema = SchemaOptions.preflight(options); // a usage error costs a second, not a start
        List<String> args = new java.util.ArrayList<>(List.of(options));
        args.addAll(schema.settings());
        return ConnectorVerbs.runOnce(new SpringApplication(LedgersyncApplication.class), "schema", args.toArray(String[]::new),
                out, err);
    }

    /** The jar's version: its manifest's, or the build info the build writes next to the classes. */
    static String version() {
        String version = LedgersyncApplication.class.getPackage().getImplementationVersion();
        if (version != null) {
            return version;
        }
        try (InputStream in = LedgersyncApplication.class.getResourceAsStream("/META-INF/build-info.properties")) {
            Properties buildInfo = new Properties();
            if (in != null) {
                buildInfo.load(in);
            }
            return buildInfo.getProperty("build.version", "(unknown: neither a manifest nor build info)");
        } catch (IOException e) {
            return "(unknown: " + e.getMessage() + ")";
        }
    }
}
