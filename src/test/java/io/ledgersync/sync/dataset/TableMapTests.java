package io.ledgersync.sync.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The dbt sources that {@code schema --dbt} writes, in the words dbt 1.8+ reads. */
class TableMapTests {

    @Test
    @SuppressWarnings("unchecked")
    void givenThePackagedDataSetsWhenWrittenForDbtThenKeysAreTestedUnderDataTestsNotTheRenamedTests() {
        // the warehouse schema is read only by lastChange: the dbt file comes from the data set files alone
        TableMap map = new TableMap(DataSetCatalog.load("classpath*:jobs/*.yml"), null);

        String yaml = map.dbtSources("public");

        Map<String, Object> file = new org.yaml.snakeyaml.Yaml().load(yaml);
        List<Map<String, Object>> tables = (List<Map<String, Object>>) ((List<Map<String, Object>>) file.get("sources")).get(0)
                .get("tables");
        Map<String, Object> invoices = tables.stream().filter(t -> t.get("name").equals("invoices")).findFirst().orElseThrow();
        Map<String, Object> lineItems = tables.stream().filter(t -> t.get("name").equals("invoice_line_items")).findFirst()
                .orElseThrow();
        assertThat((List<Map<String, Object>>) invoices.get("columns")).filteredOn(c -> c.get("name").equals("id"))
                .singleElement().satisfies(id -> assertThat(id).containsEntry("data_tests", List.of("not_null")));
        assertThat(lineItems).containsKey("data_tests").as("a composite key, tested unique as a whole");
        assertThat(yaml).doesNotContain(" tests:").doesNotContain("\ntests:");
    }

    /** Issue 26: the history tables of the shipped data sets with history: true, with their keys (the record's and version). */
    @Test
    @SuppressWarnings("unchecked")
    void givenThePackagedDataSetsWhenWrittenForDbtThenTheHistoryTablesAreSourcesKeyedByVersion() {
        TableMap map = new TableMap(DataSetCatalog.load("classpath*:jobs/*.yml"), null);

        Map<String, Object> file = new org.yaml.snakeyaml.Yaml().load(map.dbtSources("public"));
        List<Map<String, Object>> tables = (List<Map<String, Object>>) ((List<Map<String, Object>>) file.get("sources")).get(0)
                .get("tables");

        assertThat(tables).extracting(t -> t.get("name")).contains("invoices_history", "invoice_line_items_history",
                "bills_history", "bill_line_items_history", "credit_notes_history").doesNotContain("customers_history");
        Map<String, Object> history = tables.stream().filter(t -> t.get("name").equals("invoices_history")).findFirst().orElseThrow();
        assertThat(history.get("data_tests")).asString().contains("company_id || '|' || id || '|' || version");
        assertThat((List<Map<String, Object>>) history.get("columns")).extracting(c -> c.get("name"))
                .contains("raw", "raw_hash", "version", "valid_from", "valid_to", "is_current", "seen_at", "run_id");
        Map<String, Object> lines = tables.stream().filter(t -> t.get("name").equals("invoice_line_items_history")).findFirst()
                .orElseThrow();
        assertThat(lines.get("data_tests")).asString().contains("company_id || '|' || invoice_id || '|' || version || '|' || line_number");
        assertThat(map.text()).contains("invoices_history  (key company_id, id, version)");
    }
}
