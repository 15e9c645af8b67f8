package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
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
import io.ledgersync.sandbox.records.DataSetState.Changes;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.sync.run.SyncRuns;
import io.ledgersync.trigger.cli.SyncOptions;
import io.ledgersync.warehouse.state.SyncStates;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Keeping the warehouse in step with a Data API that changes (docs/keeping-in-step.md; CONTRACT.md §10 the query
 * language, §11 change dates, §12 deleted records, §2.3 the page envelope's totalResults): incremental reads from the
 * watermark, the lookback, full refreshes that mark deletes with their safety bound, reappearance, a crash inside an
 * incremental walk, a filtered data set. The whole application against the sandbox over real HTTP: 3 companies of 250
 * invoices, 100 records a page; customers are declared with {@code query: status=Active} (a filtered data set).
 * The sandbox's clock and ledgersync's move together, as the platform's and ours do. Subclasses choose the database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
@Import(AbstractKeepingInStepIntegrationTests.ClockConfiguration.class)
abstract class AbstractKeepingInStepIntegrationTests {

    static final int COMPANIES = 3;
    static final int INVOICES = 250;
    static final int PAGE_SIZE = 100;

    private static final Instant START = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    static final MutableClock sandboxClock = new MutableClock(START);
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
    SyncRuns runs;

    @TestConfiguration(proxyBeanMethods = false)
    static class ClockConfiguration {

        @Bean
        MutableClock clock() {
            return new MutableClock(START);
        }
    }

    static void properties(DynamicPropertyRegistry registry) {
        sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(COMPANIES).withInvoicesPerCompany(INVOICES)
                .withSeed(11).withClock(sandboxClock).withAccountAge(Duration.ofDays(30)));
        SandboxUnderTest.register(registry, sandbox);
        registry.add("ledgersync.api.page-size", () -> PAGE_SIZE);
        registry.add("ledgersync.api.retry.max-attempts", () -> 1);
        registry.add("ledgersync.sync.datasets", () -> "file:" + dataSetFiles() + "/*.yml");
    }

    /** The packaged data set files, customers restricted to the active ones. */
    private static Path dataSetFiles() {
        try {
            Path folder = Files.createTempDirectory("incr-jobs");
            Files.copy(Path.of("jobs/companies.yml"), folder.resolve("companies.yml"));
            Files.copy(Path.of("jobs/invoices.yml"), folder.resolve("invoices.yml"));
            Files.writeString(folder.resolve("customers.yml"),
                    Files.readString(Path.of("jobs/customers.yml")).replace("cursor: modifiedDate",
                            "cursor: modifiedDate\nquery: status=Active"));
            return folder;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterAll
    static void stopSandbox() {
        sandbox.close();
    }

    @BeforeEach
    void emptyWarehouseAndUnchangedSandbox() {
        for (String table : List.of("invoices", "invoice_line_items", "customers", "companies", "sync_state", "sync_reconciliation",
                "walk_seen")) {
            jdbi.useHandle(handle -> handle.execute("DELETE FROM " + table));
        }
        sandboxClock.setInstant(START);
        clock.setInstant(START);
        sandbox.faults().clear();
        for (String companyId : sandbox.dataSet().companyIds()) {
            for (String dataType : List.of("invoices", "customers")) {
                sandbox.faults().dataSet(companyId, dataType).ready().undoChanges();
            }
        }
    }

    @Test
    void anIncrementalRunReadsOnlyTheChangesInOnePageAPartition() {
        // given a first run, which reads everything, and then changes to company 0's invoices an hour later
        SyncReport first = launcher.run(SyncRequest.everything());
        assertThat(first.records("invoices")).isEqualTo(COMPANIES * INVOICES);
        String changed = company(0);
        Map<String, Instant> watermarks = states.watermarks("invoices");
        assertThat(watermarks).containsOnlyKeys(sandbox.dataSet().companyIds());
        later(Duration.ofHours(1));
        sandbox.faults().dataSet(changed, "invoices").change(new Changes(2, 3, 0, 0, 0, null));
        long requestsBefore = sandbox.requestCount();

        // when the next run starts
        SyncReport second = launcher.run(SyncRequest.everything());

        // then it asks once for companies and once per company data set: every change fits on one page
        assertThat(second.successful()).as(second.failures().toString()).isTrue();
        assertThat(sandbox.requestCount() - requestsBefore).isEqualTo(1 + COMPANIES * 2);
        // and reads the 5 changes, plus what the lookback repeats before each company's watermark
        long repeated = sandbox.dataSet().companyIds().stream()
                .mapToLong(id -> invoicesModifiedSince(id, watermarks.get(id).minus(Duration.ofHours(1)), START)).sum();
        assertThat(second.records("invoices")).isEqualTo(5 + repeated);
        assertInvoicesEqualSandbox();
        assertThat(states.watermarks("invoices").get(changed)).as("the newest modifiedDate read: the change's")
                .isEqualTo(clock.instant());
        assertThat(states.reconciliations(second.runId())).filteredOn(r -> r.dataSet().equals("invoices"))
                .allSatisfy(r -> {
                    assertThat(r.walk()).isEqualTo("incremental");
                    assertThat(r.matched()).isTrue();
                });
    }

    @Test
    void aChangeCommittedLateWithAnEarlierDateIsCaughtByTheLookback() {
        String company = company(1);
        launcher.run(SyncRequest.everything());
        later(Duration.ofHours(2));
        sandbox.faults().dataSet(company, "invoices").change(new Changes(0, 1, 0, 0, 0, null));
        launcher.run(SyncRequest.everything()); // the watermark is now
        later(Duration.ofMinutes(5));

        // a change that shows up now, dated 30 minutes before the last run's watermark
        sandbox.faults().dataSet(company, "invoices").change(new Changes(0, 0, 0, 0, 2, Duration.ofMinutes(35)));
        SyncReport report = launcher.run(SyncRequest.everything());

        assertThat(report.successful()).isTrue();
        assertInvoicesEqualSandbox();
        assertThat(states.reconciliations(report.runId())).filteredOn(r -> r.companyId().equals(company)
                && r.dataSet().equals("invoices")).singleElement()
                .satisfies(r -> assertThat(r.recordsRead()).as("the late changes and the one before, read again by the lookback")
                        .isEqualTo(3));
    }

    @Test
    void aSoftDeleteIsASourceFieldKeptInItsColumnAndTheRowStaysLive() {
        String company = company(2);
        launcher.run(SyncRequest.everything());
        later(Duration.ofHours(1));
        sandbox.faults().dataSet(company, "invoices").change(new Changes(0, 0, 2, 0, 0, null));

        launcher.run(SyncRequest.everything());

        assertThat(count("invoices WHERE is_deleted AND modified_date = :now AND deleted_at IS NULL", clock.instant())).isEqualTo(2);
        assertInvoicesEqualSandbox();
    }

    @Test
    void aHardDeleteIsMarkedByAFullRefreshOnlyAndARecordThatReappearsIsLiveAgain() {
        String company = company(0);
        launcher.run(SyncRequest.everything());
        later(Duration.ofHours(1));
        sandbox.faults().dataSet(company, "invoices").change(new Changes(0, 0, 0, 3, 0, null));

        // an incremental run cannot see what is gone
        launcher.run(SyncRequest.everything());
        assertThat(count("invoices WHERE deleted_at IS NOT NULL", null)).isZero();

        // a full refresh walks everything and marks the three rows it did not find
        later(Duration.ofMinutes(10));
        SyncReport full = launcher.run(SyncRequest.everything().withFullRefresh());
        assertThat(full.successful()).isTrue();
        assertThat(full.records("invoices")).isEqualTo(COMPANIES * INVOICES - 3);
        assertThat(count("invoices WHERE deleted_at = :now", clock.instant())).isEqualTo(3);
        assertThat(count("invoices WHERE deleted_at IS NULL", null)).isEqualTo(COMPANIES * INVOICES - 3);
        assertThat(states.reconciliations(full.runId())).filteredOn(r -> r.dataSet().equals("invoices"))
                .extracting(SyncStates.Reconciliation::companyId, SyncStates.Reconciliation::walk,
                        SyncStates.Reconciliation::markedDeleted)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple(company(0), "full", 3L),
                        org.assertj.core.groups.Tuple.tuple(company(1), "full", 0L),
                        org.assertj.core.groups.Tuple.tuple(company(2), "full", 0L));

        // the records come back (restored at the platform, with their old dates): the next full refresh clears the mark
        sandbox.faults().dataSet(company, "invoices").undoChanges();
        later(Duration.ofMinutes(10));
        launcher.run(SyncRequest.everything().withFullRefresh());
        assertThat(count("invoices WHERE deleted_at IS NOT NULL", null)).isZero();
        assertInvoicesEqualSandbox();
    }

    @Test
    void aFullRefreshThatWouldMarkMoreThanTheSafetyBoundMarksNothingAndNamesTheCommandThatMarksThem() {
        // given a full refresh that finds 60% of company 1's invoices gone: more than the default bound of 0.5
        String company = company(1);
        launcher.run(SyncRequest.everything());
        later(Duration.ofHours(1));
        sandbox.faults().dataSet(company, "invoices").change(new Changes(0, 0, 0, 150, 0, null));

        SyncReport refused = launcher.run(SyncRequest.everything().withFullRefresh());

        assertThat(refused.successful()).isTrue();
        assertThat(count("invoices WHERE deleted_at IS NOT NULL", null)).isZero();
        SyncStates.Reconciliation reconciliation = states.reconciliations(refused.runId()).stream()
                .filter(r -> r.dataSet().equals("invoices") && r.companyId().equals(company)).findFirst().orElseThrow();
        assertThat(reconciliation.markedDeleted()).isNull();
        assertThat(reconciliation.note()).contains("deletes refused: 150 of 250 live rows").contains("max-fraction (0.5)");

        // and says so with the command that marks them: in its summary, its exit description and the reconciliation
        String command = "sync --full --datasets=invoices --companies=" + company + " --accept-deletes";
        assertThat(refused.deletesRefused()).singleElement().asString()
                .startsWith("invoices of company " + company + ": deletes refused: 150 of 250 live rows")
                .endsWith("if the source really lost them, run '" + command + "'");
        assertThat(refused.summary()).contains("from 3 companies (1 with deletes refused)");
        assertThat(runs.detail(refused.runId()).exitDescription()).contains(refused.deletesRefused().get(0));
        assertThat(reconciliation.note()).endsWith("run '" + command + "'");

        // when someone has looked, and runs the command the message names
        later(Duration.ofMinutes(10));
        java.util.regex.Matcher named = java.util.regex.Pattern.compile("run '(sync [^']+)'$")
                .matcher(refused.deletesRefused().get(0));
        assertThat(named.find()).isTrue();
        List<String> words = List.of(named.group(1).split(" "));
        SyncReport applied = launcher.run(SyncOptions.parse(words.subList(1, words.size())).request());

        // then that company's data set alone is read again, and the 150 rows are marked deleted
        assertThat(applied.successful()).as(applied.failures().toString()).isTrue();
        assertThat(applied.deletesRefused()).isEmpty();
        assertThat(applied.dataSets()).filteredOn(outcome -> outcome.partitions() > 0)
                .extracting(SyncReport.DataSetOutcome::dataSet, SyncReport.DataSetOutcome::companies)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("invoices", 1));
        assertThat(count("invoices WHERE deleted_at = :now", clock.instant())).isEqualTo(150);
        assertThat(count("invoices WHERE deleted_at IS NOT NULL", null)).isEqualTo(150);
        assertInvoicesEqualSandbox();
        assertThat(states.reconciliations(applied.runId())).singleElement().satisfies(r -> {
            assertThat(r.markedDeleted()).isEqualTo(150);
            assertThat(r.note()).startsWith("deletes accepted: 150 of 250 live rows marked deleted");
        });
        assertThat(runs.detail(applied.runId()).request().acceptDeletes()).isTrue();
    }

    @Test
    void aCrashInsideAnIncrementalWalkIsResumedWithTheSameQueryAndMovesTheWatermarkOnlyThen() {
        String company = company(2);
        launcher.run(SyncRequest.everything());
        Instant watermark = states.watermarks("invoices").get(company);
        later(Duration.ofHours(1));
        // every invoice of the company changed: the incremental walk has 3 pages, and its second fails
        sandbox.faults().dataSet(company, "invoices").change(new Changes(0, INVOICES, 0, 0, 0, null));
        sandbox.faults().path("/companies/" + company + "/data/invoices").page(2).serverErrorNext(1);

        SyncReport failed = launcher.run(SyncRequest.everything());

        assertThat(failed.successful()).isFalse();
        assertThat(states.watermarks("invoices").get(company)).as("not moved by a walk that did not complete")
                .isEqualTo(watermark);
        long requestsBefore = sandbox.requestCount();
        SyncReport resumed = launcher.run(SyncRequest.everything());

        assertThat(resumed.resumed()).isTrue();
        assertThat(resumed.successful()).isTrue();
        assertThat(sandbox.requestCount() - requestsBefore).as("pages 2 and 3 of the incremental walk, nothing else")
                .isEqualTo(2);
        assertThat(resumed.records("invoices")).isEqualTo(INVOICES - PAGE_SIZE);
        assertThat(states.watermarks("invoices").get(company)).isEqualTo(clock.instant());
        assertInvoicesEqualSandbox();
    }

    @Test
    void aFilteredDataSetReadsOnlyItsRecordsReconciledAgainstTheFilteredCountAlsoIncrementally() {
        SyncReport first = launcher.run(SyncRequest.everything());

        long active = activeCustomers();
        assertThat(active).isPositive().isLessThan(allCustomers());
        assertThat(count("customers", null)).isEqualTo(active);
        assertThat(count("customers WHERE status <> 'Active'", null)).isZero();
        assertThat(states.reconciliations(first.runId())).filteredOn(r -> r.dataSet().equals("customers"))
                .allSatisfy(r -> assertThat(r.matched()).isTrue());

        later(Duration.ofHours(1));
        sandbox.faults().dataSet(company(0), "customers").change(new Changes(0, 4, 0, 0, 0, null));
        SyncReport incremental = launcher.run(SyncRequest.everything());

        assertThat(incremental.successful()).isTrue();
        assertThat(count("customers WHERE modified_date = :now", clock.instant())).as("the changed active customers")
                .isEqualTo(changedActiveCustomers(company(0), clock.instant()));
        assertThat(count("customers WHERE status <> 'Active'", null)).isZero();
        assertThat(states.reconciliations(incremental.runId())).filteredOn(r -> r.dataSet().equals("customers"))
                .allSatisfy(r -> {
                    assertThat(r.walk()).isEqualTo("incremental");
                    assertThat(r.matched()).isTrue();
                });
    }

    @Test
    void recordsInsertedAheadOfTheWalkBetweenTwoPagesAreCaughtUpInTheSameRun() {
        // given 7 invoices that appear at the front of company 0's data set between its page 1 and page 2
        String company = company(0);
        sandbox.faults().dataSet(company, "invoices").changesAfterPages(1, new Changes(7, 0, 0, 0, 0, null));
        long requestsBefore = sandbox.requestCount();

        SyncReport report = launcher.run(SyncRequest.everything());

        // then the run ends successfully with every invoice of the data set as it is at its end
        assertThat(report.successful()).as(report.failures().toString()).isTrue();
        assertInvoicesEqualSandbox();
        assertThat(count("invoices WHERE company_id = :company", null, company)).isEqualTo(INVOICES + 7);
        // by one catch-up page after the walk's 3: companies, 3 x 3 pages of invoices, the catch-up, 3 of customers
        assertThat(sandbox.requestCount() - requestsBefore).isEqualTo(1 + COMPANIES * 3 + 1 + COMPANIES);
        assertThat(states.reconciliations(report.runId())).filteredOn(r -> r.companyId().equals(company)
                && r.dataSet().equals("invoices")).singleElement().satisfies(r -> {
                    assertThat(r.note()).contains("page drift: totalResults went from 250 to 257 at page 2")
                            .contains("caught up with the changes since");
                    assertThat(r.matched()).isTrue();
                });
    }

    @Test
    void recordsDeletedAheadOfTheWalkAreFoundByReadingItAgainWholeAndTheDeletedOnesMarked() {
        String company = company(1);
        launcher.run(SyncRequest.everything());
        later(Duration.ofHours(1));
        // 5 invoices removed, spread over the data set, once the full refresh has read company 1's first page
        sandbox.faults().dataSet(company, "invoices").changesAfterPages(1, new Changes(0, 0, 0, 5, 0, null));
        long requestsBefore = sandbox.requestCount();

        SyncReport full = launcher.run(SyncRequest.everything().withFullRefresh());

        assertThat(full.successful()).as(full.failures().toString()).isTrue();
        assertSandboxInvoicesInWarehouse();
        // the 3 removed before the walk reached them are marked; the 2 removed after page 1 had written them are
        // marked from the re-walk's start, which this test's clock (standing still) cannot tell from the walk's:
        // WalkCompletionTests shows that part
        assertThat(count("invoices WHERE deleted_at = :now", clock.instant())).isEqualTo(3);
        // the walk's 3 pages, then the same 3 pages again: records pulled forward past the walk may be old ones
        assertThat(sandbox.requestCount() - requestsBefore).isEqualTo(1 + COMPANIES * 3 + 3 + COMPANIES);
        assertThat(states.reconciliations(full.runId())).filteredOn(r -> r.companyId().equals(company)
                && r.dataSet().equals("invoices")).singleElement().satisfies(r -> {
                    assertThat(r.note()).contains("totalResults went from 250 to 245").contains("read again whole");
                    assertThat(r.markedDeleted()).isEqualTo(3);
                });
    }

    @Test
    void aCompanyMarkedDeletedHasItsDataSetsReadNoMore() {
        launcher.run(SyncRequest.everything());
        String gone = company(2);
        jdbi.useHandle(handle -> handle.createUpdate("UPDATE companies SET deleted_at = :now WHERE id = :id")
                .bind("now", clock.instant().atOffset(java.time.ZoneOffset.UTC)).bind("id", gone).execute());

        SyncReport invoices = launcher.run(new SyncRequest(List.of("invoices"), List.of()));

        assertThat(invoices.successful()).isTrue();
        assertThat(invoices.dataSets()).filteredOn(outcome -> outcome.dataSet().equals("invoices")).singleElement()
                .satisfies(outcome -> assertThat(outcome.companies()).isEqualTo(COMPANIES - 1));
    }

    /**
     * Issue 28: a full refresh of a warehouse in step writes no row, no new version of an invoice nor of a line item,
     * yet marks deleted what the source lost and writes what it changed, with its line items.
     */
    @Test
    void aFullRefreshWithNothingChangedWritesNoRowYetMarksADeleteAndWritesAChangeWithItsItems() {
        String company = company(0);
        Map<String, String> invoices = syncedAnHourAgo();
        Map<String, String> items = versions(ITEM_VERSIONS);
        assertThat(items).isNotEmpty();

        SyncReport unchanged = launcher.run(SyncRequest.everything().withFullRefresh());

        assertThat(unchanged.successful()).as(unchanged.failures().toString()).isTrue();
        assertThat(unchanged.records("invoices")).isEqualTo(COMPANIES * INVOICES);
        assertThat(versions(INVOICE_VERSIONS)).as("no invoice written").isEqualTo(invoices);
        assertThat(versions(ITEM_VERSIONS)).as("no line item replaced").isEqualTo(items);
        assertThat(count("invoices WHERE deleted_at IS NOT NULL", null)).isZero();

        later(Duration.ofHours(1));
        sandbox.faults().dataSet(company, "invoices").change(new Changes(0, 1, 0, 1, 0, null));
        SyncReport changed = launcher.run(SyncRequest.everything().withFullRefresh());

        assertThat(changed.successful()).as(changed.failures().toString()).isTrue();
        assertThat(count("invoices WHERE deleted_at = :now", clock.instant())).as("the one deleted").isEqualTo(1);
        assertThat(count("invoices WHERE run_id = " + changed.runId(), null)).as("the one changed").isEqualTo(1);
        assertSandboxInvoicesInWarehouse();
        Map<String, String> after = versions(INVOICE_VERSIONS);
        assertThat(after.entrySet()).filteredOn(entry -> !entry.getValue().equals(invoices.get(entry.getKey()))).hasSize(2);
        String changedId = jdbi.withHandle(h -> h.createQuery("SELECT id FROM invoices WHERE run_id = :run")
                .bind("run", changed.runId()).mapTo(String.class).one());
        Map<String, String> itemsAfter = versions(ITEM_VERSIONS);
        itemsAfter.keySet().removeIf(key -> key.startsWith(company + "/" + changedId + "/"));
        items.keySet().removeIf(key -> key.startsWith(company + "/" + changedId + "/"));
        assertThat(itemsAfter).as("only the changed invoice's items replaced").isEqualTo(items);
        assertThat(count("invoice_line_items WHERE invoice_id = '" + changedId + "' AND company_id = :company", null, company))
                .isEqualTo(json.readTree(invoiceJson(company, changedId)).get("lineItems").size());
    }

    /**
     * Issue 28: a full refresh that fails after its first page and is resumed marks exactly the records the source lost:
     * what the first attempt read unchanged was kept with its page, though none of it was written.
     */
    @Test
    void aResumedFullRefreshMarksExactlyWhatTheSourceLost() {
        String company = company(1);
        Map<String, String> invoices = syncedAnHourAgo();
        sandbox.faults().dataSet(company, "invoices").change(new Changes(0, 0, 0, 4, 0, null));
        sandbox.faults().path("/companies/" + company + "/data/invoices").page(2).serverErrorNext(1);

        SyncReport failed = launcher.run(SyncRequest.everything().withFullRefresh());
        assertThat(failed.successful()).isFalse();
        later(Duration.ofMinutes(10));
        SyncReport resumed = launcher.run(SyncRequest.everything().withFullRefresh());

        assertThat(resumed.resumed()).isTrue();
        assertThat(resumed.successful()).as(resumed.failures().toString()).isTrue();
        assertThat(count("invoices WHERE deleted_at IS NOT NULL", null)).isEqualTo(4);
        assertInvoicesEqualSandbox();
        Map<String, String> after = versions(INVOICE_VERSIONS);
        assertThat(after.entrySet()).as("only the 4 marked rows written")
                .filteredOn(entry -> !entry.getValue().equals(invoices.get(entry.getKey()))).hasSize(4);
    }

    /** A first sync, then an hour later by both clocks: each invoice row's version ({@link #versions}). */
    private Map<String, String> syncedAnHourAgo() {
        launcher.run(SyncRequest.everything());
        later(Duration.ofHours(1));
        return versions(INVOICE_VERSIONS);
    }

    private static final String INVOICE_VERSIONS = "SELECT company_id || '/' || id AS k, %s AS v FROM invoices";
    private static final String ITEM_VERSIONS = "SELECT company_id || '/' || invoice_id || '/' || line_number AS k, %s AS v"
            + " FROM invoice_line_items";

    /** Each row's physical version (PostgreSQL's ctid and xmin, H2's _ROWID_), with its stamps where it has them. */
    private Map<String, String> versions(String query) {
        String version = rowVersion() + (query.contains("FROM invoices") ? " || '/' || CAST(synced_at AS VARCHAR) || '/' || run_id"
                + " || '/' || COALESCE(CAST(deleted_at AS VARCHAR), '-')" : "");
        return jdbi.withHandle(handle -> handle.createQuery(String.format(query, version))
                .setMapKeyColumn("k").setMapValueColumn("v")
                .collectInto(new org.jdbi.v3.core.generic.GenericType<Map<String, String>>() { }));
    }

    /** An expression that changes whenever the database writes a new version of a row: the row's version, as text. */
    abstract String rowVersion();

    private String invoiceJson(String companyId, String id) {
        SandboxDataSet data = sandbox.dataSet();
        for (int i = 0; i < data.invoiceCount(companyId); i++) {
            String invoice = data.invoiceJson(companyId, i);
            if (json.readTree(invoice).get("id").asString().equals(id)) {
                return invoice;
            }
        }
        throw new AssertionError("no invoice " + id + " at the sandbox");
    }

    /** Both clocks move: the platform's and ours. */
    void later(Duration duration) {
        sandboxClock.advance(duration);
        clock.advance(duration);
    }

    String company(int index) {
        return sandbox.dataSet().companyIds().get(index);
    }

    long count(String tableAndCondition, Instant now) {
        return count(tableAndCondition, now, null);
    }

    long count(String tableAndCondition, Instant now, String company) {
        return jdbi.withHandle(handle -> {
            var query = handle.createQuery("SELECT COUNT(*) FROM " + tableAndCondition);
            if (now != null) {
                query.bind("now", now.atOffset(java.time.ZoneOffset.UTC));
            }
            if (company != null) {
                query.bind("company", company);
            }
            return query.mapTo(Long.class).one();
        });
    }

    /** Every invoice the sandbox serves now is in the warehouse, live, exactly as served; rows marked deleted aside. */
    void assertSandboxInvoicesInWarehouse() {
        SandboxDataSet data = sandbox.dataSet();
        for (String companyId : data.companyIds()) {
            for (int i = 0; i < data.invoiceCount(companyId); i++) {
                JsonNode invoice = json.readTree(data.invoiceJson(companyId, i));
                String raw = jdbi.withHandle(handle -> handle.createQuery("SELECT CAST(raw AS VARCHAR) FROM invoices"
                                + " WHERE company_id = :c AND id = :id AND deleted_at IS NULL")
                        .bind("c", companyId).bind("id", invoice.get("id").asString()).mapTo(String.class).one());
                assertThat(json.readTree(raw)).isEqualTo(invoice);
            }
        }
    }

    /** Every invoice the sandbox serves now is in the warehouse, live, exactly as served, and no other row is live. */
    void assertInvoicesEqualSandbox() {
        SandboxDataSet data = sandbox.dataSet();
        for (String companyId : data.companyIds()) {
            Map<String, String> raw = jdbi.withHandle(handle -> handle.createQuery(
                    "SELECT id, CAST(raw AS VARCHAR) AS raw FROM invoices WHERE company_id = :c AND deleted_at IS NULL")
                    .bind("c", companyId).setMapKeyColumn("id").setMapValueColumn("raw")
                    .collectInto(new org.jdbi.v3.core.generic.GenericType<Map<String, String>>() { }));
            assertThat(raw).as("live invoices of " + companyId).hasSize(data.invoiceCount(companyId));
            for (int i = 0; i < data.invoiceCount(companyId); i++) {
                JsonNode invoice = json.readTree(data.invoiceJson(companyId, i));
                assertThat(json.readTree(raw.get(invoice.get("id").asString()))).isEqualTo(invoice);
            }
        }
    }

    private long invoicesModifiedSince(String companyId, Instant since, Instant before) {
        SandboxDataSet data = sandbox.dataSet();
        long count = 0;
        for (int i = 0; i < data.invoiceCount(companyId); i++) {
            Instant modified = Instant.parse(json.readTree(data.invoiceJson(companyId, i)).get("modifiedDate").asString());
            if (!modified.isBefore(since) && modified.isBefore(before)) {
                count++;
            }
        }
        return count;
    }

    private long activeCustomers() {
        return customers(customer -> customer.get("status").asString().equals("Active"));
    }

    private long allCustomers() {
        return customers(customer -> true);
    }

    private long changedActiveCustomers(String companyId, Instant now) {
        long count = 0;
        for (int i = 0; i < sandbox.dataSet().customerCount(companyId); i++) {
            JsonNode customer = json.readTree(sandbox.dataSet().customerJson(companyId, i));
            if (customer.get("status").asString().equals("Active")
                    && Instant.parse(customer.get("modifiedDate").asString()).equals(now)) {
                count++;
            }
        }
        return count;
    }

    private long customers(java.util.function.Predicate<JsonNode> filter) {
        long count = 0;
        for (String companyId : sandbox.dataSet().companyIds()) {
            for (int i = 0; i < sandbox.dataSet().customerCount(companyId); i++) {
                if (filter.test(json.readTree(sandbox.dataSet().customerJson(companyId, i)))) {
                    count++;
                }
            }
        }
        return count;
    }
}
