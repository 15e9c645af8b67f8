package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;

import io.ledgersync.MutableClock;
import io.ledgersync.SandboxUnderTest;
import io.ledgersync.sandbox.SandboxDataSet;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.dataset.RecordMapper;
import io.ledgersync.sync.history.RunLookup;
import io.ledgersync.sync.history.RunRetention;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.sync.run.SyncRuns;
import io.ledgersync.warehouse.state.SyncState;
import io.ledgersync.warehouse.state.SyncStates;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The whole application against the sandbox over real HTTP and a real database: 3 companies of
 * 250 invoices, read 100 records a page. Subclasses choose the database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
@Import(AbstractSyncIntegrationTests.ClockConfiguration.class)
abstract class AbstractSyncIntegrationTests {

    static final int COMPANIES = 3;
    static final int INVOICES_PER_COMPANY = 250;
    static final int PAGE_SIZE = 100;

    private static final Instant SANDBOX_START = Instant.now();

    /** The sandbox's own clock: moving it on ages its free-trial account. Reset before every test. */
    static final MutableClock sandboxClock = new MutableClock(SANDBOX_START);

    /** One sandbox per test class (H2, PostgreSQL): started for its context, stopped after the class. */
    static SandboxServer sandbox;

    private static final JsonMapper json = JsonMapper.builder().build();

    @Autowired
    SyncLauncher launcher;

    @Autowired
    Jdbi jdbi;

    @Autowired
    MutableClock clock;

    @Autowired
    SyncStates states;

    @Autowired
    RunRetention retention;

    @Autowired
    SyncRuns runs;

    @Autowired
    RunLookup lookup;

    /** ledgersync's clock, moved by hand so that deferrals come due in milliseconds. */
    @TestConfiguration(proxyBeanMethods = false)
    static class ClockConfiguration {

        @Bean
        MutableClock clock() {
            // whole seconds: the databases keep microseconds, and due-ness compares stored times with now
            return new MutableClock(Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        }
    }

    static void sandboxProperties(DynamicPropertyRegistry registry) {
        sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(COMPANIES).withInvoicesPerCompany(INVOICES_PER_COMPANY)
                .withSeed(7).withClock(sandboxClock).withAccountAge(Duration.ofDays(300)));
        SandboxUnderTest.register(registry, sandbox);
        registry.add("ledgersync.api.page-size", () -> PAGE_SIZE);
        // no retries: a scripted 500 fails its partition at once, as an exhausted retry budget would
        registry.add("ledgersync.api.retry.max-attempts", () -> 1);
    }

    @AfterAll
    static void stopSandbox() {
        sandbox.close();
    }

    /** Every test starts from an empty warehouse and a sandbox as it was started: no faults, every data set ready. */
    @BeforeEach
    void emptyWarehouseAndFreshSandbox() {
        for (String table : List.of("invoices", "customers", "companies", "sync_state")) {
            jdbi.useHandle(handle -> handle.execute("DELETE FROM " + table));
        }
        sandboxClock.setInstant(SANDBOX_START);
        sandbox.faults().clear();
        for (String companyId : sandbox.dataSet().companyIds()) {
            for (String dataType : List.of("invoices", "customers")) {
                sandbox.faults().dataSet(companyId, dataType).ready();
            }
        }
    }

    @Test
    void companyDataSetsRunSideBySideOnceCompaniesIsReadNotOneAfterTheOther() {
        // given every company's accounts answering 2 s late: one data set far slower than the others
        sandbox.faults().path("/companies/*/data/accounts").latency(Duration.ofSeconds(2));

        SyncReport report = launcher.run(SyncRequest.everything());

        // then every other company data set's step started before accounts' ended, and none before companies' ended
        assertThat(report.successful()).as("%s", report.failures()).isTrue();
        Map<String, StepExecution> steps = lookup.execution(report.runId()).getStepExecutions().stream()
                .filter(step -> !step.getStepName().contains(":")) // a partition is "<step>:<partition>"
                .collect(Collectors.toMap(StepExecution::getStepName, step -> step));
        StepExecution companies = steps.remove(DataSet.COMPANIES);
        StepExecution accounts = steps.get("accounts");
        assertThat(steps).hasSizeGreaterThan(2).containsKeys("accounts", "invoices", "customers");
        assertThat(steps.values()).allSatisfy(step -> assertThat(step.getStartTime()).as(step.getStepName())
                .isAfterOrEqualTo(companies.getEndTime()).isBefore(accounts.getEndTime()));
        assertThat(report.records("invoices")).isEqualTo(COMPANIES * INVOICES_PER_COMPANY);
    }

