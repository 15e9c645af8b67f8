package io.ledgersync.sync;

import static io.ledgersync.sync.WarehouseAssertions.assertWarehouseEqualsSandbox;
import static io.ledgersync.sync.WarehouseAssertions.count;
import static io.ledgersync.sync.WarehouseAssertions.minimumRequests;
import static io.ledgersync.sync.WarehouseAssertions.runStatuses;
import static io.ledgersync.sync.WarehouseAssertions.tableExists;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.ArrayList;
import java.util.List;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.ledgersync.LedgersyncJvm;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.warehouse.TestPostgres;

/**
 * Processes that end in the middle of a run, in real separate JVMs on PostgreSQL: killed with
 * SIGKILL, or stopped with SIGTERM (the {@code sync} command and the service). The next process,
 * started at once, resumes the run from each partition's last committed page, and the warehouse ends
 * equal to the source, with no row lost or duplicated.
 */
class CrashRecoveryIntegrationTests {

    private static final int COMPANIES = 3;
    private static final int INVOICES = 400;
    private static final int PAGE_SIZE = 50;
    private static final Duration SLOW_PAGE = Duration.ofMillis(250);
    /** How long a child JVM may take to start and finish a sync: only a bound for a failure to show; a resumed run
     * took just over 2 minutes once at load 16, so the bound leaves room for a loaded CI machine. */
    private static final Duration PROCESS_TIMEOUT = Duration.ofMinutes(5);
    private static final String PASSWORD = "crash-recovery";

    private static final SandboxServer sandbox = SandboxServer.start(
            SandboxSettings.defaults().withCompanies(COMPANIES).withInvoicesPerCompany(INVOICES).withSeed(11));

    private String databaseUrl;
    private Jdbi warehouse;

