package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class DataSetCatalogTests {

    @Test
    void theShippedFilesDeclareCompaniesThenTheCompanyDataSets() {
        DataSetCatalog catalog = DataSetCatalog.load("classpath*:jobs/*.yml");

        assertThat(catalog.names()).containsExactly("companies", "customers", "invoices");
        DataSet invoices = catalog.get("invoices");
        assertThat(invoices.perCompany()).isTrue();
        assertThat(invoices.table().key()).containsExactly("company_id", "id");
        assertThat(invoices.pathFor("abc")).isEqualTo("/companies/abc/data/invoices");
        assertThat(invoices.cursorField()).isEqualTo("modifiedDate");
    }

    @Test
    void unknownDataSetNamesTheKnownOnes() {
        DataSetCatalog catalog = DataSetCatalog.load("classpath*:jobs/*.yml");

        assertThatThrownBy(() -> catalog.get("bills")).hasMessage("Unknown data set 'bills': the data sets are companies, customers, invoices");
    }

    @Test
    void aCompanyDataSetWithoutCompaniesIsRefused() {
        DataSet bills = DataSetCatalog.parse(yaml("bills", "/companies/{companyId}/data/bills", "companies"));

        assertThatThrownBy(() -> new DataSetCatalog(List.of(bills))).hasMessageContaining("add jobs/companies.yml");
    }

    @Test
    void badDeclarationsSayWhatIsWrong() {
        Map<String, Object> noCompanyId = yaml("bills", "/companies/bills", "companies");
        assertThatThrownBy(() -> DataSetCatalog.parse(noCompanyId)).hasMessageContaining("{companyId}");

        Map<String, Object> badType = yaml("bills", "/bills", null);
        badType.put("columns", Map.of("id", Map.of("field", "id", "type", "uuid")));
        assertThatThrownBy(() -> DataSetCatalog.parse(badType)).hasMessageContaining("type 'uuid'").hasMessageContaining("timestamp");

        Map<String, Object> badKey = yaml("bills", "/bills", null);
        badKey.put("key", List.of("number"));
        assertThatThrownBy(() -> DataSetCatalog.parse(badKey)).hasMessageContaining("Key column number");

        Map<String, Object> badName = yaml("bills", "/bills", null);
        badName.put("columns", Map.of("id; DROP TABLE x", Map.of("field", "id", "type", "text")));
        assertThatThrownBy(() -> DataSetCatalog.parse(badName)).hasMessageContaining("Invalid column name");
    }

    private static Map<String, Object> yaml(String name, String path, String parent) {
        Map<String, Object> yaml = new HashMap<>();
        yaml.put("name", name);
        yaml.put("path", path);
        if (parent != null) {
            yaml.put("parent", parent);
        }
        yaml.put("key", List.of("id"));
        yaml.put("columns", Map.of("id", Map.of("field", "id", "type", "text")));
        return yaml;
    }
}
