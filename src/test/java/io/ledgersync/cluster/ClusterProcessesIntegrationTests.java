package io.ledgersync.cluster;

import static io.ledgersync.cluster.ClusterJvms.awaitUp;
import static io.ledgersync.cluster.ClusterJvms.freePort;
import static io.ledgersync.cluster.ClusterJvms.get;
import static io.ledgersync.sync.WarehouseAssertions.assertWarehouseEqualsSandbox;
import static io.ledgersync.sync.WarehouseAssertions.count;
import static io.ledgersync.sync.WarehouseAssertions.runStatuses;
import static io.ledgersync.sync.WarehouseAssertions.tableExists;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.ledgersync.LedgersyncJvm;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.warehouse.TestPostgres;

/**
 * Cluster mode as an operator runs it: a manager ({@code sync}) and three {@code worker} JVMs on loopback, an AMQP
 * broker (embedded Qpid Broker-J), the sandbox and PostgreSQL. In the middle of the run one worker is killed with
 * SIGKILL and another is stopped with SIGTERM: the first one's partitions in progress were never acknowledged, the
 * second hands its partition back at a page boundary and exits 0; the broker gives both to the third worker, which
 * resumes them from their last committed page. The run completes and the warehouse equals the source, nothing lost,
 * nothing twice.
 */
class ClusterProcessesIntegrationTests {

    private static final int COMPANIES = 4;
    private static final int INVOICES = 800;
    private static final int PAGE_SIZE = 50;
    private static final Duration PROCESS_TIMEOUT = Duration.ofSeconds(120);

    private static SandboxServer sandbox;
    private static TestBroker broker;
    private static ClusterJvms cluster;

