package io.ledgersync.sandbox;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

import io.ledgersync.sandbox.records.ApiException;

/** The standalone {@code sandbox} command: serves the Data API until the JVM is stopped. */
public final class SandboxCommand {

    /** Where the key comes from; unset means {@link SandboxSettings#DEFAULT_API_KEY}. */
    public static final String API_KEY_VARIABLE = "LEDGERSYNC_SANDBOX_API_KEY";

    /** A fixed port, unlike the in-process default of "any free port", so that a person can point a client at it. */
    public static final int DEFAULT_PORT = 8089;

    static final int BAD_ARGUMENTS = 2;
    static final int CANNOT_START = 1;

    private SandboxCommand() {
    }

    /** The command's help; every default in it is read from {@link SandboxSettings#defaults()}, never repeated. */
    public static String usage() {
        SandboxSettings defaults = SandboxSettings.defaults();
        return """
                usage: sandbox [--host=H] [--port=N] [--companies=N] [--invoices-per-company=M] [--seed=S] \
                [--as-of=DAY] [--scenario=FILE]
                  --host                  address to bind (default %s; 0.0.0.0 for every interface)
                  --port                  TCP port (default %d; 0 for any free port)
                  --companies             companies served (default %d)
                  --invoices-per-company  invoices of every company (default %d)
                  --seed                  fixes every record: the same seed serves the same bytes (default %d)
                  --as-of                 the day the records end at, yyyy-mm-dd: issue dates run 540 days back
                                          from it (default today in UTC; give a day for the same bytes every day)
                  --scenario              a YAML scenario: data, account, keys, data set states and faults
                                          (example: sandbox/scenarios/example.yml); the options above override its data
                the API key is read from %s (default "%s")""".formatted(defaults.host(), DEFAULT_PORT,
                defaults.companies(), defaults.invoicesPerCompany(), defaults.seed(), API_KEY_VARIABLE,
                defaults.apiKey());
    }

    /**
     * The standalone {@code sandbox} command: parses its options (see {@code --help}), reads the key from
     * {@value #API_KEY_VARIABLE}, starts the sandbox with the scenario if one is given, prints where it is and how to
     * call it, and serves until the JVM is stopped. Returns 2 with a clear message for bad arguments or a bad
     * scenario, 1 when it cannot start.
     */
    public static int run(String[] args) {
        return run(args, System.getenv(), System.out, System.err, SandboxCommand::serveUntilShutdown);
    }

    /** The command with its surroundings passed in; {@code serve} decides how long the server lives. */
    static int run(String[] args, Map<String, String> environment, PrintStream out, PrintStream err,
            Consumer<SandboxServer> serve) {
        SandboxSettings settings;
        SandboxScenario scenario;
        try {
            Path scenarioFile = scenarioFile(args);
            scenario = scenarioFile == null ? null : SandboxScenario.read(scenarioFile);
            settings = parse(args, environment, scenario);
        } catch (HelpRequested help) {
            out.println(usage());
            return 0;
        } catch (IllegalArgumentException | UncheckedIOException bad) {
            err.println("sandbox: " + bad.getMessage());
            err.println(usage());
            return BAD_ARGUMENTS;
        }
        SandboxServer server;
        try {
            server = SandboxServer.start(settings);
        } catch (RuntimeException e) {
            err.println("sandbox: " + e.getMessage());
            return CANNOT_START;
        }
        try (server) {
            if (scenario != null) {
                try {
                    scenario.script(server);
                } catch (IllegalArgumentException | IllegalStateException | ApiException bad) {
                    err.println("sandbox: " + bad.getMessage());
                    return BAD_ARGUMENTS;
                }
            }
            out.println(banner(server, settings, environment.get(API_KEY_VARIABLE) != null));
            out.flush();
            serve.accept(server);
        }
        return 0;
    }

    private static Path scenarioFile(String[] args) {
        Path file = null;
        for (String arg : args) {
            if (arg.startsWith("--scenario=")) {
                String name = arg.substring("--scenario=".length());
                if (name.isBlank()) {
                    throw new IllegalArgumentException("--scenario needs a file");
                }
                file = Path.of(name);
                if (!Files.isRegularFile(file)) {
                    throw new IllegalArgumentException("--scenario: no file " + file.toAbsolutePath());
                }
            }
        }
        return file;
    }

    static SandboxSettings parse(String[] args, Map<String, String> environment) {
        return parse(args, environment, null);
    }

