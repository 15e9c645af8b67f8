package io.ledgersync.cluster;

import static io.ledgersync.sync.WarehouseAssertions.assertWarehouseEqualsSandbox;
import static io.ledgersync.sync.WarehouseAssertions.runStatuses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.AmqpTemplate;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.batch.integration.partition.StepExecutionRequest;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import io.ledgersync.LedgersyncApplication;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.source.DataApiClient;
import io.ledgersync.source.DataApiProperties;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.RunProgress;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.sync.run.SyncRuns;
import io.ledgersync.warehouse.TestPostgres;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Cluster mode in one JVM, against a real broker (the subclasses: embedded Qpid Broker-J, the machine's RabbitMQ),
 * the sandbox over HTTP and PostgreSQL: a manager whose partitions run on a worker, the requests a worker must not
 * run, and the rate budget both share. Subclasses start it ({@link #startCluster}) in a {@code @BeforeAll} with their broker.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the first run syncs the companies the later ones read
@ExtendWith(OutputCaptureExtension.class)
abstract class AbstractClusterIntegrationTests {

    private static final int COMPANIES = 3;
    private static final int INVOICES_PER_COMPANY = 120;
    private static final int PAGE_SIZE = 50;
    /** One partition of companies, then one per company for invoices and for customers. */
    private static final int PARTITIONS = 1 + 2 * COMPANIES;
    /** The Data API's and ledgersync's requests per second in the rate budget test. */
    private static final int RATE = 25;

    private static SandboxServer sandbox;
    private static TestBroker broker;
    private static String clusterName;
    private static Jdbi warehouse;
    private static ConfigurableApplicationContext manager;
    private static ConfigurableApplicationContext worker;

    static void startCluster(TestBroker testBroker, String name) {
        broker = testBroker;
        clusterName = "cluster_" + name + "_" + ProcessHandle.current().pid();
        sandbox = SandboxServer.start(
                SandboxSettings.defaults().withCompanies(COMPANIES).withInvoicesPerCompany(INVOICES_PER_COMPANY).withSeed(5));
        String url = TestPostgres.createDatabase(clusterName);
        warehouse = Jdbi.create(url, "postgres", "");
        manager = start("serve", url);
        worker = start("worker", url);
    }

    private static ConfigurableApplicationContext start(String command, String databaseUrl) {
        List<String> arguments = new ArrayList<>(List.of(
                "--ledgersync.cluster.enabled=true",
                "--ledgersync.cluster.name=" + clusterName,
                "--ledgersync.cluster.poll-interval=100ms",
                "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                "--ledgersync.api.api-key=" + sandbox.apiKey(),
                "--ledgersync.api.page-size=" + PAGE_SIZE,
                "--ledgersync.api.rate-limit.requests-per-second=" + RATE,
                "--ledgersync.sync.concurrency=2",
                "--ledgersync.sync.on-startup=false",
                "--ledgersync.schedule.enabled=false",
                "--spring.datasource.url=" + databaseUrl,
                "--spring.datasource.username=postgres",
                "--spring.datasource.password="));
        arguments.addAll(broker.arguments());
        return new SpringApplicationBuilder(LedgersyncApplication.class).web(WebApplicationType.NONE)
                .properties("ledgersync.command=" + command).run(arguments.toArray(String[]::new));
    }

    @AfterAll
    static void stopCluster() {
        if (manager != null) {
            manager.getBean(AmqpAdmin.class).deleteQueue(clusterName + ".partitions");
            manager.getBean(AmqpAdmin.class).deleteQueue(clusterName + ".partitions.dlq");
        }
        for (AutoCloseable closing : new AutoCloseable[] {worker, manager, sandbox, broker}) {
            try {
                if (closing != null) {
                    closing.close();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * Issue 25, item 1: a long partition outlives the broker's consumer timeout (RabbitMQ: 30 minutes) because the worker
     * consumes with {@code x-consumer-timeout} set to the manager's timeout (24 h). What a broker does with it cannot be
     * seen here (RabbitMQ honours it from 3.11.15, the one at 127.0.0.1 is older; docs/scale-out.md says what to set
     * there): this pins that the worker asks for it.
     */
    @Test
    void theWorkerAsksTheBrokerForTheManagersTimeoutAsItsAcknowledgementTimeout() {
        assertThat(worker.getBean(org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer.class)
                .getConsumerArguments()).containsEntry("x-consumer-timeout", Duration.ofHours(24).toMillis());
    }

    @Test
    @Order(1)
    void theManagersPartitionsRunOnTheWorkerAndTheWarehouseEqualsTheSource() {
        SyncReport report = manager.getBean(SyncLauncher.class).run(SyncRequest.everything());

        assertThat(report.successful()).as(report.summary()).isTrue();
        assertThat(report.records("invoices")).as("the manager's report counts what the worker read")
                .isEqualTo(COMPANIES * (long) INVOICES_PER_COMPANY);
        assertWarehouseEqualsSandbox(warehouse, sandbox.dataSet());
        assertThat(partitions("COMPLETED")).as("every partition ran on the worker, none in the manager").isGreaterThanOrEqualTo(PARTITIONS);
        assertThat(mostPartitionsOfOneCompanyAtOnce(report.runId()))
                .as("the per-company concurrency cap across workers: a company has at most one partition per data set, each"
                        + " reading one page at a time, so never more requests in flight than the cap (10) allows")
                .isBetween(1L, (long) DataApiProperties.MAX_CONCURRENT_REQUESTS_PER_COMPANY);
    }

    /**
     * Issue 28: the company data sets run side by side in cluster mode too, each data set's step waiting for its own
     * partitions, so that a run lasts about as long as its requests take on the workers' slots, not the sum of each data
     * set's slowest partition and the manager's poll after it. Before, one data set's partitions ran after the other's.
     */
    @Test
    @Order(9)
    void aCompanysDataSetsRunSideBySideOnTheWorkers() {
        String company = sandbox.dataSet().companyIds().get(0);
        // three pages of invoices and one of customers, each answered late: long enough for any overlap to show
        sandbox.faults().path("/companies/*/data/invoices").latency(Duration.ofMillis(500));
        sandbox.faults().path("/companies/*/data/customers").latency(Duration.ofMillis(1500));
        try {
            SyncReport report = manager.getBean(SyncLauncher.class).run(SyncRequest.of("invoices,customers", company).withFullRefresh());

            assertThat(report.successful()).as(report.summary()).isTrue();
            assertThat(mostPartitionsOfOneCompanyAtOnce(report.runId()))
                    .as("the company's invoices and customers ran at the same time, on the worker's two slots").isEqualTo(2);
        } finally {
            sandbox.faults().clear();
        }
    }

    /** Issue 23 in cluster mode: a partition that fails on a worker holds back none of the manager's later data sets. */
    @Test
    @Order(7)
    void aPartitionThatFailsOnAWorkerNeverStopsTheManagersLaterDataSets() {
        // given one company whose accounts, the first company data set, answer a plain 404
        String broken = sandbox.dataSet().companyIds().get(1);
        sandbox.faults().clear();
        sandbox.faults().path("/companies/" + broken + "/data/accounts").notFound();
        SyncRequest everything = SyncRequest.everything().withFullRefresh();

        SyncReport report = manager.getBean(SyncLauncher.class).run(everything);

        // then the run failed naming that partition alone, and every later data set was read for every company
        assertThat(report.successful()).isFalse();
        assertThat(report.failures()).singleElement().asString().startsWith("accounts of company " + broken + ": ");
        assertWarehouseEqualsSandbox(warehouse, sandbox.dataSet());
        int suppliersOf = warehouse.withHandle(h -> h.createQuery("SELECT COUNT(DISTINCT company_id) FROM suppliers")
                .mapTo(Integer.class).one());
        assertThat(suppliersOf).as("the last data set, read for every company").isEqualTo(COMPANIES);

        // and once mended, the next run of the same request resumes that one partition only
        sandbox.faults().clear();
        SyncReport next = manager.getBean(SyncLauncher.class).run(everything);
        assertThat(next.successful()).as(next.summary()).isTrue();
        assertThat(next.dataSets()).filteredOn(outcome -> outcome.partitions() > 0)
                .singleElement().satisfies(outcome -> assertThat(outcome.dataSet()).isEqualTo("accounts"));
    }

    /** A stop request reaches partitions that run in another process, which stop at their next page boundary. */
    @Test
    @Order(4)
    void aStoppedRunStopsItsPartitionsOnTheWorkerAtAPageBoundary() throws Exception {
        sandbox.faults().path("/companies/*/data/invoices").latency(Duration.ofMillis(500));
        try {
            SyncLauncher launcher = manager.getBean(SyncLauncher.class);
            // a full walk of 3 pages a company: a sync after the first would read the invoices changed since, none
            var run = launcher.launch(SyncRequest.of("invoices", null).withFullRefresh());
            await().atMost(Duration.ofSeconds(30)).until(() -> partitionsOfRun(run.runId(), "STARTED") > 0);

            launcher.stop(run.runId());
            SyncReport report = run.completion().get(60, java.util.concurrent.TimeUnit.SECONDS);

            assertThat(report.status().name()).as(report.summary()).isEqualTo("STOPPED");
            assertThat(partitionsOfRun(run.runId(), "STARTED") + partitionsOfRun(run.runId(), "STARTING")).isZero();
            assertThat(partitionsStoppedMidWalk(run.runId()))
                    .as("partitions the worker was running stopped at a page boundary before their last page, not at their end")
                    .isPositive();
        } finally {
            sandbox.faults().clear();
        }
    }

    private static long partitionsOfRun(long runId, String status) {
        return warehouse.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM batch_step_execution WHERE job_execution_id = :run"
                + " AND step_name LIKE '%:%' AND status = :status").bind("run", runId).bind("status", status).mapTo(Long.class).one());
    }

    /** The manager's progress of a run counts the pages its workers committed, while they run. */
    @Test
    @Order(5)
    void theManagersLiveProgressCountsWhatTheWorkersCommitted() throws Exception {
        sandbox.faults().path("/companies/*/data/invoices").latency(Duration.ofMillis(300));
        try {
            var run = manager.getBean(SyncLauncher.class).launch(SyncRequest.of("invoices", null).withFullRefresh());
            SyncRuns runs = manager.getBean(SyncRuns.class);

            RunProgress live = await().atMost(Duration.ofSeconds(30)).alias("the manager's progress counts a committed page")
                    .until(() -> runs.detail(run.runId()).progress(), progress -> progress != null && progress.runRecords() > 0);

            assertThat(live.runRecords()).as("records so far, of %d", COMPANIES * INVOICES_PER_COMPANY)
                    .isLessThan(COMPANIES * (long) INVOICES_PER_COMPANY);
            assertThat(live.expectedRecords()).as("announced by the first pages").isPositive();
            assertThat(run.completion().get(60, java.util.concurrent.TimeUnit.SECONDS).successful()).isTrue();
        } finally {
            sandbox.faults().clear();
        }
    }

    /**
     * A run that is over while a worker runs its partitions (a manager that died, its run recovered as FAILED by the
     * next start) has them stop at their next page, not read on to their end for a run nobody waits for.
     */
    @Test
    @Order(6)
    void aPartitionOfARunThatIsOverElsewhereStopsAtItsNextPage() throws Exception {
        sandbox.faults().path("/companies/*/data/invoices").latency(Duration.ofMillis(500));
        try {
            // two companies, both running at once on the worker: none waits in the queue, where it would be discarded
            List<String> companies = warehouse.withHandle(h -> h.createQuery(
                    "SELECT DISTINCT company_id FROM invoices ORDER BY company_id LIMIT 2").mapTo(String.class).list());
            String twoCompanies = String.join(",", companies);
            var run = manager.getBean(SyncLauncher.class).launch(SyncRequest.of("invoices", twoCompanies).withFullRefresh());
            await().atMost(Duration.ofSeconds(30)).until(() -> partitionsOfRun(run.runId(), "STARTED") == 2);

            // as JobOperator.recover marks a dead manager's run: the status column, the version left as it was
            warehouse.useHandle(h -> h.execute("UPDATE batch_job_execution SET status = 'FAILED' WHERE job_execution_id = ?",
                    run.runId()));

            await().atMost(Duration.ofSeconds(30)).alias("the worker's partitions end")
                    .until(() -> partitionsOfRun(run.runId(), "STARTED") == 0);
            assertThat(partitionsStoppedMidWalk(run.runId())).as("stopped at a page boundary before their last page").isPositive();
            run.completion().get(60, java.util.concurrent.TimeUnit.SECONDS); // the manager ends the run its own way
        } finally {
            sandbox.faults().clear();
        }
    }

    /** A partition's item is a page: its write count is the pages it committed. */
    private static long partitionsStoppedMidWalk(long runId) {
        return warehouse.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM batch_step_execution WHERE job_execution_id = :run"
                + " AND step_name LIKE 'invoices:%' AND status = 'STOPPED' AND write_count > 0 AND write_count < :pages")
                .bind("run", runId).bind("pages", (INVOICES_PER_COMPANY + PAGE_SIZE - 1) / PAGE_SIZE).mapTo(Long.class).one());
    }

    /**
     * The most partitions of one company (of any data sets) that ran at the same moment in a run, from the job repository's
     * start and end times: at some partition's start, the company's partitions started by then and not yet ended.
     */
    private static long mostPartitionsOfOneCompanyAtOnce(long runId) {
        return warehouse.withHandle(h -> h.createQuery("""
                SELECT COALESCE(MAX(at_once), 0) FROM (
                  SELECT COUNT(*) AS at_once FROM batch_step_execution a JOIN batch_step_execution b
                    ON a.job_execution_id = b.job_execution_id AND split_part(a.step_name, ':', 2) = split_part(b.step_name, ':', 2)
                   AND b.start_time <= a.start_time AND a.start_time < b.end_time
                  WHERE a.job_execution_id = :run AND split_part(a.step_name, ':', 2) LIKE 'company-%'
                  GROUP BY a.step_execution_id) AS starts""").bind("run", runId).mapTo(Long.class).one());
    }

    /** A request left in the queue by a manager that died (its run recovered as FAILED since) runs nothing. */
    @Test
    @Order(2)
    void aRequestForARunThatIsNoLongerRunningIsDiscarded() {
        // a request of its own: the run it leaves FAILED is no other test's to resume
        SyncReport report = manager.getBean(SyncLauncher.class).run(SyncRequest.of("invoices,customers", null));
        assertThat(report.successful()).as(report.summary()).isTrue();
        long partition = warehouse.withHandle(h -> h.createQuery("SELECT MAX(step_execution_id) FROM batch_step_execution"
                + " WHERE job_execution_id = :run AND step_name LIKE 'invoices:%'").bind("run", report.runId()).mapTo(Long.class).one());
        // as a manager that died mid-run leaves it, once the next start recovered the run
        warehouse.useHandle(h -> {
            h.execute("UPDATE batch_step_execution SET status = 'STARTED' WHERE step_execution_id = ?", partition);
            h.execute("UPDATE batch_job_execution SET status = 'FAILED' WHERE job_execution_id = ?", report.runId());
        });
        double discardedBefore = partitions("discarded");
        long requestsBefore = sandbox.requestCount();

        manager.getBean(AmqpTemplate.class).convertAndSend(clusterName + ".partitions", new StepExecutionRequest("invoices", partition));

        await().atMost(Duration.ofSeconds(30)).until(() -> partitions("discarded") == discardedBefore + 1);
        assertThat(sandbox.requestCount()).as("nothing read for it").isEqualTo(requestsBefore);
        assertThat(runStatuses(warehouse)).last().isEqualTo("FAILED");
        String status = warehouse.withHandle(h -> h.createQuery("SELECT status FROM batch_step_execution WHERE step_execution_id = :id")
                .bind("id", partition).mapTo(String.class).one());
        assertThat(status).as("left as it was").isEqualTo("STARTED");
    }

    /** A request naming a partition the job repository does not have (purged, or another warehouse's) runs nothing. */
    @Test
    @Order(2)
    void aRequestForAPartitionTheJobRepositoryDoesNotHaveIsDiscarded() {
        long unknown = warehouse.withHandle(h -> h.createQuery("SELECT COALESCE(MAX(step_execution_id), 0) + 1000 FROM batch_step_execution")
                .mapTo(Long.class).one());
        double discardedBefore = partitions("discarded");
        long requestsBefore = sandbox.requestCount();

        manager.getBean(AmqpTemplate.class).convertAndSend(clusterName + ".partitions", new StepExecutionRequest("invoices", unknown));

        await().atMost(Duration.ofSeconds(30)).until(() -> partitions("discarded") == discardedBefore + 1);
        assertThat(sandbox.requestCount()).as("nothing read for it").isEqualTo(requestsBefore);
    }

    /**
     * {@code ledgersync.api.rate-limit.requests-per-second} is the deployment's budget, not each process's: the manager
     * and the worker (two processes: each its own client, connection pool and budget object) both going as fast as they
     * can, against a Data API that allows R requests per second with a token bucket of R, get at most 1 % of their
     * requests answered 429 and are served at least 0.9 R together. Each with a limiter of its own would offer 2 R.
     */
    @Test
    @Order(3)
    void twoProcessesShareOneRateBudget_atMostOnePercent429AndAtLeastNinetyPercentOfTheRateServed() throws Exception {
        int rate = RATE;
        sandbox.faults().all().rateLimit(rate, rate);
        try {
            long requestsBefore = sandbox.requestCount();
            long refusedBefore = sandbox.faults().injected();
            List<String> companies = sandbox.dataSet().companyIds();
            AtomicInteger served = new AtomicInteger();
            ExecutorService threads = Executors.newFixedThreadPool(8);
            List<Future<?>> work = new ArrayList<>();

            long start = System.nanoTime();
            for (ConfigurableApplicationContext process : List.of(manager, worker)) {
                DataApiClient client = process.getBean(DataApiClient.class);
                AtomicInteger left = new AtomicInteger(4 * rate / 2); // together: 4 s at the rate
                for (int t = 0; t < 4; t++) {
                    work.add(threads.submit(() -> {
                        for (int i = left.getAndDecrement(); i > 0; i = left.getAndDecrement()) {
                            String path = "/companies/" + companies.get(i % companies.size()) + "/data/invoices";
                            client.fetchPage(client.firstPageHref(path));
                            served.incrementAndGet();
                        }
                    }));
                }
            }
            for (Future<?> each : work) {
                each.get();
            }
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            threads.shutdown();

            long requests = sandbox.requestCount() - requestsBefore;
            long refused = sandbox.faults().injected() - refusedBefore;
            double servedPerSecond = served.get() / (took.toNanos() / 1e9);
            System.out.printf("shared budget: %d served in %d ms (%.1f/s of %d/s), %d requests, %d answered 429%n", served.get(),
                    took.toMillis(), servedPerSecond, rate, requests, refused);
            assertThat(served.get()).isEqualTo(4 * rate);
            assertThat(refused).as("429s of %d requests", requests).isLessThanOrEqualTo(requests / 100);
            assertThat(servedPerSecond).as("served per second").isGreaterThanOrEqualTo(0.9 * rate);
        } finally {
            sandbox.faults().clear();
        }
    }

    /**
     * Issue 25: a message on the partition queue that is not a partition request (text, no content type, a serialized
     * String, Integer, HashMap, a request without a step, bytes that do not deserialize) is rejected once, moved to the
     * dead-letter queue, counted by reason and logged in one line each; the worker goes on taking requests. Before, each
     * was handed back at once and for ever, the worker logging a stack trace per delivery.
     */
    @Test
    @Order(2)
    void messagesThatAreNoPartitionRequestAreRejectedOnceDeadLetteredCountedAndLoggedInOneLineEach(CapturedOutput output) {
        HashMap<String, String> map = new HashMap<>();
        map.put("stepName", "invoices");
        Message bare = new Message(new byte[] {1, 2, 3}, new MessageProperties());
        bare.getMessageProperties().setContentType(null);
        List<Message> hostile = List.of(
                MessageBuilder.withBody("invoices".getBytes(StandardCharsets.UTF_8)).setContentType("text/plain").build(),
                bare,
                serialized("invoices"),
                serialized(42),
                serialized(new StepExecutionRequest(null, 1)),
                serialized(map),
                MessageBuilder.withBody(new byte[] {(byte) 0xAC, (byte) 0xED, 0, 5, 1})
                        .setContentType(MessageProperties.CONTENT_TYPE_SERIALIZED_OBJECT).build());
        long unknown = warehouse.withHandle(h -> h.createQuery("SELECT COALESCE(MAX(step_execution_id), 0) + 1000 FROM batch_step_execution")
                .mapTo(Long.class).one());
        double discardedBefore = partitions("discarded");
        AmqpTemplate broker = manager.getBean(AmqpTemplate.class);

        hostile.forEach(message -> broker.send(clusterName + ".partitions", message));
        broker.convertAndSend(clusterName + ".partitions", new StepExecutionRequest("invoices", unknown)); // a request after them

        await().atMost(Duration.ofSeconds(30)).alias("the request sent after them is handled")
                .until(() -> partitions("discarded") == discardedBefore + 1);
        await().atMost(Duration.ofSeconds(30)).during(Duration.ofMillis(500)).alias("each rejected once, none handed back")
                .until(() -> rejected(null) == hostile.size());
        assertThat(rejected("content-type")).isEqualTo(2);
        assertThat(rejected("not-a-request")).isEqualTo(3);
        assertThat(rejected("class-not-allowed")).isEqualTo(1);
        assertThat(rejected("unreadable")).isEqualTo(1);
        assertThat(output.getAll().lines().filter(line -> line.contains("Rejected message on " + clusterName + ".partitions")))
                .as("one line a message").hasSize(hostile.size())
                .allSatisfy(line -> assertThat(line).contains("dead-lettered to " + clusterName + ".partitions.dlq"));
        assertThat(output.getAll()).doesNotContain("Execution of Rabbit message listener failed");
        assertThat(deadLettered()).as("the messages, kept for an operator to read").hasSize(hostile.size())
                .anySatisfy(body -> assertThat(body).isEqualTo("invoices".getBytes(StandardCharsets.UTF_8)));
    }

    private static Message serialized(java.io.Serializable object) {
        return MessageBuilder.withBody(org.springframework.amqp.utils.SerializationUtils.serialize(object))
                .setContentType(MessageProperties.CONTENT_TYPE_SERIALIZED_OBJECT).build();
    }

    /** What the dead-letter queue holds, taken out of it. */
    private static List<byte[]> deadLettered() {
        AmqpTemplate broker = manager.getBean(AmqpTemplate.class);
        List<byte[]> bodies = new ArrayList<>();
        for (Message message = broker.receive(clusterName + ".partitions.dlq"); message != null;
                message = broker.receive(clusterName + ".partitions.dlq")) {
            bodies.add(message.getBody());
        }
        return bodies;
    }

    /**
     * Issue 25: a request for a partition that a worker is running (delivered again after a connection blip or the
     * broker's consumer timeout, or sent twice) waits at the partition's fence instead of running it a second time at
     * once; when the partition has ended, the copy is discarded as already done. Each page is read once.
     */
    @Test
    @Order(8)
    void aSecondRequestForAPartitionThatIsRunningWaitsForItAndNeverRunsItTwice() throws Exception {
        String company = sandbox.dataSet().companyIds().get(0);
        SyncRequest oneCompany = SyncRequest.of("invoices", company).withFullRefresh();
        SyncLauncher launcher = manager.getBean(SyncLauncher.class);
        sandbox.faults().path("/companies/*/data/invoices").latency(Duration.ofMillis(1000));
        try {
            long before = sandbox.requestCount();
            assertThat(launcher.run(oneCompany).successful()).isTrue();
            long onePass = sandbox.requestCount() - before;
            double discardedBefore = partitions("discarded");

            long start = sandbox.requestCount();
            var run = launcher.launch(oneCompany);
            long partition = await().atMost(Duration.ofSeconds(30)).alias("the partition runs on the worker")
                    .until(() -> startedPartition(run.runId()), id -> id != null);
            manager.getBean(AmqpTemplate.class).convertAndSend(clusterName + ".partitions", new StepExecutionRequest("invoices", partition));
            SyncReport report = run.completion().get(60, java.util.concurrent.TimeUnit.SECONDS);

            assertThat(report.successful()).as(report.summary()).isTrue();
            await().atMost(Duration.ofSeconds(30)).alias("the second request, through the fence once the partition ended, is discarded")
                    .until(() -> partitions("discarded") == discardedBefore + 1);
            assertThat(sandbox.requestCount() - start).as("the pages of one pass, each read once").isEqualTo(onePass);
        } finally {
            sandbox.faults().clear();
        }
    }

    private static Long startedPartition(long runId) {
        return warehouse.withHandle(h -> h.createQuery("SELECT MAX(step_execution_id) FROM batch_step_execution WHERE job_execution_id = :run"
                + " AND step_name LIKE 'invoices:%' AND status = 'STARTED' AND write_count > 0").bind("run", runId).mapTo(Long.class).one());
    }

    /** Rejected messages of a reason, or of every reason for null. */
    private static double rejected(String reason) {
        var search = worker.getBean(MeterRegistry.class).find("ledgersync.cluster.messages.rejected");
        return (reason == null ? search : search.tag("reason", reason)).counters().stream().mapToDouble(c -> c.count()).sum();
    }

    private static double partitions(String outcome) {
        var counter = worker.getBean(MeterRegistry.class).find(PartitionRequests.METER).tag("outcome", outcome).counter();
        return counter == null ? 0 : counter.count();
    }

}