    @Test
    void aPartitionEndsWithItsLastPagesChunkWithoutAnEmptyChunkToFindTheEnd() {
        SyncReport report = launcher.run(new SyncRequest(List.of("companies", "invoices"), List.of()));

        // then the job repository wrote each partition's execution once as it started, once a page, twice as it ended
        // (before and after its listeners): a partition of 1 page 4 times, of 3 pages 6 times; an empty chunk more before
        assertThat(report.successful()).as("%s", report.failures()).isTrue();
        Map<String, Integer> writes = jdbi.withHandle(handle -> handle.createQuery("SELECT step_name, version FROM"
                        + " batch_step_execution WHERE job_execution_id = :run AND step_name LIKE '%:%'")
                .bind("run", report.runId())
                .reduceRows(new java.util.TreeMap<String, Integer>(), (map, row) -> {
                    map.put(row.getColumn("step_name", String.class), row.getColumn("version", Integer.class));
                    return map;
                }));
        assertThat(writes).hasSize(1 + COMPANIES);
        writes.forEach((partition, version) -> assertThat(version).as(partition)
                .isEqualTo(partition.startsWith("companies") ? 4 : 6));
    }

    @Test
    void companiesWhoseInvoicesAnswer409AreDeferredThenSyncedByTheDeferredRunOnceDue() {
        String late = sandbox.dataSet().companyIds().get(0);
        sandbox.faults().dataSet(late, "invoices").readyAfterRequests(1);

        SyncReport full = launcher.run(SyncRequest.everything());

        assertThat(full.successful()).as("a 409 is not a failure: " + full.failures()).isTrue();
        assertThat(full.deferred()).isEqualTo(1);
        assertThat(full.records("invoices")).isEqualTo((COMPANIES - 1) * INVOICES_PER_COMPANY);
        assertThat(full.outcome()).isEqualTo(RunOutcome.COMPLETED_WITH_DEFERRALS);
        SyncState deferred = states.find(late, "invoices").orElseThrow();
        assertThat(deferred.state()).isEqualTo(SyncState.Status.DEFERRED);
        assertThat(deferred.attempts()).isEqualTo(1);
        assertThat(deferred.nextAttemptAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(10)));
        assertThat(deferred.lastError()).contains("409");

        SyncReport early = launcher.run(SyncRequest.deferred());
        assertThat(early.records("invoices")).as("not due yet").isZero();

        clock.advance(Duration.ofMinutes(11));
        SyncReport due = launcher.run(SyncRequest.deferred());

