package io.ledgersync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sync.WarehouseAssertions;
import io.ledgersync.warehouse.TestPostgres;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The command line as an operator meets it, each command in a JVM of its own ({@link LedgersyncJvm}): the exit code,
 * exactly one line on standard error that says what failed and what to do, no stack trace on the terminal, and for a
 * usage error nothing started at all (no warehouse file where the command was told to keep it). Where a failure leaves something to resume, the next run completes and the
 * warehouse equals the sandbox.
 */
class CommandLineIntegrationTests {

    private static final Duration USAGE_ERROR = Duration.ofMinutes(1);
    private static final Duration A_RUN = Duration.ofMinutes(3);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String H2_OPTIONS = ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";

    private static final SandboxServer sandbox = SandboxServer.start(
            SandboxSettings.defaults().withCompanies(3).withInvoicesPerCompany(120).withSeed(5));

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void anUnknownOptionExitsTwoBeforeAnythingStarts() {
        Path warehouse = warehouseDirectory("unknown-option");
        LedgersyncJvm jvm = sync("unknown-option", warehouse, sandbox.baseUrl().toString(), "--no-such-option");

        assertThat(jvm.awaitExit(USAGE_ERROR)).as(jvm.describe()).isEqualTo(2);
        assertThat(jvm.stderrLines()).containsExactly("sync: unknown option --no-such-option: sync takes --datasets=a,b, "
                + "--companies=id1,id2, --deferred, --full, --accept-deletes, --json and settings as --key=value; see --help");
        assertNothingStarted(jvm, warehouse);
    }

    @Test
    void anUnknownDataSetExitsTwoBeforeAnythingStarts() {
        Path warehouse = warehouseDirectory("unknown-data-set");
        LedgersyncJvm jvm = sync("unknown-data-set", warehouse, sandbox.baseUrl().toString(), "--datasets=invoices,payments");

        assertThat(jvm.awaitExit(USAGE_ERROR)).as(jvm.describe()).isEqualTo(2);
        assertThat(jvm.stderrLines())
                .containsExactly("sync: Unknown data set 'payments': the data sets are companies, accounts, bills, credit_notes, customers, invoices, suppliers; see --help");
        assertNothingStarted(jvm, warehouse);
    }

    @Test
    void versionPrintsTheVersionAndStartsNothing() {
        Path warehouse = warehouseDirectory("version");
        LedgersyncJvm jvm = sync("version", warehouse, sandbox.baseUrl().toString(), "--version");

        assertThat(jvm.awaitExit(USAGE_ERROR)).as(jvm.describe()).isZero();
        assertThat(jvm.stdout().lines()).as("the version, and no banner or log")
                .containsExactly("ledgersync " + LedgersyncApplication.version());
        assertThat(jvm.stderrLines()).isEmpty();
        assertThat(warehouse.resolve("warehouse.mv.db")).as("no warehouse created").doesNotExist();
    }

    @Test
    void anUnknownCompanyExitsTwoWithoutStartingARunAfterASuccessfulOne() {
        Path warehouse = warehouseDirectory("unknown-company");
        LedgersyncJvm full = sync("unknown-company-first", warehouse, sandbox.baseUrl().toString());
        assertThat(full.awaitExit(A_RUN)).as(full.describe()).isZero();
        assertThat(full.stderrLines()).isEmpty();
        assertThat(full.stdout().lines()).as("standard output is the summary alone, for scripts").singleElement().asString()
                .matches("Sync run 1 COMPLETED in .*");
        assertThat(full.stderrLogLines()).as("the log is on standard error").anyMatch(line -> line.contains("Sync run 1 started"));
        assertWarehouseEqualsSandbox(warehouse);

        LedgersyncJvm unknown = sync("unknown-company", warehouse, sandbox.baseUrl().toString(), "--companies=nope");

        assertThat(unknown.awaitExit(A_RUN)).as(unknown.describe()).isEqualTo(2);
        assertThat(unknown.stderrLines()).containsExactly("sync: Unknown companies [nope]: none of the 3 companies synced has "
                + "that id (sync 'companies' first, or check the ids)");
        assertThat(runStatuses(warehouse)).as("no run started").containsExactly("COMPLETED");
    }

