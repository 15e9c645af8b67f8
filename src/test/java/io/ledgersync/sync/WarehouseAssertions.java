package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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

    /**
     * One company's data set as the warehouse holds it against what the sandbox serves now: every record served is a
     * live row with the same raw JSON and as many rows in each child table as its list has; no row is marked deleted
     * that is served; every row the warehouse has is one of {@code everServed} (no row from nowhere). With {@code
     * deletesMarked} (a full refresh has walked it since the last hard delete), the live rows are exactly the ones
     * served and every other row is marked deleted.
     *
     * @param everServed the ids of this company data set served at any earlier check, and now; this adds the current ones
     * @return the live rows that are no longer served: hard deletes the next full refresh will mark
     */
    public static int assertDataSetEqualsSandbox(Jdbi warehouse, SandboxDataSet dataset, DataSet dataSet, String companyId,
            Set<String> everServed, boolean deletesMarked) {
        String dataType = dataSet.path().substring(dataSet.path().lastIndexOf('/') + 1);
        String table = dataSet.table().name();
        Map<String, JsonNode> served = new HashMap<>();
        for (int i = 0; i < dataset.count(companyId, dataType); i++) {
            JsonNode record = json.readTree(dataset.recordJson(companyId, dataType, i));
            served.put(record.get("id").asString(), record);
        }
        everServed.addAll(served.keySet());
        Map<String, JsonNode> live = new HashMap<>();
        warehouse.useHandle(h -> h.createQuery("SELECT id, CAST(raw AS VARCHAR) AS raw FROM " + table
                + " WHERE company_id = :c AND deleted_at IS NULL").bind("c", companyId)
                .map((rs, ctx) -> Map.entry(rs.getString("id"), json.readTree(rs.getString("raw"))))
                .forEach(row -> live.put(row.getKey(), row.getValue())));
        Set<String> marked = new HashSet<>(warehouse.withHandle(h -> h.createQuery("SELECT id FROM " + table
                + " WHERE company_id = :c AND deleted_at IS NOT NULL").bind("c", companyId).mapTo(String.class).list()));
        String what = dataSet.name() + " of " + companyId;
        assertThat(live.keySet()).as("%s: every record served is a live row", what).containsAll(served.keySet());
        served.forEach((id, record) -> assertThat(live.get(id)).as("%s %s as served", what, id).isEqualTo(record));
        assertThat(marked).as("%s: no row marked deleted is served", what).doesNotContainAnyElementsOf(served.keySet());
        assertThat(everServed).as("%s: every row was served once", what).containsAll(live.keySet()).containsAll(marked);
        if (deletesMarked) {
            assertThat(live.keySet()).as("%s: after a full refresh, the live rows are the ones served", what)
                    .containsExactlyInAnyOrderElementsOf(served.keySet());
        }
        for (DataSet.Child child : dataSet.children()) {
            Map<String, Long> rows = new HashMap<>();
            warehouse.useHandle(h -> h.createQuery("SELECT " + child.table().parentColumn() + " AS parent, COUNT(*) AS n FROM "
                    + child.table().name() + " WHERE company_id = :c GROUP BY " + child.table().parentColumn()).bind("c", companyId)
                    .map((rs, ctx) -> Map.entry(rs.getString("parent"), rs.getLong("n")))
                    .forEach(row -> rows.put(row.getKey(), row.getValue())));
            assertThat(everServed).as("%s: no %s row without its parent", what, child.table().name()).containsAll(rows.keySet());
            live.forEach((id, record) -> {
                JsonNode items = record.get(child.field());
                long expected = items == null || !items.isArray() ? 0 : items.size();
                assertThat(rows.getOrDefault(id, 0L)).as("%s %s: rows in %s", what, id, child.table().name()).isEqualTo(expected);
            });
        }
        return (int) live.keySet().stream().filter(id -> !served.containsKey(id)).count();
    }

    private static long pages(int records, int pageSize) {
        return Math.max(1, (records + pageSize - 1) / pageSize);
    }
}
