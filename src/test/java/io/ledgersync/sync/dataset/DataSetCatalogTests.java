package io.ledgersync.sync.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.ledgersync.sync.SyncProperties;
import io.ledgersync.sync.SyncRequest;

class DataSetCatalogTests {

    private static final String BILLS = """
            name: bills
            path: /bills
            key: [id]
            columns:
              id: { field: id, type: text }
            """;

    @Test
    void theShippedFilesDeclareCompaniesThenTheCompanyDataSets() {
        DataSetCatalog catalog = DataSetCatalog.load("classpath*:jobs/*.yml");

        assertThat(catalog.names()).containsExactly("companies", "accounts", "bills", "credit_notes", "customers", "invoices", "suppliers");
        DataSet invoices = catalog.get("invoices");
        assertThat(invoices.perCompany()).isTrue();
        assertThat(invoices.table().key()).containsExactly("company_id", "id");
        assertThat(invoices.pathFor("abc")).isEqualTo("/companies/abc/data/invoices");
        assertThat(invoices.cursorField()).isEqualTo("modifiedDate");
    }

    @Test
    void unknownDataSetNamesTheKnownOnes() {
        DataSetCatalog catalog = DataSetCatalog.load("classpath*:jobs/*.yml");

        assertThatThrownBy(() -> catalog.get("payments")).hasMessage("Unknown data set 'payments': the data sets are companies, accounts, bills, credit_notes, customers, invoices, suppliers");
    }

    @Test
    void theNamesReadStraightFromTheFilesAreTheCatalogs() {
        assertThat(DataSetNames.read("classpath*:jobs/*.yml")).get().extracting(DataSetNames::names)
                .isEqualTo(DataSetCatalog.load("classpath*:jobs/*.yml").names());
        assertThat(DataSetNames.read("classpath*:no-such-folder/*.yml")).isEmpty();
    }

    @Test
    void theNamesAreReadFromAFolderOfFilesAndFromAnyOtherPattern(@TempDir Path folder) throws IOException {
        Files.writeString(folder.resolve("bills.yml"), "name: bills\npath: /companies/{companyId}/data/bills\nparent: companies\n");
        Files.writeString(folder.resolve("notes.txt"), "not a data set");

        assertThat(DataSetNames.read("file:" + folder + "/*.yml")).get().extracting(DataSetNames::names).isEqualTo(List.of("bills"));
        assertThat(DataSetNames.read("classpath*:jobs/cu*.yml")).get().extracting(DataSetNames::names)
                .isEqualTo(List.of("customers"));
    }

    @Test
    void aRequestIsCheckedAgainstTheCatalogBeforeItRuns() {
        DataSetCatalog catalog = DataSetCatalog.load("classpath*:jobs/*.yml");

        catalog.check(SyncRequest.of("companies,invoices", null));
        catalog.check(SyncRequest.of("invoices", null).withKind(SyncRequest.Kind.DEFERRED));
        assertThatThrownBy(() -> catalog.check(SyncRequest.of("invoices,payments", null)))
                .hasMessage("Unknown data set 'payments': the data sets are companies, accounts, bills, credit_notes, customers, invoices, suppliers");
        assertThatThrownBy(() -> catalog.check(SyncRequest.of("companies", null).withKind(SyncRequest.Kind.DEFERRED)))
                .hasMessage("A deferred run reads only company data sets that a 409 deferred, and companies is never deferred: "
                        + "name company data sets (accounts, bills, credit_notes, customers, invoices, suppliers) or run a full sync");
    }

    @Test
    void aCompanyDataSetWithoutCompaniesIsRefused() {
        DataSet bills = DataSetCatalog.parse(BILLS.replace("path: /bills", "path: /companies/{companyId}/data/bills\nparent: companies"));

        assertThatThrownBy(() -> new DataSetCatalog(List.of(bills))).hasMessageContaining("add jobs/companies.yml");
    }