    @Test
    void syncJsonPrintsTheRunSummaryAsTheOnlyJsonDocumentOnStandardOutput() {
        Path warehouse = warehouseDirectory("json");
        LedgersyncJvm jvm = sync("json", warehouse, sandbox.baseUrl().toString(), "--json");

        assertThat(jvm.awaitExit(A_RUN)).as(jvm.describe()).isZero();
        JsonNode summary = JSON.readTree(jvm.stdout()); // fails on anything but one JSON document: a log line, a banner
        assertThat(summary.get("runId").asLong()).isEqualTo(1);
        assertThat(summary.get("kind").asString()).isEqualTo("incremental");
        assertThat(summary.get("outcome").asString()).isEqualTo("COMPLETED");
        assertThat(summary.get("exitCode").asInt()).isZero();
        assertThat(summary.get("failures")).isEmpty();
        JsonNode invoices = StreamSupport.stream(summary.get("dataSets").spliterator(), false)
                .filter(dataSet -> dataSet.get("name").asString().equals("invoices")).findFirst().orElseThrow();
        assertThat(invoices.get("records").asLong()).isEqualTo(3 * 120);
        assertThat(invoices.get("companies").asInt()).isEqualTo(3);
        assertWarehouseEqualsSandbox(warehouse);
    }

    @Test
    void schemaWithNoDataApiConfiguredStartsNoSandboxAndPrintsTheTableMap() {
        Path warehouse = warehouseDirectory("schema-no-sandbox");
        LedgersyncJvm jvm = LedgersyncJvm.start("schema-no-sandbox", List.of("schema", "--spring.datasource.url=" + h2Url(warehouse)));

        assertThat(jvm.awaitExit(A_RUN)).as(jvm.describe()).isZero();
        assertThat(jvm.stdout()).contains("invoices  (key company_id, id)");
        assertThat(jvm.stdout() + jvm.stderr()).as("the embedded sandbox logs its start").doesNotContain("embedded sandbox");
    }

    @Test
    void aClosedPortExitsSevenAfterTheRetriesAndTheNextRunResumesAgainstTheRealSource() throws IOException {
        Path warehouse = warehouseDirectory("closed-port");
        String closed = "http://127.0.0.1:" + closedPort();
        LedgersyncJvm unreachable = sync("closed-port", warehouse, closed,
                // a short retry budget, so that the test takes seconds: the default one is tested on a fake clock
                "--ledgersync.api.retry.max-attempts=3", "--ledgersync.api.retry.initial-backoff=100ms");

        assertThat(unreachable.awaitExit(A_RUN)).as(unreachable.describe()).isEqualTo(7);
        assertThat(unreachable.stderrLines()).singleElement().asString()
                .matches("Sync run 1 FAILED: companies: Cannot reach the Data API at " + closed.replace(".", "\\.")
                        + ": connection refused \\(3 attempts over \\d+ s\\): check LEDGERSYNC_API_BASE_URL and that the service is up");
        assertNoStackTrace(unreachable);

        LedgersyncJvm next = sync("closed-port-next", warehouse, sandbox.baseUrl().toString());
        assertThat(next.awaitExit(A_RUN)).as(next.describe()).isZero();
        assertThat(next.stdout()).contains("(resumed)");
        assertThat(runStatuses(warehouse)).containsExactly("FAILED", "COMPLETED");
        assertWarehouseEqualsSandbox(warehouse);
    }

    @Test
    void noApiKeyForABaseUrlIsAConfigurationErrorInOneLine() {
        LedgersyncJvm jvm = LedgersyncJvm.start("no-api-key", List.of("sync"), Map.of("LEDGERSYNC_API_BASE_URL", "http://127.0.0.1:9"));

        assertThat(jvm.awaitExit(A_RUN)).as(jvm.describe()).isEqualTo(2);
        assertThat(jvm.stderrLines())
                .containsExactly("No API key for the Data API at http://127.0.0.1:9: set LEDGERSYNC_API_KEY (ledgersync.api.api-key)");
        assertNoStackTrace(jvm);
    }

