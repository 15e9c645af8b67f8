package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jdbi.v3.core.Jdbi;

import tools.jackson.databind.json.JsonMapper;

/** History mode's agreement with the current tables (issue 26), for the shipped invoices file with {@code history: true}. */
final class HistoryAssertions {

    private static final JsonMapper json = JsonMapper.builder().build();

    private HistoryAssertions() {
    }

    /**
     * For every live invoice exactly one current version, its raw equal (as JSON) to the current row's, no current
     * version for an invoice deleted or gone, and the current versions' child rows equal the current child rows.
     */
    static void assertHistoryAgreesWithCurrent(Jdbi jdbi) {
        String live = "i.deleted_at IS NULL AND NOT COALESCE(i.is_deleted, FALSE)";
        List<Map<String, Object>> pairs = jdbi.withHandle(h -> h.createQuery("SELECT i.company_id, i.id, CAST(i.raw AS VARCHAR)"
                + " AS raw, CAST(v.raw AS VARCHAR) AS version_raw FROM invoices i LEFT JOIN invoices_history v ON v.company_id ="
                + " i.company_id AND v.id = i.id AND v.is_current WHERE " + live).mapToMap().list());
        assertThat(pairs).as("live invoices").isNotEmpty();
        Map<String, Integer> currentVersions = new HashMap<>();
        for (Map<String, Object> pair : pairs) {
            String key = pair.get("company_id") + "/" + pair.get("id");
            currentVersions.merge(key, 1, Integer::sum);
            assertThat(pair.get("version_raw")).as("the current version of %s", key).isNotNull();
            assertThat(json.readTree((String) pair.get("version_raw"))).as("the current version's raw of %s", key)
                    .isEqualTo(json.readTree((String) pair.get("raw")));
        }
        assertThat(currentVersions).as("one current version per live invoice").allSatisfy((key, versions) -> assertThat(versions).isOne());
        assertThat(count(jdbi, "invoices_history v WHERE v.is_current AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.company_id ="
                + " v.company_id AND i.id = v.id AND " + live + ")")).as("current versions of invoices not live").isZero();
        for (String child : List.of("invoice_line_items", "invoice_payment_allocations")) {
            List<Map<String, Object>> versioned = jdbi.withHandle(h -> h.createQuery("SELECT l.* FROM " + child + "_history l"
                    + " WHERE EXISTS (SELECT 1 FROM invoices_history v WHERE v.company_id = l.company_id AND v.id = l.invoice_id"
                    + " AND v.version = l.version AND v.is_current)").mapToMap().list());
            List<Map<String, Object>> current = jdbi.withHandle(h -> h.createQuery("SELECT l.* FROM " + child + " l WHERE EXISTS"
                    + " (SELECT 1 FROM invoices i WHERE i.company_id = l.company_id AND i.id = l.invoice_id AND " + live + ")")
                    .mapToMap().list());
            assertThat(versioned).as("%s of the current versions", child).isNotEmpty();
            List<String> columns = versioned.get(0).keySet().stream().filter(column -> !column.equals("version")).toList();
            assertThat(versioned.stream().map(row -> project(row, columns)).toList()).as("%s of the current versions", child)
                    .containsExactlyInAnyOrderElementsOf(current.stream().map(row -> project(row, columns)).toList());
        }
    }

    private static Map<String, Object> project(Map<String, Object> row, List<String> columns) {
        Map<String, Object> projected = new HashMap<>();
        columns.forEach(column -> projected.put(column, row.get(column)));
        return projected;
    }

    private static long count(Jdbi jdbi, String tableAndCondition) {
        return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + tableAndCondition).mapTo(Long.class).one());
    }
}