    @Test
    void aPathWithoutTheCompanyIsRefusedWithItsLine() {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS.replace("path: /bills", "path: /companies/bills\nparent: companies")))
                .hasMessage("test.yml line 2, path: must contain {companyId} exactly when parent is companies");
    }

    @Test
    void anUnknownTypeNamesTheTypes() {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS.replace("type: text", "type: uuid")))
                .hasMessageContaining("test.yml line 5, columns.id.type: 'uuid' is not a type")
                .hasMessageContaining("timestamp");
    }

    @Test
    void aKeyThatIsNoColumnIsRefused() {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS.replace("key: [id]", "key: [number]")))
                .hasMessageContaining("test.yml line 3, key: 'number' is not one of the columns [id]");
    }

    @Test
    void aColumnNameThatNeedsQuotingIsRefused() {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS.replace("  id: { field: id", "  \"id; DROP TABLE x\": { field: id")))
                .hasMessageContaining("test.yml line 5")
                .hasMessageContaining("must be lower case letters, digits and _");
    }

    @Test
    void aMisspelledKeyIsRefusedNotIgnored() {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS + "cusor: modifiedDate\n"))
                .hasMessageContaining("test.yml line 6")
                .hasMessageContaining("unknown key 'cusor'");
    }

    /** Issue 15: a data set is one file, in the packaged jobs/ or in ./jobs/; a working-directory file overrides by name. */
    @Test
    void aFileOfALaterLocationAddsADataSetOrOverridesThePackagedFileOfItsName(@TempDir Path folder) throws IOException {
        Files.writeString(folder.resolve("bills.yml"), BILLS.replace("path: /bills", "path: /companies/{companyId}/data/bills\nparent: companies"));
        Files.writeString(folder.resolve("payments.yml"), BILLS.replace("name: bills", "name: payments")
                .replace("path: /bills", "path: /companies/{companyId}/data/payments\nparent: companies"));
        Files.writeString(folder.resolve("invoices.yml"), """
                name: invoices
                path: /companies/{companyId}/data/invoices
                parent: companies
                key: [id]
                columns:
                  id:   { field: id, type: text }
                  note: { field: note, type: text }
                """);
        String locations = "classpath*:jobs/*.yml, file:" + folder + "/*.yml";

        DataSetCatalog catalog = DataSetCatalog.load(locations);

        assertThat(catalog.names()).containsExactly("companies", "accounts", "bills", "credit_notes", "customers", "invoices",
                "payments", "suppliers");
        assertThat(catalog.get("bills").table().columns()).as("the working directory's bills.yml replaced the packaged one")
                .extracting(c -> c.name()).containsExactly("company_id", "id");
        assertThat(catalog.get("invoices").table().columns()).extracting(c -> c.name()).containsExactly("company_id", "id", "note");
        assertThat(catalog.get("invoices").file().source()).as("under the working directory: relative to it")
                .isEqualTo("./" + Path.of("").toAbsolutePath().relativize(folder.resolve("invoices.yml").toAbsolutePath()));
        assertThat(catalog.get("customers").file().source()).isEqualTo("jobs/customers.yml");
        assertThat(DataSetNames.read(locations)).get().extracting(DataSetNames::names).isEqualTo(catalog.names());
    }

    @Test
    void aFileInTheWorkingDirectoryIsNamedAsItsUserKnowsIt() {
        DataSetCatalog catalog = DataSetCatalog.load("file:jobs/*.yml");

        assertThat(catalog.get("invoices").file().source()).isEqualTo("./jobs/invoices.yml");
        assertThat(catalog.get("invoices").file().checksum()).hasSize(64);
    }

    @Test
    void theDefaultReadsThePackagedFilesThenTheWorkingDirectorys() {
        assertThat(io.ledgersync.ConfigDefaults.bind("ledgersync.sync", SyncProperties.class).datasets())
                .isEqualTo("classpath*:jobs/*.yml,file:jobs/*.yml");
    }

    @Test
    void aListFieldIsDeclaredAsAChildTableWithItsParentsKey() {
        DataSet invoices = DataSetCatalog.load("classpath*:jobs/*.yml").get("invoices");

        assertThat(invoices.table().children()).extracting(c -> c.name())
                .containsExactly("invoice_line_items", "invoice_payment_allocations");
        DataSet.Child lines = invoices.children().get(0);
        assertThat(lines.field()).isEqualTo("lineItems");
        assertThat(lines.table().key(invoices.table())).containsExactly("company_id", "invoice_id", "line_number");
        assertThat(lines.table().columns()).extracting(c -> c.name()).contains("description", "quantity", "unit_amount",
                "sub_total", "tax_amount", "total_amount", "account_id", "item_id", "tax_rate_id");
    }

    @Test
    void aChildColumnNamedLikeAKeyColumnIsRefusedWithItsLine() {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS + """
                children:
                  bill_lines:
                    field: lineItems
                    parentKey: bill_id
                    columns:
                      line_number: { field: n, type: integer }
                """)).hasMessageContaining("test.yml line 11, children.bill_lines.columns.line_number: is a key column of every child table");
    }

    @Test
    void aStandardColumnCannotBeDeclared() {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS + "  deleted_at: { field: deletedAt, type: timestamp }\n"))
                .hasMessageContaining("test.yml line 6, columns.deleted_at: is a column every data set table has");
    }
}
