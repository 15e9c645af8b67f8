package io.ledgersync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.warehouse.TestPostgres;
import io.ledgersync.warehouse.lock.AdvisoryRunLocks;
import io.ledgersync.warehouse.lock.RunLocks;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The connector verbs as an operator or a script meets them, each in a JVM of its own ({@link LedgersyncJvm}), or in
 * this one ({@link InProcessCommand}) where only what they print and do is tested, against the sandbox over HTTP and a
 * real warehouse: {@code check}'s one line per part and its exit code, {@code status} and
 * {@code runs} as tables and as JSON, {@code reset} listing, confirming and refusing. Standard output is the result alone.
 */
class ConnectorVerbsIntegrationTests {

    private static final Duration A_COMMAND = Duration.ofMinutes(3);
    private static final String H2_OPTIONS = ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String TABLES = "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'";

    private static final SandboxServer sandbox = SandboxServer.start(
            SandboxSettings.defaults().withCompanies(2).withInvoicesPerCompany(30).withSeed(5));

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void checkOfTheSandboxAndAFreshH2WarehouseSaysOkInOneLineEachAndCreatesNoTable() {
        Path warehouse = warehouseDirectory("check-ok");

        LedgersyncJvm check = verbAt("check-ok", h2Url(warehouse), sandbox.baseUrl().toString(), sandbox.apiKey(), "check");

        assertThat(check.awaitExit(A_COMMAND)).as(check.describe()).isZero();
        assertThat(check.stdout().lines()).as(check.describe()).satisfiesExactly(
                line -> assertThat(line).matches(Pattern.quote("api: ok — " + sandbox.baseUrl() + " answered 200 in ")
                        + "\\d+ ms, key accepted"),
                line -> assertThat(line).matches(Pattern.quote("warehouse: ok — jdbc:h2:file:" + warehouse.resolve("warehouse")
                        + " (H2 ") + ".*\\) answered in \\d+ ms, 0 migration\\(s\\) applied, " + migrations("h2") + " pending: the next sync or serve"
                        + " applies them"),
                line -> assertThat(line).isEqualTo("broker: not used — cluster mode is off (LEDGERSYNC_CLUSTER_ENABLED)"));
        assertThat(check.stderrLines()).isEmpty();
        assertThat(count(Jdbi.create(h2Url(warehouse), "sa", ""), TABLES)).as("check applies no migration").isZero();
    }

    @Test
    void checkWithAKeyTheDataApiRefusesExitsFive() {
        LedgersyncJvm check = verbAt("check-wrong-key", h2Url(warehouseDirectory("check-wrong-key")), sandbox.baseUrl().toString(),
                "not-the-key", "check");

        assertThat(check.awaitExit(A_COMMAND)).as(check.describe()).isEqualTo(5);
        List<String> lines = check.stdout().lines().toList();
        assertThat(lines).as(check.describe()).hasSize(3);
        assertThat(lines.get(0)).matches(Pattern.quote("api: key refused — " + sandbox.baseUrl() + " answered 401 in ")
                + "\\d+ ms \\(GET /companies\\?page=1&pageSize=1 answered 401.*\\): set LEDGERSYNC_API_KEY to a key this Data API"
                + " accepts");
        assertThat(lines.get(1)).startsWith("warehouse: ok — ");
    }

    @Test
    void checkOfAClosedPortExitsSevenAfterOneAttempt() throws IOException {
        String closed = "http://127.0.0.1:" + closedPort();

        LedgersyncJvm check = verbAt("check-closed-port", h2Url(warehouseDirectory("check-closed-port")), closed, sandbox.apiKey(),
                "check");

        assertThat(check.awaitExit(A_COMMAND)).as(check.describe()).isEqualTo(7);
        assertThat(check.stdout().lines().findFirst()).as(check.describe()).get().asString().matches(Pattern.quote(
                "api: unreachable — " + closed + ": connection refused after ") + "\\d+ ms: check LEDGERSYNC_API_BASE_URL and"
                + " that the service is up");
        assertThat(check.stderr()).as("one attempt: no retry was logged").doesNotContainIgnoringCase("retry");
    }

