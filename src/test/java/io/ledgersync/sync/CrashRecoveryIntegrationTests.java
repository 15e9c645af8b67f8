package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import io.ledgersync.sandbox.SandboxDataSet;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.warehouse.TestPostgres;
import tools.jackson.databind.json.JsonMapper;

/**
 * A sync killed with SIGKILL in the middle of a run, in a real separate JVM, then started again at
 * once (its lock died with it): the second process resumes each partition from its last committed page, and the warehouse ends
 * equal to the source, with no row lost or duplicated and at most one page per partition read twice.
 */
class CrashRecoveryIntegrationTests {

    private static final int COMPANIES = 3;
    private static final int INVOICES = 400;
    private static final int PAGE_SIZE = 50;

    private static final SandboxServer sandbox = SandboxServer.start(
            SandboxSettings.defaults().withCompanies(COMPANIES).withInvoicesPerCompany(INVOICES).withSeed(11));
    private static final String databaseUrl = TestPostgres.createDatabase("crash_recovery");
    private static final Jdbi warehouse = Jdbi.create(databaseUrl, "postgres", "");
    private static final Path logs = Path.of("target", "crash-recovery");

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void syncKilledMidRunResumesFromItsLastCommittedPagesAndLosesNothing() throws Exception {
        // Slow invoice pages, so that the kill lands in the middle of the run.
        sandbox.faults().path("/companies/*/data/invoices").latency(Duration.ofMillis(250));
        Files.createDirectories(logs);

        Process first = sync(logs.resolve("first.log"));
        awaitInvoices(first, 1, Duration.ofSeconds(60));
        first.destroyForcibly(); // SIGKILL: no shutdown hook, no cleanup
        assertThat(first.waitFor(10, TimeUnit.SECONDS)).isTrue();
        long writtenBeforeKill = count("invoices");
        assertThat(writtenBeforeKill).as("killed mid-run").isBetween(1L, COMPANIES * (long) INVOICES - 1);

        // at once: the killed process's lock died with its database session
        Process second = sync(logs.resolve("second.log"));
        assertThat(second.waitFor(120, TimeUnit.SECONDS)).as("second run finishes").isTrue();
        String output = Files.readString(logs.resolve("second.log"), StandardCharsets.UTF_8);

        assertThat(second.exitValue()).as(output).isZero();
        assertThat(output).contains("was left STARTED by a process that ended without finishing it")
                .contains("(resumed)").contains("resuming at");
        List<String> statuses = warehouse.withHandle(h -> h.createQuery(
                "SELECT e.status FROM batch_job_execution e JOIN batch_job_instance i ON e.job_instance_id = i.job_instance_id"
                        + " ORDER BY e.job_execution_id").mapTo(String.class).list());
        assertThat(statuses).as("one job instance: the killed execution, then its restart").containsExactly("FAILED", "COMPLETED");
        assertWarehouseEqualsSandbox();
        long minimumRequests = minimumRequests();
        long partitions = 1 + 2L * COMPANIES;
        assertThat(sandbox.requestCount()).as("at most one page per partition fetched again")
                .isBetween(minimumRequests, minimumRequests + partitions);
    }

    private static Process sync(Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of(javaBinary()));
        Path jar = Path.of("target", "ledgersync.jar");
        if (Files.exists(jar)) {
            command.addAll(List.of("-jar", jar.toString()));
        } else {
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.ledgersync.LedgersyncApplication"));
        }
        command.addAll(List.of("sync",
                "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                "--ledgersync.api.api-key=" + sandbox.apiKey(),
                "--ledgersync.api.page-size=" + PAGE_SIZE,
                "--ledgersync.sync.concurrency=2",
                "--spring.datasource.url=" + databaseUrl,
                "--spring.datasource.username=postgres",
                "--spring.datasource.password="));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static void awaitInvoices(Process process, long atLeast, Duration timeout) {
        await().atMost(timeout).alias("the first sync writes an invoice")
                .failFast("the first sync ended before it wrote an invoice", () -> !process.isAlive())
                .until(() -> tableExists() && count("invoices") >= atLeast);
    }

    private static boolean tableExists() {
        return warehouse.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'invoices'")
                .mapTo(Long.class).one()) > 0;
    }

    private static long count(String table) {
        return warehouse.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Long.class).one());
    }

    private static void assertWarehouseEqualsSandbox() {
        JsonMapper json = JsonMapper.builder().build();
        SandboxDataSet dataset = sandbox.dataSet();
        assertThat(count("invoices")).isEqualTo(COMPANIES * (long) INVOICES);
        for (String companyId : dataset.companyIds()) {
            List<String> raws = warehouse.withHandle(h -> h.createQuery(
                    "SELECT CAST(raw AS VARCHAR) FROM invoices WHERE company_id = :c ORDER BY id").bind("c", companyId)
                    .mapTo(String.class).list());
            List<Object> expected = new ArrayList<>();
            for (int i = 0; i < dataset.invoiceCount(companyId); i++) {
                expected.add(json.readTree(dataset.invoiceJson(companyId, i)));
            }
            assertThat(raws.stream().map(json::readTree).toList()).containsExactlyInAnyOrderElementsOf(
                    expected.stream().map(o -> (tools.jackson.databind.JsonNode) o).toList());
            assertThat(count("customers")).isEqualTo(dataset.companyIds().stream().mapToLong(dataset::customerCount).sum());
        }
    }

    /** One page of companies, then every page of every company's invoices and customers. */
    private static long minimumRequests() {
        SandboxDataSet dataset = sandbox.dataSet();
        long requests = 1;
        for (String companyId : dataset.companyIds()) {
            requests += pages(dataset.invoiceCount(companyId)) + pages(dataset.customerCount(companyId));
        }
        return requests;
    }

    private static long pages(int records) {
        return Math.max(1, (records + PAGE_SIZE - 1) / PAGE_SIZE);
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