    @BeforeAll
    static void start() {
        sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(COMPANIES).withInvoicesPerCompany(INVOICES).withSeed(23));
        // slow invoice pages, so that the kill lands in the middle of the workers' partitions
        sandbox.faults().path("/companies/*/data/invoices").latency(Duration.ofMillis(250));
        broker = TestBroker.embeddedQpid();
        cluster = new ClusterJvms(sandbox, broker, "--ledgersync.api.page-size=" + PAGE_SIZE, "--ledgersync.sync.concurrency=1",
                "--ledgersync.security.password=cluster-test");
    }

    @AfterAll
    static void stop() {
        cluster.close();
        sandbox.close();
        broker.close();
    }

    @Test
    void aWorkerKilledOrStoppedMidRunHasItsPartitionsResumedByAnotherAndTheWarehouseEqualsTheSource() throws Exception {
        String databaseUrl = TestPostgres.createDatabase("cluster_kill9");
        Jdbi warehouse = Jdbi.create(databaseUrl, "postgres", "");
        int[] ports = {freePort(), freePort(), freePort()};
        List<LedgersyncJvm> workers = new ArrayList<>();
        for (int i = 0; i < ports.length; i++) {
            workers.add(cluster.start("cluster-worker-" + (i + 1), "worker", databaseUrl, "--ledgersync.cluster.worker-port=" + ports[i]));
        }
        for (int i = 0; i < ports.length; i++) {
            awaitUp(workers.get(i), ports[i]);
        }
        LedgersyncJvm killed = workers.get(0);
        LedgersyncJvm stopped = workers.get(1);
        LedgersyncJvm survivor = workers.get(2);

        LedgersyncJvm manager = cluster.start("cluster-manager", "sync", databaseUrl);
        // one partition at a time per worker, the company data sets side by side: three invoices partitions running with a
        // page committed are one on each worker (the other data sets' partitions are a page or a few, and not slowed)
        await().atMost(PROCESS_TIMEOUT).alias("every worker runs a partition of invoices and has committed a page of it")
                .failFast("the manager ended before any invoice was written", () -> !manager.isAlive())
                .until(() -> tableExists(warehouse, "invoices") && invoicesPartitionsMidWalk(warehouse) >= 3);
        killed.kill(); // SIGKILL: its partition in progress is never acknowledged
        stopped.terminate(); // SIGTERM: hands its partition back at the next page boundary
        killed.awaitExit(Duration.ofSeconds(10));
        assertThat(stopped.awaitExit(Duration.ofSeconds(30))).as(stopped.describe()).isZero();
        assertThat(count(warehouse, "invoices")).as("stopped mid-run").isLessThan(COMPANIES * (long) INVOICES);

        int exit = manager.awaitExit(PROCESS_TIMEOUT);

        assertThat(exit).as(manager.describe()).isZero();
        assertThat(manager.stderrLines()).as(manager.describe()).isEmpty();
        assertThat(runStatuses(warehouse)).containsExactly("COMPLETED");
        assertWarehouseEqualsSandbox(warehouse, sandbox.dataSet());
        Matcher handedBack = Pattern.compile("handed back invoices:company-(\\S+) at a page boundary").matcher(stopped.stdout());
        assertThat(handedBack.find()).as("the stopped worker names the partition it handed back\n" + stopped.describe()).isTrue();
        assertThat(survivor.stdout()).as("the partitions of the killed and the stopped worker, redelivered, resumed")
                .containsPattern("invoices of company " + Pattern.quote(handedBack.group(1)) + ": resuming at \\S+ after \\d+ records")
                .containsPattern("(?s)(invoices of company \\S+: resuming at \\S+ after \\d+ records.*){2}");
        assertThat(get(ports[2], "/actuator/prometheus")).as("the surviving worker's own metrics")
                .containsPattern("ledgersync_cluster_partitions_total\\{[^}]*outcome=\"COMPLETED\"[^}]*} [1-9]");

        survivor.terminate(); // idle: SIGTERM exits at once, 0
        assertThat(survivor.awaitExit(Duration.ofSeconds(30))).as(survivor.describe()).isZero();
    }

    /**
     * The manager killed mid-run: its worker finishes the partitions it holds and the ones queued; the next {@code sync}
     * recovers the run (FAILED), which stops what the worker still runs of it at its next page, and resumes it: the
     * partitions not completed are sent again and run from their last committed page. The run completes and the
     * warehouse equals the source.
     */
    @Test
    void aManagerKilledMidRunLeavesARunTheNextSyncResumesAndTheWarehouseEqualsTheSource() throws Exception {
        String databaseUrl = TestPostgres.createDatabase("cluster_manager_kill");
        Jdbi warehouse = Jdbi.create(databaseUrl, "postgres", "");
        int port = freePort();
        LedgersyncJvm worker = cluster.start("cluster-manager-kill-worker", "worker", databaseUrl,
                "--ledgersync.cluster.worker-port=" + port);
        awaitUp(worker, port);
        LedgersyncJvm first = cluster.start("cluster-manager-kill-first", "sync", databaseUrl);
        await().atMost(PROCESS_TIMEOUT).alias("the worker commits a page of invoices")
                .failFast("the manager ended before any invoice was written", () -> !first.isAlive())
                .until(() -> tableExists(warehouse, "invoices") && count(warehouse, "invoices") > 0);

        first.kill(); // SIGKILL: its run stays STARTED in the job repository, its requests stay in the queue
        first.awaitExit(Duration.ofSeconds(10));
        assertThat(count(warehouse, "invoices")).as("killed mid-run").isLessThan(COMPANIES * (long) INVOICES);
        LedgersyncJvm second = cluster.start("cluster-manager-kill-second", "sync", databaseUrl);
        int exit = second.awaitExit(PROCESS_TIMEOUT);

        assertThat(exit).as(second.describe()).isZero();
        assertThat(second.stderrLines()).as(second.describe()).isEmpty();
        assertThat(second.output()).contains("was left STARTED by a process that ended without finishing it").contains("(resumed)");
        assertThat(runStatuses(warehouse)).as("one job instance: the killed manager's execution, recovered, then its restart")
                .containsExactly("FAILED", "COMPLETED");
        assertWarehouseEqualsSandbox(warehouse, sandbox.dataSet());

        worker.terminate();
        assertThat(worker.awaitExit(Duration.ofSeconds(30))).as(worker.describe()).isZero();
    }

    private static long invoicesPartitionsMidWalk(Jdbi warehouse) {
        return warehouse.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM batch_step_execution WHERE step_name LIKE 'invoices:%'"
                + " AND status = 'STARTED' AND write_count > 0").mapTo(Long.class).one());
    }
}