    @Test
    void checkWithoutAnApiKeyForItsBaseUrlSaysSoAndExitsTwo() {
        Path warehouse = warehouseDirectory("check-no-key");
        LedgersyncJvm check = LedgersyncJvm.start("check-no-key", List.of("check", "--spring.datasource.url=" + h2Url(warehouse)),
                Map.of("LEDGERSYNC_API_BASE_URL", sandbox.baseUrl().toString()));

        assertThat(check.awaitExit(A_COMMAND)).as(check.describe()).isEqualTo(2);
        List<String> lines = check.stdout().lines().toList();
        assertThat(lines).as(check.describe()).hasSize(3);
        assertThat(lines.get(0)).isEqualTo("api: not configured — No API key for the Data API at " + sandbox.baseUrl()
                + ": set LEDGERSYNC_API_KEY (ledgersync.api.api-key)");
        assertThat(lines.get(1)).startsWith("warehouse: ok — ");
    }

    @Test
    void checkOfAnUnreachableDatabaseExitsEightAndStillChecksTheApi() throws IOException {
        String unreachable = "jdbc:postgresql://127.0.0.1:" + closedPort() + "/warehouse";

        LedgersyncJvm check = verbAt("check-no-database", unreachable, sandbox.baseUrl().toString(), sandbox.apiKey(), "check");

        assertThat(check.awaitExit(A_COMMAND)).as(check.describe()).isEqualTo(8);
        List<String> lines = check.stdout().lines().toList();
        assertThat(lines).as(check.describe()).hasSize(3);
        assertThat(lines.get(0)).startsWith("api: ok — ");
        assertThat(lines.get(1)).matches("warehouse: failing — Cannot reach the warehouse database \\(.*\\): check"
                + " LEDGERSYNC_DB_URL and that the database server is up");
    }

    @Test
    void checkOnPostgresCountsTheMigrationsAStartAppliesWithoutApplyingThem() {
        String url = TestPostgres.createDatabase("verbs_check");
        LedgersyncJvm fresh = verbAt("check-postgres-fresh", url, sandbox.baseUrl().toString(), sandbox.apiKey(), "check");
        assertThat(fresh.awaitExit(A_COMMAND)).as(fresh.describe()).isZero();
        assertThat(fresh.stdout().lines().toList().get(1)).as(fresh.describe())
                .matches("warehouse: ok — jdbc:postgresql://.*/verbs_check \\(PostgreSQL .*\\) answered in \\d+ ms, 0 migration\\(s\\)"
                        + " applied, " + migrations("postgresql") + " pending: the next sync or serve applies them");
        assertThat(count(postgres(url), TABLES)).as("check applies no migration").isZero();

        // when a command starts the application (runs: there is none yet), the migrations are applied
        LedgersyncJvm runs = verbAt("runs-postgres-none", url, sandbox.baseUrl().toString(), sandbox.apiKey(), "runs");
        assertThat(runs.awaitExit(A_COMMAND)).as(runs.describe()).isZero();
        assertThat(runs.stdout().lines()).containsExactly("No sync run yet: run 'ledgersync sync'");

        LedgersyncJvm migrated = verbAt("check-postgres-migrated", url, sandbox.baseUrl().toString(), sandbox.apiKey(), "check");
        assertThat(migrated.awaitExit(A_COMMAND)).as(migrated.describe()).isZero();
        assertThat(migrated.stdout().lines().toList().get(1)).matches(".* answered in \\d+ ms, " + migrations("postgresql") + " migration\\(s\\) applied, none pending");
    }

