package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

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
import io.ledgersync.sync.dataset.RecordMapper;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.run.SyncLauncher;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * History mode (issue 26, docs/history.md) against the sandbox's scripted changes: nights of inserts, updates, soft and
 * hard deletes and late changes give exactly the versions the sandbox made, a record read again unchanged gives none,
 * and the table "as at" each night equals what the sandbox served that night (the test keeps each night's served
 * records as its oracle). The docs' queries run here as written. The whole application over real HTTP; the sandbox's
 * clock and ledgersync's move together. Subclasses choose the database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
@Import(AbstractHistoryIntegrationTests.ClockConfiguration.class)
abstract class AbstractHistoryIntegrationTests {

    static final int COMPANIES = 2;
    static final int INVOICES = 120;
    static final int PAGE_SIZE = 50;

    private static final Instant START = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    static final MutableClock sandboxClock = new MutableClock(START);
    static SandboxServer sandbox;
    private static final JsonMapper json = JsonMapper.builder().build();
    private static final Path DOCS = Path.of("docs/history.md");

    @Autowired
    SyncLauncher launcher;

    @Autowired
    Jdbi jdbi;

    @Autowired
    MutableClock clock;

    @TestConfiguration(proxyBeanMethods = false)
    static class ClockConfiguration {

        @Bean
        MutableClock clock() {
            return new MutableClock(START);
        }
    }

