package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.jdbi.v3.core.Jdbi;

import io.ledgersync.sandbox.SandboxDataSet;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a warehouse that another process synced, over plain JDBC, and compares it with the sandbox
 * it synced from: every company's invoices and customers, raw JSON equal, none missing or twice.
 */
public final class WarehouseAssertions {

    private static final JsonMapper json = JsonMapper.builder().build();

    private WarehouseAssertions() {
    }

    public static void assertWarehouseEqualsSandbox(Jdbi warehouse, SandboxDataSet dataset) {
        List<String> companyIds = warehouse.withHandle(h -> h.createQuery("SELECT id FROM companies").mapTo(String.class).list());
        assertThat(companyIds).containsExactlyInAnyOrderElementsOf(dataset.companyIds());
        assertThat(count(warehouse, "invoices")).isEqualTo(dataset.companyIds().stream().mapToLong(dataset::invoiceCount).sum());
        assertThat(count(warehouse, "customers")).isEqualTo(dataset.companyIds().stream().mapToLong(dataset::customerCount).sum());
        for (String companyId : dataset.companyIds()) {
            List<JsonNode> raws = warehouse.withHandle(h -> h.createQuery(
                    "SELECT CAST(raw AS VARCHAR) FROM invoices WHERE company_id = :c ORDER BY id").bind("c", companyId)
                    .mapTo(String.class).list()).stream().map(json::readTree).toList();
            List<JsonNode> expected = new java.util.ArrayList<>();
            for (int i = 0; i < dataset.invoiceCount(companyId); i++) {
                expected.add(json.readTree(dataset.invoiceJson(companyId, i)));
            }
            assertThat(raws).as("invoices of %s", companyId).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    public static long count(Jdbi warehouse, String table) {
        return warehouse.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Long.class).one());
    }

    /** Whether the table exists yet: the process under test creates it when it migrates the warehouse. */
    public static boolean tableExists(Jdbi warehouse, String table) {
        return warehouse.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = :t")
                .bind("t", table).mapTo(Long.class).one()) > 0;
    }

    /** The status of every sync run, oldest first. */
    public static List<String> runStatuses(Jdbi warehouse) {
        return warehouse.withHandle(h -> h.createQuery(
                "SELECT e.status FROM batch_job_execution e JOIN batch_job_instance i ON e.job_instance_id = i.job_instance_id"
                        + " ORDER BY e.job_execution_id").mapTo(String.class).list());
    }

    /** One page of companies, then every page of every company's shipped data sets (jobs/*.yml): a sync's fewest requests. */
    public static long minimumRequests(SandboxDataSet dataset, int pageSize) {
        long requests = 1;
        for (DataSet dataSet : DataSetCatalog.load("classpath*:jobs/*.yml").all()) {
            if (!dataSet.perCompany()) {
                continue;
            }
            String dataType = dataSet.path().substring(dataSet.path().lastIndexOf('/') + 1);
            for (String companyId : dataset.companyIds()) {
                requests += pages(dataset.count(companyId, dataType), pageSize);
            }
        }
        return requests;
    }

    private static long pages(int records, int pageSize) {
        return Math.max(1, (records + pageSize - 1) / pageSize);
    }
}