    /** In this JVM ({@link InProcessCommand}): what the verbs print and do; the other tests exit their own JVMs. */
    @Test
    void statusRunsAndResetTellWhatTheRunsDidAndAResetCompanyDataSetIsReadWholeNext() {
        String url = h2Url(warehouseDirectory("status-runs-reset"));
        assertThat(okHere("first-sync", url, "sync").stderrLines()).isEmpty();

        // status: a table that says what the JSON says
        JsonNode status = json(okHere("status-json", url, "status", "--json"));
        List<String> table = okHere("status", url, "status").stdout().lines().toList();
        assertThat(table.get(0).split(" {2,}")).containsExactly("DATA SET", "COMPANY", "STATE", "WATERMARK", "LAST SUCCESS",
                "FAILED RUNS", "ROWS", "DELETED", "LAST ERROR");
        List<JsonNode> standings = StreamSupport.stream(status.get("companyDataSets").spliterator(), false).toList();
        assertThat(standings).hasSize(12); // 6 company data sets of 2 companies
        assertThat(table.subList(1, table.size())).hasSize(standings.size());
        for (int i = 0; i < standings.size(); i++) {
            JsonNode standing = standings.get(i);
            assertThat(table.get(i + 1).split(" {2,}")).containsExactly(standing.get("dataSet").asString(),
                    standing.get("companyId").asString(), "OK", seconds(standing.get("watermark")),
                    seconds(standing.get("lastFullSuccessAt")), "-", standing.get("rowsLive").asString(), "0", "-");
        }

        // runs: the one run
        assertThat(okHere("runs-one", url, "runs").stdout().lines().toList()).satisfiesExactly(
                header -> assertThat(header.split(" {2,}")).containsExactly("RUN", "MODE", "STATUS", "EXIT CODE", "STARTED", "ENDED",
                        "DATA SETS", "COMPANIES"),
                run -> assertThat(run).matches("1 {4}incremental {2}COMPLETED {2}COMPLETED {2}\\S+Z {2}\\S+Z {2}all {8}all"));

        // reset without --yes: what it would do, nothing done, exit 2
        JsonNode invoicesOfFirst = standings.stream().filter(s -> s.get("dataSet").asString().equals("invoices")).findFirst()
                .orElseThrow();
        String company = invoicesOfFirst.get("companyId").asString();
        InProcessCommand asked = verbHere("reset-unconfirmed", url, "reset", "--datasets=invoices", "--companies=" + company);
        assertThat(asked.exitCode()).as(asked.describe()).isEqualTo(2);
        assertThat(asked.stdout().lines()).containsExactly(
                "Would reset the watermarks of 1 company data set(s), so that the next run reads them whole:",
                "  invoices of company " + company + " (watermark " + seconds(invoicesOfFirst.get("watermark")) + ")");
        assertThat(asked.stderrLines()).containsExactly("reset: nothing was changed: add --yes to reset them");

        // reset --yes, then the next run reads that company's invoices whole and the other's from its watermark
        assertThat(okHere("reset", url, "reset", "--datasets=invoices", "--companies=" + company, "--yes").stdout().lines())
                .containsExactly("Reset the watermarks of 1 company data set(s): the next run reads them whole",
                        "  invoices of company " + company + " (watermark " + seconds(invoicesOfFirst.get("watermark")) + ")");
        okHere("second-sync", url, "sync");
        JsonNode after = json(okHere("status-after-reset", url, "status", "--json"));
        for (JsonNode standing : after.get("companyDataSets")) {
            if (standing.get("dataSet").asString().equals("invoices")) {
                assertThat(standing.get("lastReconciliation").get("runId").asLong()).isEqualTo(2);
                assertThat(standing.get("lastReconciliation").get("walk").asString())
                        .isEqualTo(standing.get("companyId").asString().equals(company) ? "full" : "incremental");
            }
        }

        // runs --last 1: the newest, and that there are more; as JSON the endpoint's page
        assertThat(okHere("runs-last", url, "runs", "--last", "1").stdout().lines().toList()).satisfiesExactly(
                header -> assertThat(header).startsWith("RUN  MODE"),
                run -> assertThat(run).startsWith("2    incremental  COMPLETED  COMPLETED  "),
                more -> assertThat(more).isEqualTo("The last 1 of 2 runs: --last=N shows more"));
        JsonNode page = json(okHere("runs-json", url, "runs", "--json", "--last=1"));
        assertThat(page.get("runs")).hasSize(1);
        assertThat(page.get("runs").get(0).get("runId").asLong()).isEqualTo(2);
        assertThat(page.get("runs").get(0).get("request").get("datasets")).isEmpty();
        assertThat(List.of(page.get("page").asInt(), page.get("size").asInt(), page.get("total").asInt())).containsExactly(0, 1, 2);

        // an unknown company is a usage error, as sync's
        InProcessCommand unknown = verbHere("reset-unknown-company", url, "reset", "--datasets=invoices", "--companies=nope", "--yes");
        assertThat(unknown.exitCode()).as(unknown.describe()).isEqualTo(2);
        assertThat(unknown.stderrLines()).containsExactly("reset: Unknown companies [nope]: none of the 2 companies synced has"
                + " that id (sync 'companies' first, or check the ids)");
        assertThat(unknown.stdout()).isEmpty();
    }

