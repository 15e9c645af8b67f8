package io.ledgersync.sync;

import static io.ledgersync.sync.WarehouseAssertions.assertWarehouseEqualsSandbox;
import static io.ledgersync.sync.WarehouseAssertions.runStatuses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

import org.jdbi.v3.core.Jdbi;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.ledgersync.LedgersyncJvm;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.warehouse.TestPostgres;
import io.ledgersync.warehouse.lock.AdvisoryRunLocks;
import io.ledgersync.warehouse.lock.RunLocks;

/**
 * Two {@code sync} processes at once on one warehouse, in real separate JVMs: the second is refused
 * with exit code 4 and one line that says why, and the first completes as if alone. On H2 the file
 * admits one process; on PostgreSQL the run's advisory lock does, and the refusal names its holder.
 */
class ExclusiveRunsIntegrationTests {

    /** Small pages, each slow: the first sync runs for 40 s unless the test lets it go faster. */
    private static final int PAGE_SIZE = 10;
    private static final Duration PROCESS_TIMEOUT = Duration.ofSeconds(120);

    private static final SandboxServer sandbox = SandboxServer.start(
            SandboxSettings.defaults().withCompanies(2).withInvoicesPerCompany(400).withSeed(13));

    @BeforeEach
    void slowInvoices() {
        sandbox.faults().clear();
        // the first sync must still run when the second starts, however long a JVM takes to start here;
        // once the second has exited, clearing the faults lets the first finish within a second
        sandbox.faults().path("/companies/*/data/invoices").latency(Duration.ofSeconds(1));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void aSecondSyncOnTheSameH2FileExitsFourWithOneLine() throws IOException {
        Path directory = Path.of("target", "jvm-tests", "exclusive-h2");
        deleteRecursively(directory);
        String url = "jdbc:h2:file:./" + directory.resolve("warehouse") + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
        LedgersyncJvm first = sync("exclusive-h2-first", url, "sa");
        first.awaitOutput("Sync run \\d+ started", PROCESS_TIMEOUT);

        LedgersyncJvm second = sync("exclusive-h2-second", url, "sa");
        int exit = second.awaitExit(PROCESS_TIMEOUT);

        assertThat(exit).as(second.describe()).isEqualTo(4);
        assertThat(second.stderrLines()).as(second.describe()).containsExactly("Another ledgersync process has the H2 warehouse ./"
                + directory.resolve("warehouse") + " open (a sync or serve is running): wait for it to end, or use PostgreSQL to"
                + " run several instances");
        assertFirstCompletesAlone(first, Jdbi.create(url, "sa", ""));
    }

    @Test
    void aSecondSyncOnTheSamePostgresDatabaseExitsFourNamingTheHolder() {
        String url = TestPostgres.createDatabase("exclusive_runs");
        LedgersyncJvm first = sync("exclusive-pg-first", url, "postgres");
        first.awaitOutput("Sync run \\d+ started", PROCESS_TIMEOUT); // it holds the lock from before its run starts

        LedgersyncJvm second = sync("exclusive-pg-second", url, "postgres");
        int exit = second.awaitExit(PROCESS_TIMEOUT);

        assertThat(exit).as(second.describe()).isEqualTo(4);
        assertThat(second.stderrLines()).as(second.describe()).singleElement().asString()
                .startsWith("Another incremental or full sync run is already active: held by ledgersync ")
                .contains("/" + first.pid() + " (PostgreSQL session ")
                .endsWith("; wait for it to end");
        assertFirstCompletesAlone(first, Jdbi.create(url, "postgres", ""));
    }

    /**
     * An idle-connection killer (idle_session_timeout, a DBA's script, a NAT) ends the session that holds the run lock, and
     * another instance takes the lock: the run that lost it stops at its next page boundary instead of going on beside
     * whatever the other instance starts, and the next sync resumes it.
     */
    @Test
    void aSyncWhoseLockIsTakenAfterItsSessionEndedStopsAtAPageBoundaryAndTheNextSyncResumesIt() {
        String url = TestPostgres.createDatabase("lost_lock");
        LedgersyncJvm first = sync("lost-lock-first", url, "postgres");
        first.awaitOutput("Sync run \\d+ started", PROCESS_TIMEOUT);
        Jdbi warehouse = Jdbi.create(url, "postgres", "");
        RunLocks otherInstance = new AdvisoryRunLocks(new DriverManagerDataSource(url, "postgres", ""), "ledgersync other/2");

        warehouse.useHandle(h -> h.execute("SELECT pg_terminate_backend(l.pid) FROM pg_locks l WHERE l.locktype = 'advisory'"
                + " AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"));
        RunLocks.Held taken = await().atMost(PROCESS_TIMEOUT).pollInterval(Duration.ofMillis(20))
                .until(() -> otherInstance.tryAcquire("full").orElse(null), Objects::nonNull);
        int exit = first.awaitExit(PROCESS_TIMEOUT);

        assertThat(exit).as(first.describe()).isEqualTo(9);
        assertThat(first.output()).contains("lost its run lock: its PostgreSQL session ended and ledgersync other/2");
        assertThat(runStatuses(warehouse)).containsExactly("STOPPED");
        taken.close();
        sandbox.faults().clear();
        LedgersyncJvm next = sync("lost-lock-next", url, "postgres");
        assertThat(next.awaitExit(PROCESS_TIMEOUT)).as(next.describe()).isZero();
        assertThat(next.stdout()).contains("(resumed)");
        assertWarehouseEqualsSandbox(warehouse, sandbox.dataSet());
    }

    private static void assertFirstCompletesAlone(LedgersyncJvm first, Jdbi warehouse) {
        assertThat(first.isAlive()).as("the first sync was still running while the second was refused").isTrue();
        sandbox.faults().clear();
        int exit = first.awaitExit(PROCESS_TIMEOUT);

        assertThat(exit).as(first.describe()).isZero();
        assertThat(first.stderrLines()).as(first.describe()).isEmpty();
        assertThat(runStatuses(warehouse)).as("the refused process started no run").containsExactly("COMPLETED");
        assertWarehouseEqualsSandbox(warehouse, sandbox.dataSet());
    }

    private static LedgersyncJvm sync(String name, String url, String user) {
        return LedgersyncJvm.start(name, List.of("sync",
                "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                "--ledgersync.api.api-key=" + sandbox.apiKey(),
                "--ledgersync.api.page-size=" + PAGE_SIZE,
                "--spring.datasource.url=" + url,
                "--spring.datasource.username=" + user,
                "--spring.datasource.password="));
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (Files.exists(directory)) {
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }
}