    @BeforeEach
    void freshWarehouseAndSlowInvoices(org.junit.jupiter.api.TestInfo test) {
        databaseUrl = TestPostgres.createDatabase("crash_" + test.getTestMethod().orElseThrow().getName().toLowerCase());
        warehouse = Jdbi.create(databaseUrl, "postgres", "");
        sandbox.faults().clear();
        // slow invoice pages, so that the kill or the signal lands in the middle of the run
        sandbox.faults().path("/companies/*/data/invoices").latency(SLOW_PAGE);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void syncKilledMidRunIsResumedAtOnceByTheNextSyncAndLosesNothing() {
        long requestsBefore = sandbox.requestCount();
        LedgersyncJvm first = sync("kill9-first");
        awaitInvoices(first);
        first.kill(); // SIGKILL: no handler, no shutdown hook, no cleanup
        first.awaitExit(Duration.ofSeconds(10));
        assertThat(count(warehouse, "invoices")).as("killed mid-run").isBetween(1L, COMPANIES * (long) INVOICES - 1);

        // at once: the killed process's lock died with its database session
        LedgersyncJvm second = sync("kill9-second");
        int exit = second.awaitExit(PROCESS_TIMEOUT);

        assertThat(exit).as(second.describe()).isZero();
        assertThat(second.stderrLines()).as(second.describe()).isEmpty();
        assertThat(second.output()).contains("was left STARTED by a process that ended without finishing it")
                .contains("(resumed)").contains("resuming at");
        assertThat(runStatuses(warehouse)).as("one job instance: the killed execution, recovered, then its restart")
                .containsExactly("FAILED", "COMPLETED");
        assertWarehouseEqualsSandbox(warehouse, sandbox.dataSet());
        // history mode (the shipped invoices file keeps it): what the kill cut agrees with the current rows after the resume
        HistoryAssertions.assertHistoryAgreesWithCurrent(warehouse);
        assertThat(count(warehouse, "invoices_history")).as("one version per invoice: none for a page read again after the kill")
                .isEqualTo(count(warehouse, "invoices"));
        long minimum = minimumRequests(sandbox.dataSet(), PAGE_SIZE);
        long partitions = 1 + 2L * COMPANIES;
        assertThat(sandbox.requestCount() - requestsBefore).as("at most one page per partition fetched again")
                .isBetween(minimum, minimum + partitions);
    }

    @Test
    void sigtermStopsTheSyncAtAPageBoundaryWithExitNineAndTheNextSyncResumesIt() {
        long requestsBefore = sandbox.requestCount();
        LedgersyncJvm first = sync("sigterm-sync-first");
        awaitInvoices(first);

        long signalled = System.nanoTime();
        first.terminate();
        int exit = first.awaitExit(Duration.ofSeconds(30));
        Duration toExit = Duration.ofNanos(System.nanoTime() - signalled);
        System.out.println("sync: SIGTERM to exit in " + toExit.toMillis() + " ms");

        assertThat(exit).as(first.describe()).isEqualTo(9);
        assertThat(first.stderrLines()).as(first.describe()).singleElement().asString()
                .matches("Sync run \\d+ stopped by SIGTERM at a page boundary, keeping what it committed: the next sync resumes it");
        assertThat(first.stdout()).containsPattern("Sync run \\d+ STOPPED in");
        assertThat(runStatuses(warehouse)).containsExactly("STOPPED");
        long committed = count(warehouse, "invoices");
        assertThat(committed).as("stopped mid-run").isBetween(1L, COMPANIES * (long) INVOICES - 1);

        LedgersyncJvm second = sync("sigterm-sync-second");
        int secondExit = second.awaitExit(PROCESS_TIMEOUT);

        assertThat(secondExit).as(second.describe()).isZero();
        assertThat(second.stderrLines()).isEmpty();
        assertThat(second.stdout()).contains("(resumed)");
        assertThat(runStatuses(warehouse)).containsExactly("STOPPED", "COMPLETED");
        assertWarehouseEqualsSandbox(warehouse, sandbox.dataSet());
        assertThat(sandbox.requestCount() - requestsBefore).as("a page boundary: no page fetched twice")
                .isEqualTo(minimumRequests(sandbox.dataSet(), PAGE_SIZE));
    }

    @Test
    void sigtermStopsTheServiceAtAPageBoundaryWithExitZeroAndItsNextStartResumesTheRun() {
        LedgersyncJvm first = serve("sigterm-serve-first");
        awaitInvoices(first);

        long signalled = System.nanoTime();
        first.terminate();
        int exit = first.awaitExit(Duration.ofSeconds(30));
        System.out.println("serve: SIGTERM to exit in " + Duration.ofNanos(System.nanoTime() - signalled).toMillis() + " ms");

        assertThat(exit).as("a service that stopped in order: " + first.describe()).isZero();
        assertThat(first.stderrLines()).as(first.describe()).singleElement().asString()
                .matches("Sync run\\(s\\) \\[\\d+] stopped by SIGTERM at a page boundary, keeping what they committed: the next start"
                        + " resumes them");
        assertThat(runStatuses(warehouse)).containsExactly("STOPPED");

        // at once: the stopped run released its lock
        LedgersyncJvm second = serve("sigterm-serve-second");
        await().atMost(PROCESS_TIMEOUT).alias("the startup sync of the second start completes")
                .failFast("the second start ended", () -> !second.isAlive())
                .until(() -> runStatuses(warehouse).contains("COMPLETED"));
        second.terminate();
        int secondExit = second.awaitExit(Duration.ofSeconds(30));

        assertThat(secondExit).as("stopped with no run active: " + second.describe()).isZero();
        assertThat(second.stderrLines()).as(second.describe()).isEmpty();
        assertThat(second.output()).containsPattern("Resuming sync run \\d+ \\(STOPPED\\) from its last committed pages");
        assertThat(runStatuses(warehouse)).as("the startup run resumed the stopped one").containsExactly("STOPPED", "COMPLETED");
        assertWarehouseEqualsSandbox(warehouse, sandbox.dataSet());
    }

    /**
     * The issue-24 case: Ctrl-C under {@code ./mvnw spring-boot:run} stops a full refresh that the API started; the
     * service exits 0 (Maven says BUILD SUCCESS), and its next start resumes that full refresh to its end instead of
     * starting an incremental run beside it.
     */
    @Test
    void givenAFullRefreshStartedThroughTheApiWhenCtrlCStopsTheServiceThenItExitsZeroAndTheNextStartResumesTheFullRefresh()
            throws Exception {
        LedgersyncJvm first = serve("sigint-full-first", "--ledgersync.sync.on-startup=false");
        int port = Integer.parseInt(awaitApiPort(first));
        long runId = launchFullRefresh(port);
        awaitInvoices(first);

        first.interrupt(); // SIGINT: what Ctrl-C sends
        int exit = first.awaitExit(Duration.ofSeconds(30));

        assertThat(exit).as(first.describe()).isZero();
        assertThat(first.stderrLines()).as(first.describe()).containsExactly("Sync run(s) [" + runId + "] stopped by SIGINT at a"
                + " page boundary, keeping what they committed: the next start resumes them");
        assertThat(runStatuses(warehouse)).containsExactly("STOPPED");

        LedgersyncJvm second = serve("sigint-full-second"); // with its startup sync on, as a newcomer starts it
        await().atMost(PROCESS_TIMEOUT).alias("the second start completes the stopped full refresh")
                .failFast("the second start ended", () -> !second.isAlive())
                .until(() -> runStatuses(warehouse).contains("COMPLETED"));
        second.terminate();
        assertThat(second.awaitExit(Duration.ofSeconds(30))).as(second.describe()).isZero();

        assertThat(second.stdout()).contains("Resuming sync run " + runId + " (STOPPED) from its last committed pages")
                .containsPattern("Sync run \\d+ started \\(full refresh, resuming run " + runId + "\\)")
                .containsPattern("No startup sync: sync run \\d+ resumes instead what the last stop left unfinished");
        assertThat(runStatuses(warehouse)).as("the full refresh, stopped then resumed; no incremental run beside it")
                .containsExactly("STOPPED", "COMPLETED");
        assertThat(jobInstances()).as("one run: the resumed one").isEqualTo(1);
        assertWarehouseEqualsSandbox(warehouse, sandbox.dataSet());
    }

    @Test
    void givenAFullRefreshWhenTheServiceIsKilledThenItsNextStartRecoversAndResumesItInsteadOfAStartupSync() throws Exception {
        LedgersyncJvm first = serve("kill9-full-first", "--ledgersync.sync.on-startup=false");
        long runId = launchFullRefresh(Integer.parseInt(awaitApiPort(first)));
        awaitInvoices(first);
        first.kill(); // SIGKILL: the run stays STARTED in the job repository
        first.awaitExit(Duration.ofSeconds(10));

        LedgersyncJvm second = serve("kill9-full-second");
        await().atMost(PROCESS_TIMEOUT).alias("the second start completes the killed full refresh")
                .failFast("the second start ended", () -> !second.isAlive())
                .until(() -> runStatuses(warehouse).contains("COMPLETED"));
        second.terminate();
        assertThat(second.awaitExit(Duration.ofSeconds(30))).as(second.describe()).isZero();

        assertThat(second.stdout()).contains("Sync run " + runId + " was left STARTED by a process that ended without finishing it")
                .containsPattern("Sync run \\d+ started \\(full refresh, resuming run " + runId + "\\)");
        assertThat(runStatuses(warehouse)).as("the killed full refresh, recovered, then resumed; nothing beside it")
                .containsExactly("FAILED", "COMPLETED");
        assertWarehouseEqualsSandbox(warehouse, sandbox.dataSet());
    }

    /** The port of the REST API, from the line the service prints when it is up. */
    private static String awaitApiPort(LedgersyncJvm process) {
        String line = "REST API: http://localhost:(\\d+)/api ";
        process.awaitOutput(line, PROCESS_TIMEOUT);
        return process.outputGroup(line);
    }

    private static long launchFullRefresh(int port) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/runs"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        ("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"mode\": \"full\"}")).build();
        HttpResponse<String> launched = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(launched.statusCode()).as(launched.body()).isEqualTo(202);
        return Long.parseLong(launched.body().replaceFirst("(?s).*\"runId\":(\\d+).*", "$1"));
    }

    private long jobInstances() {
        return warehouse.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM batch_job_instance").mapTo(Long.class).one());
    }

    private LedgersyncJvm sync(String name) {
        return LedgersyncJvm.start(name, arguments("sync"));
    }

    private LedgersyncJvm serve(String name, String... more) {
        List<String> arguments = arguments("serve");
        arguments.addAll(List.of("--server.port=0", "--ledgersync.schedule.enabled=false",
                "--ledgersync.security.password=" + PASSWORD));
        arguments.addAll(List.of(more));
        return LedgersyncJvm.start(name, arguments);
    }

    private List<String> arguments(String command) {
        return new ArrayList<>(List.of(command,
                "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                "--ledgersync.api.api-key=" + sandbox.apiKey(),
                "--ledgersync.api.page-size=" + PAGE_SIZE,
                "--ledgersync.sync.concurrency=2",
                "--spring.datasource.url=" + databaseUrl,
                "--spring.datasource.username=postgres",
                "--spring.datasource.password="));
    }

    private void awaitInvoices(LedgersyncJvm process) {
        await().atMost(PROCESS_TIMEOUT).alias("the first process writes an invoice")
                .failFast("the first process ended before it wrote an invoice", () -> !process.isAlive())
                .until(() -> tableExists(warehouse, "invoices") && count(warehouse, "invoices") > 0);
    }
}