    /** Settings from {@code --name=value} arguments over the scenario's and the command's defaults. */
    static SandboxSettings parse(String[] args, Map<String, String> environment, SandboxScenario scenario) {
        String apiKey = environment.getOrDefault(API_KEY_VARIABLE, SandboxSettings.defaults().apiKey());
        if (apiKey.isBlank()) {
            throw new IllegalArgumentException(API_KEY_VARIABLE + " is set but empty; unset it to use the default"
                    + " key or give it a value.");
        }
        SandboxSettings settings = SandboxSettings.defaults().withPort(DEFAULT_PORT).withApiKey(apiKey);
        if (scenario != null) {
            settings = scenario.adjust(settings);
        }
        for (String arg : args) {
            if (arg.equals("--help") || arg.equals("-h")) {
                throw new HelpRequested();
            }
            int equals = arg.indexOf('=');
            if (!arg.startsWith("--") || equals < 0) {
                throw new IllegalArgumentException("unexpected argument '" + arg + "'; options are --name=value");
            }
            String name = arg.substring(2, equals);
            String value = arg.substring(equals + 1);
            settings = switch (name) {
                case "host" -> settings.withHost(nonBlank(name, value));
                case "port" -> settings.withPort(within(name, value, 0, 65_535));
                case "companies" -> settings.withCompanies(within(name, value, 0, SandboxSettings.MAX_COMPANIES));
                case "invoices-per-company" ->
                        settings.withInvoicesPerCompany(within(name, value, 0, Integer.MAX_VALUE));
                case "seed" -> settings.withSeed(seed(value));
                case "as-of" -> settings.withAsOf(SandboxSettings.day("--as-of", value));
                case "scenario" -> settings;
                default -> throw new IllegalArgumentException("unknown option --" + name);
            };
        }
        return settings;
    }

    private static String nonBlank(String name, String value) {
        if (value.isBlank()) {
            throw new IllegalArgumentException("--" + name + " needs a value");
        }
        return value;
    }

    private static int within(String name, String value, int min, int max) {
        int number;
        try {
            number = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a whole number, was '" + value + "'");
        }
        if (number < min || number > max) {
            throw new IllegalArgumentException("--" + name + " must be between " + min + " and " + max
                    + ", was " + number);
        }
        return number;
    }

    private static long seed(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--seed must be a whole number, was '" + value + "'");
        }
    }

    /** Says where to connect and how to authenticate, without ever printing a key that came from the environment. */
    static String banner(SandboxServer server, SandboxSettings settings, boolean keyFromEnvironment) {
        String listening = settings.host().equals("0.0.0.0") || settings.host().equals("::")
                ? " (listening on every interface)" : "";
        String keyLine;
        String credentials;
        if (keyFromEnvironment) {
            keyLine = "API key: from " + API_KEY_VARIABLE;
            credentials = "$(printf %s \"$" + API_KEY_VARIABLE + "\" | base64)";
        } else {
            keyLine = "API key: the documented default \"" + SandboxSettings.DEFAULT_API_KEY + "\" (set "
                    + API_KEY_VARIABLE + " to use another)";
            credentials = Base64.getEncoder().encodeToString(
                    SandboxSettings.DEFAULT_API_KEY.getBytes(StandardCharsets.UTF_8));
        }
        return "ledgersync sandbox: serving the Data API at " + server.baseUrl() + listening + "\n"
                + "  data: " + settings.companies() + " companies, each " + records(settings) + ", seed "
                + settings.seed() + ", as of " + settings.recordsAsOf() + "\n"
                + "  account: " + (settings.freeTrial() ? "free trial" : "paid") + ", " + settings.accountAge().toDays()
                + " days old\n"
                + faults(server)
                + "  " + keyLine + "\n"
                + "  try: curl -H \"Authorization: Basic " + credentials + "\" " + server.baseUrl() + "/companies";
    }

    /** "1000 invoices, 40 customers, ...": every data set's count per company. */
    private static String records(SandboxSettings settings) {
        StringBuilder text = new StringBuilder();
        settings.recordsPerCompany().forEach((dataType, count) ->
                text.append(text.isEmpty() ? "" : ", ").append(count).append(' ').append(dataType));
        return text.toString();
    }

    private static String faults(SandboxServer server) {
        StringBuilder text = new StringBuilder();
        for (String fault : server.faults().describe()) {
            text.append("  fault: ").append(fault).append('\n');
        }
        return text.toString();
    }

    private static void serveUntilShutdown(SandboxServer server) {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "sandbox-shutdown"));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** --help is not an error, yet it ends parsing like one. */
    private static final class HelpRequested extends IllegalArgumentException {
        HelpRequested() {
            super("help", null);
        }
    }
}
