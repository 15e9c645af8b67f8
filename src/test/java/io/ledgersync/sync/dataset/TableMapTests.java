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
}
