package io.ledgersync.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The standalone {@code sandbox} command: its arguments, its messages and its exit codes. */
class SandboxCommandTests {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--port=abc|--port must be a whole number, was 'abc'",
            "--port=70000|--port must be between 0 and 65535, was 70000",
            "--companies=-1|--companies must be between 0 and 100000, was -1",
            "--invoices-per-company=lots|--invoices-per-company must be a whole number",
            "--seed=x|--seed must be a whole number, was 'x'",
            "--as-of=yesterday|--as-of must be a day as yyyy-mm-dd (e.g. 2025-07-01), was 'yesterday'",
            "--host=|--host needs a value",
            "--colour=red|unknown option --colour",
            "--port|unexpected argument '--port'",
            "8080|unexpected argument '8080'"})
    void badArgumentExitsNonZeroWithAClearMessage(String argument, String message) {
        // when the command is given a bad argument
        int exitCode = run(Map.of(), argument);

        // then it does not serve, exits non-zero, and says what was wrong and how to call it
        assertThat(exitCode).isEqualTo(SandboxCommand.BAD_ARGUMENTS);
        assertThat(err()).contains("sandbox: " + message).contains("usage: sandbox");
        assertThat(out()).isEmpty();
    }

    @Test
    void emptyApiKeyVariableIsRefused() {
        int exitCode = run(Map.of(SandboxCommand.API_KEY_VARIABLE, " "));

        assertThat(exitCode).isEqualTo(SandboxCommand.BAD_ARGUMENTS);
        assertThat(err()).contains(SandboxCommand.API_KEY_VARIABLE + " is set but empty");
    }

    @Test
    void helpPrintsUsageAndSucceeds() {
        assertThat(run(Map.of(), "--help")).isZero();
        assertThat(out()).contains("usage: sandbox").contains("--invoices-per-company").contains("--scenario")
                .contains("--as-of                 the day the records end at, yyyy-mm-dd").contains("default today in UTC");
    }

    @Test
    void helpPrintsTheDefaultsOfTheSettings() {
        SandboxSettings defaults = SandboxSettings.defaults();

        run(Map.of(), "--help");

        assertThat(out()).contains("--host                  address to bind (default " + defaults.host() + ";")
                .contains("--port                  TCP port (default " + SandboxCommand.DEFAULT_PORT + ";")
                .contains("--companies             companies served (default " + defaults.companies() + ")")
                .contains("invoices of every company (default " + defaults.invoicesPerCompany() + ")")
                .contains("(default " + defaults.seed() + ")")
                .contains("(default \"" + defaults.apiKey() + "\")");
    }

    @Test
    void argumentsDefaultToTheDocumentedValuesOnAFixedPort() {
        SandboxSettings settings = SandboxCommand.parse(new String[0], Map.of());

        assertThat(settings).isEqualTo(SandboxSettings.defaults().withPort(SandboxCommand.DEFAULT_PORT));
    }

    @Test
    void argumentsOverrideEveryDefault() {
        SandboxSettings settings = SandboxCommand.parse(new String[] {"--host=0.0.0.0", "--port=9000",
                "--companies=7", "--invoices-per-company=20", "--seed=-5", "--as-of=2025-07-01"},
                Map.of(SandboxCommand.API_KEY_VARIABLE, "from-env"));

        assertThat(settings).isEqualTo(SandboxSettings.defaults().withHost("0.0.0.0").withPort(9000).withCompanies(7)
                .withInvoicesPerCompany(20).withSeed(-5L).withApiKey("from-env").withAsOf(java.time.LocalDate.of(2025, 7, 1)));
    }

    @Test
    void servesWithTheDefaultKeyAndPrintsTheBaseUrlAndKeyHint() {
        // given the command on any free port with a small data set
        AtomicReference<Integer> served = new AtomicReference<>();

        // when it runs, and a client reads while it serves
        int exitCode = SandboxCommand.run(new String[] {"--port=0", "--companies=2", "--invoices-per-company=3"},
                Map.of(), print(out), print(err), server -> {
                    served.set(new SandboxHttp(server).getJson("/companies").get("totalResults").asInt());
                    assertThat(out()).contains(server.baseUrl().toString());
                });

        // then it served the requested data and told how to call it
        assertThat(exitCode).isZero();
        assertThat(served.get()).isEqualTo(2);
        assertThat(out()).contains("2 companies, each 40 customers, 3 invoices, 100 creditNotes, 25 suppliers, 400 bills,"
                + " 30 accounts, seed 42, as of " + java.time.LocalDate.now(java.time.ZoneOffset.UTC))
                .contains("\"sandbox-key\"")
                .contains("Authorization: Basic c2FuZGJveC1rZXk=");
    }

    @Test
    void keyFromTheEnvironmentIsUsedButNeverPrinted() {
        AtomicReference<Integer> status = new AtomicReference<>();

        int exitCode = SandboxCommand.run(new String[] {"--port=0"},
                Map.of(SandboxCommand.API_KEY_VARIABLE, "s3cret-key"), print(out), print(err), server -> {
                    assertThat(server.apiKey()).isEqualTo("s3cret-key");
                    status.set(new SandboxHttp(server).get("/companies").statusCode());
                });

        assertThat(exitCode).isZero();
        assertThat(status.get()).isEqualTo(200);
        assertThat(out()).contains("API key: from " + SandboxCommand.API_KEY_VARIABLE).doesNotContain("s3cret");
    }

    @Test
    void scenarioOptionLoadsTheScenarioAndOptionsOverrideItsData() {
        AtomicReference<Integer> companies = new AtomicReference<>();

        int exitCode = SandboxCommand.run(new String[] {"--port=0", "--scenario=sandbox/scenarios/example.yml",
                "--invoices-per-company=7"}, Map.of(), print(out), print(err), server -> {
                    companies.set(server.dataSet().companyIds().size());
                    assertThat(server.dataSet().invoiceCount(server.dataSet().companyIds().get(0))).isEqualTo(7);
                });

        assertThat(exitCode).isZero();
        assertThat(companies.get()).isEqualTo(4);
        assertThat(out()).contains("4 companies, each 40 customers, 7 invoices,").contains("fault: rate limit 20.0/s, burst 40");
    }

    @Test
    void missingScenarioFileIsABadArgument() {
        assertThat(run(Map.of(), "--scenario=nowhere.yml")).isEqualTo(SandboxCommand.BAD_ARGUMENTS);
        assertThat(err()).contains("--scenario: no file");
    }

    private int run(Map<String, String> environment, String... args) {
        return SandboxCommand.run(args, environment, print(out), print(err), server -> {
            throw new AssertionError("must not serve");
        });
    }

    private static PrintStream print(ByteArrayOutputStream buffer) {
        return new PrintStream(buffer, true, StandardCharsets.UTF_8);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