    @Test
    void theProdProfileWithoutAnAdminPasswordDoesNotServe() {
        LedgersyncJvm jvm = LedgersyncJvm.start("prod-no-password", List.of("serve", "--server.port=0"), Map.of(
                "SPRING_PROFILES_ACTIVE", "prod", "LEDGERSYNC_API_BASE_URL", sandbox.baseUrl().toString(),
                "LEDGERSYNC_API_KEY", sandbox.apiKey()));

        assertThat(jvm.awaitExit(A_RUN)).as(jvm.describe()).isEqualTo(2);
        assertThat(jvm.stderrLines()).containsExactly("No password for the REST API user 'admin': set LEDGERSYNC_ADMIN_PASSWORD "
                + "(ledgersync.security.password); the prod profile never generates one");
        assertNoStackTrace(jvm);
    }

    @Test
    void aBrokenDataSetFileExitsTwoNamingFileLineAndFieldBeforeAnythingStarts() throws IOException {
        Path warehouse = warehouseDirectory("broken-data-set-file");
        Path jobs = Files.createDirectories(warehouse.resolveSibling("broken-data-set-file-jobs"));
        Files.writeString(jobs.resolve("payments.yml"), "name: payments\npath: /companies/{companyId}/data/payments\n"
                + "parent: companies\nkey: [id]\ncolumns:\n  id: {field: id, type: sideways}\n");
        LedgersyncJvm jvm = sync("broken-data-set-file", warehouse, sandbox.baseUrl().toString(),
                "--ledgersync.sync.datasets=classpath*:jobs/*.yml,file:" + jobs + "/*.yml");

        assertThat(jvm.awaitExit(USAGE_ERROR)).as(jvm.describe()).isEqualTo(2);
        // a file under the working directory is named as its user knows it: relative, from ./
        Path shown = Path.of("").toAbsolutePath().relativize(jobs.resolve("payments.yml"));
        assertThat(jvm.stderrLines()).containsExactly("./" + shown + " line 6, columns.id.type: 'sideways' is "
                + "not a type; the types are [text, integer, decimal, boolean, date, timestamp]");
        assertNothingStarted(jvm, warehouse);
    }

    @Test
    void schemaRebuildOfAnUnknownDataSetExitsTwoBeforeAnythingStarts() {
        Path warehouse = warehouseDirectory("rebuild-unknown");
        LedgersyncJvm jvm = LedgersyncJvm.start("rebuild-unknown", List.of("schema", "--rebuild=nope",
                "--spring.datasource.url=" + h2Url(warehouse)));

        assertThat(jvm.awaitExit(USAGE_ERROR)).as(jvm.describe()).isEqualTo(2);
        assertThat(jvm.stderrLines()).containsExactly("schema: --rebuild=nope: Unknown data set 'nope': the data sets are "
                + "companies, accounts, bills, credit_notes, customers, invoices, suppliers; see --help");
        assertNothingStarted(jvm, warehouse);
    }

    /** Issue 25, item 8: LEDGERSYNC_SCHEMA_REBUILD in the environment rebuilt the data set at every start of every command. */
    @Test
    void aRebuildLeftInTheEnvironmentExitsTwoBeforeAnythingStartsInsteadOfRebuilding() {
        Path warehouse = warehouseDirectory("rebuild-in-environment");
        LedgersyncJvm jvm = LedgersyncJvm.start("rebuild-in-environment", List.of("schema",
                "--spring.datasource.url=" + h2Url(warehouse)), Map.of("LEDGERSYNC_SCHEMA_REBUILD", "invoices"));

        assertThat(jvm.awaitExit(USAGE_ERROR)).as(jvm.describe()).isEqualTo(2);
        assertThat(jvm.stderrLines()).containsExactly("ledgersync.schema.rebuild is 'invoices' in the environment or a config file"
                + " (LEDGERSYNC_SCHEMA_REBUILD?), which would rebuild at every start of every command: unset it; only"
                + " 'ledgersync schema --rebuild=invoices' asks for a rebuild");
        assertNothingStarted(jvm, warehouse);
    }

    /** Issue 25, item 8: two --rebuild options were joined into "invoices,bills". */
    @Test
    void schemaRebuildGivenTwiceExitsTwoBeforeAnythingStarts() {
        Path warehouse = warehouseDirectory("rebuild-twice");
        LedgersyncJvm jvm = LedgersyncJvm.start("rebuild-twice", List.of("schema", "--rebuild=invoices", "--rebuild=bills",
                "--spring.datasource.url=" + h2Url(warehouse)));

        assertThat(jvm.awaitExit(USAGE_ERROR)).as(jvm.describe()).isEqualTo(2);
        assertThat(jvm.stderrLines()).containsExactly("schema: --rebuild is given 2 times (invoices, bills): give it once,"
                + " e.g. --rebuild=invoices; see --help");
        assertNothingStarted(jvm, warehouse);
    }

