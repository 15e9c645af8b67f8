package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;

import io.ledgersync.sandbox.SandboxDataset;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The whole application against the sandbox over real HTTP and a real database: 3 companies of
 * 250 invoices, read 100 records a page. Subclasses choose the database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
abstract class AbstractSyncIntegrationTests {

    static final int COMPANIES = 3;
    static final int INVOICES_PER_COMPANY = 250;
    static final int PAGE_SIZE = 100;

    static final SandboxServer sandbox = SandboxServer.start(
            SandboxSettings.defaults().withCompanies(COMPANIES).withInvoicesPerCompany(INVOICES_PER_COMPANY).withSeed(7));

    private static final JsonMapper json = JsonMapper.builder().build();

    @Autowired
    SyncLauncher launcher;

    @Autowired
    Jdbi jdbi;

    static void sandboxProperties(DynamicPropertyRegistry registry) {
        registry.add("ledgersync.api.base-url", () -> sandbox.baseUrl().toString());
        registry.add("ledgersync.api.api-key", sandbox::apiKey);
        registry.add("ledgersync.api.page-size", () -> PAGE_SIZE);
        registry.add("ledgersync.sync.on-startup", () -> false);
    }

    @BeforeEach
    void emptyWarehouse() {
        jdbi.useHandle(handle -> handle.execute("DELETE FROM invoices"));
        jdbi.useHandle(handle -> handle.execute("DELETE FROM companies"));
    }

    @Test
    void fullSyncHoldsExactlyTheSandboxsCompaniesAndInvoicesFieldForField() {
        long requestsBefore = sandbox.requestCount();

        SyncReport report = launcher.run(SyncRequest.everything());

        assertThat(report.successful()).as(report.summary() + " " + report.failures()).isTrue();
        assertThat(report.records("companies")).isEqualTo(COMPANIES);
        assertThat(report.records("invoices")).isEqualTo(COMPANIES * INVOICES_PER_COMPANY);
        assertWarehouseEqualsSandbox();
        // one page of companies, then ceil(250 / 100) = 3 pages per company: no page fetched twice
        assertThat(sandbox.requestCount() - requestsBefore).isEqualTo(1 + COMPANIES * 3);
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
        String company = sandbox.dataset().companyIds().get(1);

        SyncReport report = launcher.run(new SyncRequest(List.of("invoices"), List.of(company)));

        assertThat(report.successful()).isTrue();
        List<String> companiesWithInvoices = jdbi.withHandle(
                h -> h.createQuery("SELECT DISTINCT company_id FROM invoices").mapTo(String.class).list());
        assertThat(companiesWithInvoices).containsExactly(company);
        assertThat(count("invoices")).isEqualTo(INVOICES_PER_COMPANY);
    }

    @Test
    void unknownDataSetIsRefusedWithTheKnownNames() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> launcher.run(new SyncRequest(List.of("bills"), List.of())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unknown data set 'bills'")
                .hasMessageContaining("companies, invoices");
    }

    private void assertWarehouseEqualsSandbox() {
        SandboxDataset dataset = sandbox.dataset();
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