    @Test
    void aResetWhileARunHoldsItsLockExitsFourAndClearsNothing() {
        String url = TestPostgres.createDatabase("verbs_reset_active");
        ok("reset-active-sync", url, "sync");
        RunLocks locks = new AdvisoryRunLocks(new DriverManagerDataSource(url, "postgres", ""), "ledgersync test-run");

        try (RunLocks.Held running = locks.tryAcquire("full").orElseThrow()) {
            LedgersyncJvm reset = verb("reset-active", url, "reset", "--datasets=invoices", "--yes");

            assertThat(reset.awaitExit(A_COMMAND)).as(reset.describe()).isEqualTo(4);
            assertThat(reset.stderrLines()).singleElement().asString().matches("reset: A full sync run is active: held by"
                    + " ledgersync test-run \\(PostgreSQL session \\d+, since \\S+\\); a reset would change what it reads: wait for"
                    + " it to end");
        }
        assertThat(count(postgres(url), "SELECT COUNT(*) FROM sync_state WHERE data_set = 'invoices' AND watermark IS NOT NULL"))
                .as("no watermark cleared").isEqualTo(2);
    }

    @Test
    void statusRunsAndResetStartNoSandboxWhenNoDataApiIsConfigured() {
        Path warehouse = warehouseDirectory("verbs-no-sandbox");
        for (List<String> verb : List.of(List.of("status"), List.of("runs"), List.of("reset", "--datasets=invoices"))) {
            List<String> arguments = new ArrayList<>(verb);
            arguments.add("--spring.datasource.url=" + h2Url(warehouse));
            LedgersyncJvm jvm = LedgersyncJvm.start("no-sandbox-" + verb.get(0), arguments);

            assertThat(jvm.awaitExit(A_COMMAND)).as(jvm.describe()).isZero();
            assertThat(jvm.stdout().lines()).as(jvm.describe()).singleElement().asString().startsWith("No");
            assertThat(jvm.stderr()).as("no embedded sandbox started").doesNotContain("embedded sandbox");
        }
    }