        assertThat(due.successful()).isTrue();
        assertThat(due.records("invoices")).isEqualTo(INVOICES_PER_COMPANY);
        assertThat(due.records("companies")).as("a deferred run reads only what was deferred").isZero();
        assertThat(states.find(late, "invoices").orElseThrow().state()).isEqualTo(SyncState.Status.OK);
        assertWarehouseEqualsSandbox();
    }

    @Test
    void aDataSetDeferredAgainWaitsTwiceAsLong() {
        String late = sandbox.dataSet().companyIds().get(2);
        sandbox.faults().dataSet(late, "invoices").readyAfterRequests(2);
        launcher.run(SyncRequest.everything());
        clock.advance(Duration.ofMinutes(10));

        launcher.run(SyncRequest.deferred());

        SyncState again = states.find(late, "invoices").orElseThrow();
        assertThat(again.attempts()).isEqualTo(2);
        assertThat(again.nextAttemptAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(20)));
    }

    @Test
    void aFailedPartitionIsResumedByTheNextRunFromItsLastCommittedPage() {
        SyncRequest request = new SyncRequest(List.of("companies", "invoices"), List.of());
        String flaky = sandbox.dataSet().companyIds().get(1);
        sandbox.faults().path("/companies/" + flaky + "/data/invoices").page(2).serverErrorNext(1);

        SyncReport failed = launcher.run(request);

        assertThat(failed.successful()).isFalse();
        assertThat(failed.failures()).anySatisfy(failure -> assertThat(failure).contains("answered 500"));
        assertThat(count("invoices")).as("the other companies, and the flaky one's first page")
                .isEqualTo((COMPANIES - 1) * INVOICES_PER_COMPANY + PAGE_SIZE);
        assertThat(states.find(flaky, "invoices").orElseThrow().state()).isEqualTo(SyncState.Status.FAILED);
        long requestsBefore = sandbox.requestCount();

        SyncReport resumed = launcher.run(request);

        assertThat(resumed.successful()).isTrue();
        assertThat(resumed.resumed()).isTrue();
        assertThat(resumed.records("invoices")).isEqualTo(INVOICES_PER_COMPANY - PAGE_SIZE);
        assertThat(resumed.runRecords("invoices")).as("the whole run: the companies the failed execution completed too")
                .isEqualTo(COMPANIES * INVOICES_PER_COMPANY);
        assertThat(resumed.summary()).contains("invoices 150 records in 2 pages (of 750 in 9 over the whole run)");
        assertThat(sandbox.requestCount() - requestsBefore).as("pages 2 and 3 of the flaky company, nothing else").isEqualTo(2);
        assertThat(states.find(flaky, "invoices").orElseThrow().state()).isEqualTo(SyncState.Status.OK);
        assertThat(count("invoices")).isEqualTo(COMPANIES * INVOICES_PER_COMPANY);
    }

    @Test
    void purgingTheHistoryKeepsTheNewestSuccessfulRunAndARunThatCanStillBeResumed() {
        SyncRequest companies = new SyncRequest(List.of("companies"), List.of());
        SyncReport older = launcher.run(companies);
        SyncReport newest = launcher.run(companies);
        String flaky = sandbox.dataSet().companyIds().get(2);
        sandbox.faults().path("/companies/" + flaky + "/data/invoices").page(2).serverErrorNext(1);
        SyncRequest flakyInvoices = new SyncRequest(List.of("invoices"), List.of(flaky)); // a request of its own
        SyncReport failed = launcher.run(flakyInvoices);
        assertThat(failed.successful()).isFalse();

        // a day later, with a day of retention: every run is old enough to go
        int purged = retention.purge(clock.instant().plus(Duration.ofDays(2)), Duration.ofDays(1));

        assertThat(purged).isPositive();
        assertThat(runIds()).doesNotContain(older.runId()).contains(newest.runId(), failed.runId());
        assertThat(count("batch_step_execution")).isPositive();
        SyncReport resumed = launcher.run(flakyInvoices);
        assertThat(resumed.resumed()).as("the failed run survived whole: " + resumed.summary()).isTrue();
        assertThat(resumed.successful()).isTrue();
        assertThat(resumed.runRecords("invoices")).isEqualTo(INVOICES_PER_COMPANY);
        assertThat(resumed.records("invoices")).isEqualTo(INVOICES_PER_COMPANY - PAGE_SIZE);
    }

    private List<Long> runIds() {
        return jdbi.withHandle(h -> h.createQuery("SELECT job_execution_id FROM batch_job_execution").mapTo(Long.class).list());
    }

    @Test
    void unsupportedCompanyIsMarkedAndSkipped() {
        String onOldPlatform = sandbox.dataSet().companyIds().get(1);
        sandbox.faults().dataSet(onOldPlatform, "invoices").unsupported();

        SyncReport report = launcher.run(SyncRequest.everything());

        assertThat(report.successful()).isTrue();
        assertThat(report.unsupported()).isEqualTo(1);
        assertThat(states.find(onOldPlatform, "invoices").orElseThrow().state()).isEqualTo(SyncState.Status.UNSUPPORTED);
        assertThat(count("invoices")).isEqualTo((COMPANIES - 1) * INVOICES_PER_COMPANY);
        clock.advance(Duration.ofDays(1));
        assertThat(launcher.run(SyncRequest.deferred()).records("invoices")).as("never retried by a deferred run").isZero();
    }

    @Test
    void permanentErrorFailsTheRunWithAMessageNamingTheCause() {
        sandboxClock.advance(Duration.ofDays(70)); // the free-trial account is now older than 365 days: 402 everywhere
        // a request of its own, so that no other test resumes this failed run
        SyncReport report = launcher.run(new SyncRequest(List.of("companies", "invoices"), List.of()));

        assertThat(report.successful()).isFalse();
        assertThat(report.failures()).anySatisfy(failure -> assertThat(failure)
                .contains("answered 402").contains("Account expired").contains("correlationId").contains("account limit"));
    }

    @Test
    void fullSyncHoldsExactlyTheSandboxsCompaniesAndInvoicesFieldForField() {
        long requestsBefore = sandbox.requestCount();

        SyncReport report = launcher.run(SyncRequest.everything());

        assertThat(report.successful()).as(report.summary() + " " + report.failures()).isTrue();
        assertThat(report.records("companies")).isEqualTo(COMPANIES);
        assertThat(report.records("invoices")).isEqualTo(COMPANIES * INVOICES_PER_COMPANY);
        assertWarehouseEqualsSandbox();
        // one page of companies, then per company ceil(250 / 100) = 3 pages of invoices and the pages of each
        // other shipped company data set: the minimum for the page size, no page fetched twice
        long otherPages = 0;
        for (DataSet dataSet : DataSetCatalog.load("classpath*:jobs/*.yml").all()) {
            String dataType = dataSet.path().substring(dataSet.path().lastIndexOf('/') + 1);
            if (dataSet.perCompany() && !dataType.equals("invoices")) {
                otherPages += sandbox.dataSet().companyIds().stream().mapToLong(
                        id -> Math.max(1, (sandbox.dataSet().count(id, dataType) + PAGE_SIZE - 1) / PAGE_SIZE)).sum();
            }
        }
        assertThat(sandbox.requestCount() - requestsBefore).isEqualTo(1 + COMPANIES * 3 + otherPages);
    }

    @Test
    void aThirdDataSetDeclaredByAYamlFileAndAMigrationIsSyncedLikeTheOthers() {
        SyncReport report = launcher.run(SyncRequest.everything());

        assertThat(report.successful()).isTrue();
        SandboxDataSet dataset = sandbox.dataSet();
        long expected = dataset.companyIds().stream().mapToLong(dataset::customerCount).sum();
        assertThat(expected).isPositive();
        assertThat(report.records("customers")).isEqualTo(expected);
        assertThat(count("customers")).isEqualTo(expected);
        for (String companyId : dataset.companyIds()) {
            for (int i = 0; i < dataset.customerCount(companyId); i++) {
                JsonNode customer = json.readTree(dataset.customerJson(companyId, i));
                Map<String, Object> row = jdbi.withHandle(h -> h.createQuery(
                        "SELECT c.*, CAST(raw AS VARCHAR) AS raw_text FROM customers c WHERE company_id = :c AND id = :id")
                        .bind("c", companyId).bind("id", customer.get("id").asString()).mapToMap().one());
                assertThat(json.readTree(row.get("raw_text").toString())).isEqualTo(customer);
                assertThat(row.get("customer_name")).isEqualTo(customer.get("customerName").asString());
                assertThat(row.get("status")).isEqualTo(customer.get("status").asString());
            }
        }
    }

    @Test
    void secondRunLeavesExactlyTheSameRows() {
        launcher.run(SyncRequest.everything());
        List<Map<String, Object>> companiesAfterFirst = rows("companies", "id");
        List<Map<String, Object>> invoicesAfterFirst = rows("invoices", "company_id, id");

        SyncReport second = launcher.run(SyncRequest.everything());

        assertThat(second.successful()).isTrue();
        assertThat(rows("companies", "id")).isEqualTo(companiesAfterFirst);
        assertThat(rows("invoices", "company_id, id")).isEqualTo(invoicesAfterFirst);
        assertWarehouseEqualsSandbox();
    }

    @Test
    void syncOfOneCompanysInvoicesTouchesOnlyThatCompany() {
        launcher.run(new SyncRequest(List.of("companies"), List.of()));
        String company = sandbox.dataSet().companyIds().get(1);

        SyncReport report = launcher.run(new SyncRequest(List.of("invoices"), List.of(company)));

        assertThat(report.successful()).isTrue();
        List<String> companiesWithInvoices = jdbi.withHandle(
                h -> h.createQuery("SELECT DISTINCT company_id FROM invoices").mapTo(String.class).list());
        assertThat(companiesWithInvoices).containsExactly(company);
        assertThat(count("invoices")).isEqualTo(INVOICES_PER_COMPANY);
    }

    @Test
    void unknownDataSetIsRefusedWithTheKnownNames() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> launcher.run(new SyncRequest(List.of("payments"), List.of())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unknown data set 'payments'")
                .hasMessageContaining("companies, accounts, bills, credit_notes, customers, invoices, suppliers");
    }

    @Test
    void unknownCompanyIsRefusedBeforeAnythingRuns() {
        launcher.run(new SyncRequest(List.of("companies"), List.of()));

        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> launcher.run(new SyncRequest(List.of("invoices"), List.of("no-such-company"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unknown companies [no-such-company]");
    }

    @Test
    void unknownCompanyIsRefusedBeforeAnythingRunsAlsoWhenTheRunReadsCompanies() {
        launcher.run(new SyncRequest(List.of("companies"), List.of()));
        long runsBefore = runs.runCount();

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> launcher.run(new SyncRequest(List.of(), List.of("nope", "nix"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unknown companies [nope, nix]");
        assertThat(runs.runCount()).as("no run started").isEqualTo(runsBefore);
    }

    private void assertWarehouseEqualsSandbox() {
        SandboxDataSet dataset = sandbox.dataSet();
        List<String> companyIds = jdbi.withHandle(h -> h.createQuery("SELECT id FROM companies").mapTo(String.class).list());
        assertThat(companyIds).containsExactlyInAnyOrderElementsOf(dataset.companyIds());
        assertThat(count("invoices")).isEqualTo(COMPANIES * INVOICES_PER_COMPANY);
        for (String companyId : dataset.companyIds()) {
            JsonNode company = json.readTree(dataset.companyJson(companyId));
            Map<String, Object> row = jdbi.withHandle(h -> h.createQuery("SELECT c.*, CAST(raw AS VARCHAR) AS raw_text FROM companies c WHERE id = :id")
                    .bind("id", companyId).mapToMap().one());
            assertThat(json.readTree(row.get("raw_text").toString())).isEqualTo(company);
            assertThat(row.get("name")).isEqualTo(company.get("name").asString());
            for (int i = 0; i < dataset.invoiceCount(companyId); i++) {
                assertInvoiceRow(companyId, json.readTree(dataset.invoiceJson(companyId, i)));
            }
        }
    }

    private void assertInvoiceRow(String companyId, JsonNode invoice) {
        Map<String, Object> row = jdbi.withHandle(h -> h.createQuery("SELECT i.*, CAST(raw AS VARCHAR) AS raw_text FROM invoices i WHERE company_id = :c AND id = :id")
                .bind("c", companyId).bind("id", invoice.get("id").asString()).mapToMap().one());
        assertThat(json.readTree(row.get("raw_text").toString())).as("raw of %s", invoice.get("id")).isEqualTo(invoice);
        assertThat(row.get("invoice_number")).isEqualTo(invoice.get("invoiceNumber").asString());
        assertThat(row.get("customer_id")).isEqualTo(invoice.at("/customerRef/id").asString());
        assertThat(row.get("status")).isEqualTo(invoice.get("status").asString());
        assertThat(row.get("currency")).isEqualTo(invoice.get("currency").asString());
        assertThat((BigDecimal) row.get("total_amount")).isEqualByComparingTo(invoice.get("totalAmount").asString());
        assertThat((BigDecimal) row.get("amount_due")).isEqualByComparingTo(invoice.get("amountDue").asString());
        assertThat(row.get("is_deleted")).isEqualTo(invoice.at("/metadata/isDeleted").asBoolean());
        assertThat(instant(row.get("issue_date"))).isEqualTo(RecordMapper.timestamp(invoice.get("issueDate").asString()).toInstant());
        assertThat(instant(row.get("modified_date"))).isEqualTo(RecordMapper.timestamp(invoice.get("modifiedDate").asString()).toInstant());
    }

    private static java.time.Instant instant(Object value) {
        if (value instanceof OffsetDateTime odt) {
            return odt.toInstant();
        }
        if (value instanceof java.sql.Timestamp ts) {
            return ts.toInstant();
        }
        throw new AssertionError("not a timestamp: " + value + " (" + (value == null ? null : value.getClass()) + ")");
    }

    private long count(String table) {
        return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Long.class).one());
    }

    /** Every row without the stamps that a rerun is expected to renew. */
    private List<Map<String, Object>> rows(String table, String orderBy) {
        return jdbi.withHandle(h -> h.createQuery("SELECT t.*, CAST(raw AS VARCHAR) AS raw_text FROM " + table + " t ORDER BY " + orderBy).mapToMap().list()).stream()
                .peek(row -> {
                    row.remove("synced_at");
                    row.remove("run_id");
                    row.remove("raw"); // compared as raw_text: a CLOB or jsonb object has no value equality
                })
                .toList();
    }
}