    @Test
    void theProdProfileWithNothingSetTellsEveryMissingSettingAtOnce() {
        Path warehouse = warehouseDirectory("prod-nothing-set");
        LedgersyncJvm jvm = LedgersyncJvm.start("prod-nothing-set", List.of("serve", "--server.port=0",
                "--spring.datasource.url=" + h2Url(warehouse)), Map.of("SPRING_PROFILES_ACTIVE", "prod"));

        assertThat(jvm.awaitExit(USAGE_ERROR)).as(jvm.describe()).isEqualTo(2);
        assertThat(jvm.stderrLines()).containsExactly(
                "No Data API configured: set LEDGERSYNC_API_BASE_URL and LEDGERSYNC_API_KEY (the prod profile never falls back "
                        + "to the embedded sandbox)",
                "No password for the REST API user 'admin': set LEDGERSYNC_ADMIN_PASSWORD (ledgersync.security.password); the "
                        + "prod profile never generates one");
        assertNothingStarted(jvm, warehouse);
    }

    @Test
    void aMissingPostgresDatabaseExitsEightNamingIt() {
        String missing = TestPostgres.createDatabase("cli_exists").replace("cli_exists", "cli_missing");
        LedgersyncJvm jvm = LedgersyncJvm.start("missing-database", List.of("sync", "--spring.datasource.url=" + missing,
                "--spring.datasource.username=postgres", "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                "--ledgersync.api.api-key=" + sandbox.apiKey()));

        assertThat(jvm.awaitExit(A_RUN)).as(jvm.describe()).isEqualTo(8);
        assertThat(jvm.stderrLines())
                .containsExactly("Warehouse database \"cli_missing\" does not exist: create it, see docs/configuration.md, \"PostgreSQL\"");
        assertNoStackTrace(jvm);
    }

    private static LedgersyncJvm sync(String name, Path warehouse, String baseUrl, String... options) {
        List<String> arguments = new ArrayList<>(List.of("sync", "--spring.datasource.url=" + h2Url(warehouse),
                "--ledgersync.api.base-url=" + baseUrl, "--ledgersync.api.api-key=" + sandbox.apiKey(),
                "--ledgersync.api.page-size=50"));
        arguments.addAll(List.of(options));
        return LedgersyncJvm.start(name, arguments);
    }

    /** A warehouse that outlives one process, so that the next can resume. */
    private static Path warehouseDirectory(String test) {
        Path directory = Path.of("target", "jvm-tests", "warehouses", test).toAbsolutePath();
        try (var files = Files.exists(directory) ? Files.list(directory) : java.util.stream.Stream.<Path>empty()) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
            return Files.createDirectories(directory);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String h2Url(Path directory) {
        return "jdbc:h2:file:" + directory.resolve("warehouse") + H2_OPTIONS;
    }

    private static void assertNothingStarted(LedgersyncJvm jvm, Path warehouse) {
        assertThat(warehouse.resolve("warehouse.mv.db")).as("no warehouse created").doesNotExist();
        assertThat(jvm.stdout()).as("no banner, no log, no result").isEmpty();
        assertThat(jvm.stderrLogLines()).as("no log on standard error either").isEmpty();
    }

    private static void assertNoStackTrace(LedgersyncJvm jvm) {
        assertThat(jvm.stdout() + jvm.stderr()).doesNotContain("\tat ").doesNotContain("APPLICATION FAILED TO START");
    }

    private static List<String> runStatuses(Path warehouse) {
        return WarehouseAssertions.runStatuses(Jdbi.create(h2Url(warehouse), "sa", ""));
    }

    private static void assertWarehouseEqualsSandbox(Path warehouse) {
        WarehouseAssertions.assertWarehouseEqualsSandbox(Jdbi.create(h2Url(warehouse), "sa", ""), sandbox.dataSet());
    }

    /** A loopback port that nothing listens on: taken from the system, then let go. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