    @Test
    void usageErrorsOfTheVerbsExitTwoBeforeAnythingStarts() {
        Path warehouse = warehouseDirectory("verb-usage");
        LedgersyncJvm runs = verb("runs-usage", h2Url(warehouse), "runs", "--last=none");
        LedgersyncJvm reset = verb("reset-usage", h2Url(warehouse), "reset", "--yes");

        assertThat(runs.awaitExit(A_COMMAND)).as(runs.describe()).isEqualTo(2);
        assertThat(runs.stderrLines()).containsExactly("runs: --last=none is not a number of runs: give 1 to 200, e.g. --last=5;"
                + " see --help");
        assertThat(reset.awaitExit(A_COMMAND)).as(reset.describe()).isEqualTo(2);
        assertThat(reset.stderrLines()).containsExactly("reset: name the data sets whose watermarks to reset with --datasets, e.g."
                + " --datasets=invoices; see --help");
        assertThat(runs.stdout() + reset.stdout()).isEmpty();
        assertThat(warehouse.resolve("warehouse.mv.db")).as("nothing started").doesNotExist();
    }

    /** A command against the sandbox and its key. */
    private static LedgersyncJvm verb(String name, String databaseUrl, String... arguments) {
        return verbAt(name, databaseUrl, sandbox.baseUrl().toString(), sandbox.apiKey(), arguments);
    }

    private static LedgersyncJvm verbAt(String name, String databaseUrl, String baseUrl, String apiKey, String... arguments) {
        return LedgersyncJvm.start(name, withSettings(databaseUrl, baseUrl, apiKey, arguments));
    }

    private static List<String> withSettings(String databaseUrl, String baseUrl, String apiKey, String... arguments) {
        List<String> all = new ArrayList<>(List.of(arguments));
        all.addAll(List.of("--spring.datasource.url=" + databaseUrl, "--ledgersync.api.base-url=" + baseUrl,
                "--ledgersync.api.api-key=" + apiKey, "--ledgersync.api.page-size=50"));
        if (databaseUrl.startsWith("jdbc:postgresql:")) {
            all.add("--spring.datasource.username=postgres");
        }
        return all;
    }

    /** A command that must succeed. */
    private static LedgersyncJvm ok(String name, String databaseUrl, String... arguments) {
        LedgersyncJvm jvm = verb(name, databaseUrl, arguments);
        assertThat(jvm.awaitExit(A_COMMAND)).as(jvm.describe()).isZero();
        return jvm;
    }

    /** A command against the sandbox and its key, run in this JVM. */
    private static InProcessCommand verbHere(String name, String databaseUrl, String... arguments) {
        return InProcessCommand.run(name, withSettings(databaseUrl, sandbox.baseUrl().toString(), sandbox.apiKey(), arguments));
    }

    /** A command that must succeed, run in this JVM. */
    private static InProcessCommand okHere(String name, String databaseUrl, String... arguments) {
        InProcessCommand command = verbHere(name, databaseUrl, arguments);
        assertThat(command.exitCode()).as(command.describe()).isZero();
        return command;
    }

    private static JsonNode json(InProcessCommand command) {
        assertThat(command.stdout().lines()).as("one JSON document on one line").hasSize(1);
        return JSON.readTree(command.stdout());
    }

    /** A time of the JSON as the table shows it. */
    private static String seconds(JsonNode time) {
        return Instant.parse(time.asString()).truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private static int count(Jdbi database, String sql) {
        return database.withHandle(handle -> handle.createQuery(sql).mapTo(Integer.class).one());
    }

    private static Jdbi postgres(String url) {
        return Jdbi.create(url, "postgres", "");
    }

    private static Path warehouseDirectory(String test) {
        Path directory = Path.of("target", "jvm-tests", "warehouses", test).toAbsolutePath();
        try (var files = Files.exists(directory) ? Files.list(directory) : java.util.stream.Stream.<Path>empty()) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
            return Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String h2Url(Path directory) {
        return "jdbc:h2:file:" + directory.resolve("warehouse") + H2_OPTIONS;
    }

    /** A loopback port that nothing listens on: taken from the system, then let go. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** How many migrations the application has for a database: what a fresh warehouse has pending. */
    private static long migrations(String vendor) {
        try (var files = Files.list(Path.of("src/main/resources/db/migration", vendor))) {
            return files.filter(file -> file.getFileName().toString().matches("V\\d+__.*\\.sql")).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