    static void properties(DynamicPropertyRegistry registry) {
        // the sandbox dates its records back from its clock: a subclass run after another starts from the same day
        sandboxClock.setInstant(START);
        sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(COMPANIES).withInvoicesPerCompany(INVOICES)
                .withSeed(26).withClock(sandboxClock).withAccountAge(Duration.ofDays(30)));
        SandboxUnderTest.register(registry, sandbox);
        registry.add("ledgersync.api.page-size", () -> PAGE_SIZE);
        registry.add("ledgersync.api.retry.max-attempts", () -> 1);
        registry.add("ledgersync.sync.datasets", () -> "file:" + dataSetFiles() + "/*.yml");
    }

    /** The packaged companies and invoices files: invoices with history, as shipped. */
    private static Path dataSetFiles() {
        try {
            Path folder = Files.createTempDirectory("history-jobs");
            Files.copy(Path.of("jobs/companies.yml"), folder.resolve("companies.yml"));
            Files.copy(Path.of("jobs/invoices.yml"), folder.resolve("invoices.yml"));
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
        for (String table : List.of("invoice_line_items_history", "invoice_payment_allocations_history", "invoices_history",
                "invoice_line_items", "invoice_payment_allocations", "invoices", "companies", "sync_state",
                "sync_reconciliation")) {
            jdbi.useHandle(handle -> handle.execute("DELETE FROM " + table));
        }
        sandboxClock.setInstant(START);
        clock.setInstant(START);
        sandbox.faults().clear();
        for (String companyId : sandbox.dataSet().companyIds()) {
            sandbox.faults().dataSet(companyId, "invoices").ready().undoChanges();
        }
    }

    @Test
    void nightsOfChangesGiveExactlyTheSandboxsVersionsAndTheTableAsAtEachNightIsWhatTheSandboxServedThen() {
        // given the first night, which reads everything: one version per invoice
        Map<Instant, Map<String, JsonNode>> servedAt = new LinkedHashMap<>();
        launcher.run(SyncRequest.everything());
        Map<String, JsonNode> served = served();
        servedAt.put(clock.instant(), served);
        long versions = served.size();
        assertThat(count("invoices_history")).isEqualTo(versions);

        // when four more nights bring inserts, updates, soft deletes, late changes, and hard deletes that the nights'
        // full refreshes find
        // (inserts on the last night only: the sandbox regenerates what an earlier night inserted when a later one
        // inserts more, with its date unchanged, which no "as at" could tell)
        List<Changes> nights = List.of(new Changes(0, 4, 1, 0, 2, Duration.ofMinutes(35)),
                new Changes(0, 2, 1, 0, 1, Duration.ofMinutes(20)), new Changes(0, 3, 0, 2, 0, null), new Changes(3, 1, 0, 1, 0, null));
        for (Changes night : nights) {
            later(Duration.ofDays(1));
            for (String companyId : sandbox.dataSet().companyIds()) {
                sandbox.faults().dataSet(companyId, "invoices").change(night);
            }
            launcher.run(night.hardDelete() > 0 ? SyncRequest.everything().withFullRefresh() : SyncRequest.everything());
            Map<String, JsonNode> now = served();
            versions += changed(served, now);
            served = now;
            servedAt.put(clock.instant(), served);

            // then exactly the versions the sandbox made so far
            assertThat(count("invoices_history")).as("versions after the night of %s", night).isEqualTo(versions);
        }

        // then the table as at each night, by the docs' predicate, is the invoices the sandbox served then, not deleted
        for (Map.Entry<Instant, Map<String, JsonNode>> night : servedAt.entrySet()) {
            Map<String, JsonNode> expected = new HashMap<>();
            night.getValue().forEach((key, invoice) -> {
                if (!invoice.path("metadata").path("isDeleted").asBoolean(false)) {
                    expected.put(key, invoice);
                }
            });
            assertThat(asAt(night.getKey())).as("invoices as at %s", night.getKey()).isEqualTo(expected);
            // and the docs' aged receivables, as at that night, is the one computed from what the sandbox served then
            assertThat(agedReceivables(night.getKey())).as("aged receivables as at %s", night.getKey())
                    .isNotEmpty().isEqualTo(agedReceivables(night.getValue(), night.getKey()));
        }
        // and the docs' month-end balances, at the first three nights for its three month-ends, are the sandbox's then
        List<Instant> balanceAt = new ArrayList<>(servedAt.keySet()).subList(0, 3);
        assertThat(balances(balanceAt)).as("balances per customer as at %s", balanceAt).isNotEmpty()
                .isEqualTo(balances(balanceAt, servedAt));
        assertThat(count("invoices_history WHERE is_current")).as("current versions: the live, undeleted invoices")
                .isEqualTo(jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM invoices WHERE deleted_at IS NULL"
                        + " AND NOT COALESCE(is_deleted, FALSE)").mapTo(Long.class).one()));
        assertThat(count("invoice_line_items_history l JOIN invoices_history h ON h.company_id = l.company_id"
                + " AND h.id = l.invoice_id AND h.version = l.version WHERE h.is_current"))
                .as("the current versions' lines are the current lines")
                .isEqualTo(count("invoice_line_items l JOIN invoices i ON i.company_id = l.company_id AND i.id = l.invoice_id"
                        + " WHERE i.deleted_at IS NULL AND NOT COALESCE(i.is_deleted, FALSE)"));

        // and reading everything again unchanged, by a full refresh and by an incremental run's lookback, adds no version
        later(Duration.ofMinutes(30));
        launcher.run(SyncRequest.everything().withFullRefresh());
        launcher.run(SyncRequest.everything());
        assertThat(count("invoices_history")).as("nothing changed: no version").isEqualTo(versions);
    }

    @Test
    void theDocsQueriesRunAsWrittenAndTheTimelineShowsAnInvoicesVersions() {
        launcher.run(SyncRequest.everything());
        String company = sandbox.dataSet().companyIds().get(0);
        later(Duration.ofDays(1));
        sandbox.faults().dataSet(company, "invoices").change(new Changes(0, 1, 0, 0, 0, null));
        launcher.run(SyncRequest.everything());
        String changed = jdbi.withHandle(h -> h.createQuery("SELECT id FROM invoices_history WHERE version = 2")
                .mapTo(String.class).one());

        List<String> queries = docsQueries();
        assertThat(queries).hasSize(4);
        for (String query : queries.subList(1, queries.size())) {
            List<Map<String, Object>> rows = jdbi.withHandle(h -> h.createQuery(query).mapToMap().list());
            assertThat(rows).as(query).isNotNull();
        }
        String timeline = queries.get(2).replace("the-company-id", company).replace("the-invoice-id", changed);
        List<Map<String, Object>> versions = jdbi.withHandle(h -> h.createQuery(timeline).mapToMap().list());
        assertThat(versions).extracting(v -> ((Number) v.get("version")).intValue()).containsExactly(1, 2);
        assertThat(versions.get(0).get("valid_to")).as("closed by the change").isNotNull();
        assertThat(versions.get(1).get("valid_to")).as("current").isNull();
    }

    /**
     * A crash mid-page: a night's write of one page fails inside its transaction after the current rows, their child
     * rows and the versions went in (a check on the line items' history refuses the version of one invoice changed on
     * the night's last page), as a process killed there would leave it. What the night committed before agrees with
     * the history, and the next run resumes the failed one to a warehouse whose history and current rows agree, with
     * exactly the versions the sandbox made.
     */
    @Test
    void aPageWhoseWriteFailsMidTransactionLeavesHistoryAndCurrentConsistentAndTheResumeVersionsEachChangeOnce() {
        launcher.run(SyncRequest.everything());
        Map<String, JsonNode> before = served();
        later(Duration.ofDays(1));
        for (String companyId : sandbox.dataSet().companyIds()) {
            sandbox.faults().dataSet(companyId, "invoices").change(new Changes(0, 60, 4, 0, 4, Duration.ofMinutes(20)));
        }
        Map<String, JsonNode> after = served();
        // the first company's change the platform dates last: on the night's last page, after a page of changes
        String company = sandbox.dataSet().companyIds().get(0);
        JsonNode last = after.entrySet().stream()
                .filter(entry -> entry.getKey().startsWith(company + "/") && !entry.getValue().equals(before.get(entry.getKey())))
                .map(Map.Entry::getValue)
                .max(Comparator.comparing((JsonNode invoice) -> Instant.parse(invoice.get("modifiedDate").asString()))
                        .thenComparing(invoice -> invoice.get("id").asString()))
                .orElseThrow();
        assertThat(last.get("lineItems").size()).as("the invoice the write fails on has line items").isPositive();
        String crash = "ALTER TABLE invoice_line_items_history ADD CONSTRAINT crash_mid_page CHECK (NOT (company_id = '" + company
                + "' AND invoice_id = '" + last.get("id").asString() + "' AND version > 1))";
        jdbi.useHandle(handle -> handle.execute(crash));
        SyncReport failed;
        try {
            failed = launcher.run(SyncRequest.everything());
        } finally {
            jdbi.useHandle(handle -> handle.execute("ALTER TABLE invoice_line_items_history DROP CONSTRAINT crash_mid_page"));
        }

        SyncReport resumed;
        try {
            assertThat(failed.successful()).as(failed.summary()).isFalse();
            assertThat(count("invoices_history WHERE company_id = '" + company + "' AND version > 1"))
                    .as("the pages before the failing one committed their versions").isPositive();
            assertThat(count("invoices_history WHERE company_id = '" + company + "' AND id = '" + last.get("id").asString()
                    + "' AND version > 1")).as("the failing page's versions rolled back with its rows").isZero();
            HistoryAssertions.assertHistoryAgreesWithCurrent(jdbi);
        } finally {
            // resumed whatever the assertions found: a failed run left behind would be resumed by the next test
            resumed = launcher.run(SyncRequest.everything());
        }

        assertThat(resumed.resumed()).as(resumed.summary()).isTrue();
        assertThat(resumed.successful()).as(resumed.summary()).isTrue();
        Map<String, JsonNode> current = new HashMap<>();
        jdbi.useHandle(h -> h.createQuery("SELECT company_id, id, CAST(raw AS VARCHAR) AS raw FROM invoices").mapToMap().list()
                .forEach(row -> current.put(row.get("company_id") + "/" + row.get("id"), json.readTree((String) row.get("raw")))));
        assertThat(current).as("the invoices after the resume: what the sandbox serves").isEqualTo(after);
        HistoryAssertions.assertHistoryAgreesWithCurrent(jdbi);
        assertThat(count("invoices_history")).as("one version per invoice, then one per change: none for a record read again")
                .isEqualTo(before.size() + changed(before, after));
    }

    /** The docs' month-end balance query as written, its three month-ends replaced by {@code at}: by moment, company, customer, currency. */
    private Map<List<Object>, BigDecimal> balances(List<Instant> at) {
        String query = docsQueries().get(3);
        List<String> monthEnds = List.of("2026-08-31 23:59:59+00", "2026-09-30 23:59:59+00", "2026-10-31 23:59:59+00");
        for (int i = 0; i < monthEnds.size(); i++) {
            query = query.replace(monthEnds.get(i), DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'+00'")
                    .format(at.get(i).atOffset(ZoneOffset.UTC)));
        }
        String balances = query;
        Map<List<Object>, BigDecimal> found = new HashMap<>();
        jdbi.useHandle(h -> h.createQuery(balances).mapToMap().list().forEach(row -> found.put(
                Arrays.asList(instant(row.get("month_end")), row.get("company_id"), row.get("customer_id"), row.get("currency")),
                ((BigDecimal) row.get("balance")).stripTrailingZeros())));
        return found;
    }

    /** The same balances from what the sandbox served at each moment: open invoices (not Draft, Void, Paid), not deleted. */
    private static Map<List<Object>, BigDecimal> balances(List<Instant> at, Map<Instant, Map<String, JsonNode>> servedAt) {
        Map<List<Object>, BigDecimal> balances = new HashMap<>();
        for (Instant moment : at) {
            servedAt.get(moment).forEach((key, invoice) -> {
                String status = invoice.path("status").asString();
                if (!invoice.path("metadata").path("isDeleted").asBoolean(false) && !List.of("Draft", "Void", "Paid").contains(status)) {
                    balances.merge(Arrays.asList(moment, key.substring(0, key.indexOf('/')),
                            invoice.path("customerRef").path("id").asString(null), invoice.path("currency").asString(null)),
                            invoice.path("amountDue").decimalValue(), BigDecimal::add);
                }
            });
        }
        balances.replaceAll((key, sum) -> sum.stripTrailingZeros());
        return balances;
    }

    /** A timestamp with time zone as the driver gives it (H2: OffsetDateTime; PostgreSQL: Timestamp) as an instant. */
    private static Instant instant(Object timestamp) {
        return timestamp instanceof java.sql.Timestamp sql ? sql.toInstant() : ((java.time.OffsetDateTime) timestamp).toInstant();
    }

    /** The docs' aged receivables query as written, its month-end replaced by {@code at}: sums by company, customer, currency. */
    private Map<List<Object>, List<BigDecimal>> agedReceivables(Instant at) {
        String literal = "TIMESTAMP WITH TIME ZONE '" + DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'+00'")
                .format(at.atOffset(ZoneOffset.UTC)) + "'";
        String query = docsQueries().get(1).replace("TIMESTAMP WITH TIME ZONE '2026-10-31 23:59:59+00'", literal);
        Map<List<Object>, List<BigDecimal>> aged = new HashMap<>();
        jdbi.useHandle(h -> h.createQuery(query).mapToMap().list().forEach(row -> aged.put(
                Arrays.asList(row.get("company_id"), row.get("customer_id"), row.get("currency")),
                Stream.of("not_yet_due", "overdue_1_30", "overdue_over_30", "total_due")
                        .map(column -> ((BigDecimal) row.get(column)).stripTrailingZeros()).toList())));
        return aged;
    }

    /** Aged receivables as at {@code at} from served invoices: open ones (Submitted, PartiallyPaid) not deleted. */
    private static Map<List<Object>, List<BigDecimal>> agedReceivables(Map<String, JsonNode> served, Instant at) {
        Map<List<Object>, BigDecimal[]> sums = new HashMap<>();
        for (Map.Entry<String, JsonNode> entry : served.entrySet()) {
            JsonNode invoice = entry.getValue();
            String status = invoice.path("status").asString();
            if (invoice.path("metadata").path("isDeleted").asBoolean(false)
                    || !(status.equals("Submitted") || status.equals("PartiallyPaid"))) {
                continue;
            }
            BigDecimal due = invoice.path("amountDue").decimalValue();
            Instant dueDate = RecordMapper.timestamp(invoice.path("dueDate").asString()).toInstant();
            int bucket = !dueDate.isBefore(at) ? 0 : !dueDate.isBefore(at.minus(Duration.ofDays(30))) ? 1 : 2;
            BigDecimal[] row = sums.computeIfAbsent(Arrays.asList(entry.getKey().substring(0, entry.getKey().indexOf('/')),
                    invoice.path("customerRef").path("id").asString(null), invoice.path("currency").asString(null)),
                    key -> new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO});
            row[bucket] = row[bucket].add(due);
            row[3] = row[3].add(due);
        }
        Map<List<Object>, List<BigDecimal>> aged = new HashMap<>();
        sums.forEach((key, row) -> aged.put(key, Stream.of(row).map(BigDecimal::stripTrailingZeros).toList()));
        return aged;
    }

    /** Records whose served JSON is new or differs from the night before: the versions the sandbox made. */
    private static long changed(Map<String, JsonNode> before, Map<String, JsonNode> after) {
        return after.entrySet().stream().filter(entry -> !entry.getValue().equals(before.get(entry.getKey()))).count();
    }

    /** Every invoice the sandbox serves now, by company and id. */
    private static Map<String, JsonNode> served() {
        SandboxDataSet data = sandbox.dataSet();
        Map<String, JsonNode> served = new HashMap<>();
        for (String companyId : data.companyIds()) {
            for (int i = 0; i < data.invoiceCount(companyId); i++) {
                JsonNode invoice = json.readTree(data.invoiceJson(companyId, i));
                served.put(companyId + "/" + invoice.get("id").asString(), invoice);
            }
        }
        return served;
    }

    /** The invoices as at a moment, by the docs' one-line predicate. */
    private Map<String, JsonNode> asAt(Instant at) {
        String asAt = docsQueries().get(0).replace("SELECT *", "SELECT company_id, id, CAST(raw AS VARCHAR) AS raw");
        Map<String, JsonNode> rows = new HashMap<>();
        jdbi.useHandle(h -> h.createQuery(asAt).bind("as_at", at.atOffset(ZoneOffset.UTC)).mapToMap().list()
                .forEach(row -> rows.put(row.get("company_id") + "/" + row.get("id"), json.readTree((String) row.get("raw")))));
        return rows;
    }

    /** The sql blocks of docs/history.md, comments and all, as a reader would paste them. */
    static List<String> docsQueries() {
        try {
            List<String> queries = new ArrayList<>();
            Matcher block = Pattern.compile("```sql\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(DOCS));
            while (block.find()) {
                queries.add(block.group(1).strip());
            }
            return queries;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private long count(String tableAndCondition) {
        return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + tableAndCondition).mapTo(Long.class).one());
    }

    /** Both clocks move: the platform's and ours. */
    void later(Duration duration) {
        sandboxClock.advance(duration);
        clock.advance(duration);
    }
}
