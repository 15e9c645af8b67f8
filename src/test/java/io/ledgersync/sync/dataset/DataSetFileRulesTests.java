package io.ledgersync.sync.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Issue 25, items 2, 3, 7 and 8: data set files that would hurt the warehouse are refused with their line. */
class DataSetFileRulesTests {

    private static final String BILLS = """
            name: bills
            path: /companies/{companyId}/data/bills
            parent: companies
            key: [id]
            columns:
              id: { field: id, type: text }
            """;

    @ParameterizedTest
    @ValueSource(strings = {"//other.host/bills", "/companies/{companyId}/../bills", "/companies/{companyId}/%2e%2e/bills",
            "/companies/{companyId}/..;/bills", "/companies/{companyId}/data/bills?pageSize=1",
            "/companies/{companyId}/data/bills#x", "/companies/{companyId}/./bills", "/companies/{companyId}/data/bills/"})
    void givenAPathWithAHostDotSegmentQueryOrFragmentWhenParsedThenItIsRefusedWithItsLine(String path) {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS.replace("/companies/{companyId}/data/bills", path)))
                .hasMessageStartingWith("test.yml line 2, path: '" + path + "' is not a path below the Data API's base URL");
    }

    @Test
    void givenAFieldPathWithAnEmptyNameWhenParsedThenItIsRefusedWithItsLine() {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS + "  customer_id: { field: customerRef..id, type: text }\n"))
                .hasMessageStartingWith("test.yml line 7, columns.customer_id.field: 'customerRef..id' is not a field path");
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS + "cursor: modifiedDate.\n"))
                .hasMessageStartingWith("test.yml line 7, cursor: 'modifiedDate.' is not a field path");
    }

    @ParameterizedTest
    @ValueSource(strings = {"status=Paid}||{status=Void", "{status=Paid", "status=Paid}", "status", "status=Paid&&",
            "{}", "status=Paid||{modifiedDate>2020}}{"})
    void givenAQueryThatDoesNotParseWhenParsedThenItIsRefusedBeforeItCanBreakTheCursorGroup(String query) {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS + "query: \"" + query + "\"\n"))
                .hasMessageStartingWith("test.yml line 7, query: does not parse: ");
    }

    @Test
    void givenAQueryThatClosesAGroupItDidNotOpenWhenParsedThenTheMessageShowsWhere() {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS + "query: \"status=Paid}||{status=Void\"\n"))
                .hasMessage("test.yml line 7, query: does not parse: '}||{status' at character 12 is not a condition"
                        + " (field=value), &&, || or a group in { }; write conditions like status=Paid joined by && or ||"
                        + " and grouped in balanced { }");
    }

    @ParameterizedTest
    @ValueSource(strings = {"status=Paid", "status!=Void && amountDue>0", "{status=Paid||status=Void}&&customerRef.id=61",
            "{{a=1}||{b~x y}}&&c<=2020-01-01T00:00:00Z"})
    void givenAWellFormedQueryWhenParsedThenItIsKept(String query) {
        assertThat(DataSetCatalog.parse(BILLS + "query: \"" + query + "\"\n").filter()).isEqualTo(query);
    }

    @Test
    void givenAReservedWordAsATableOrColumnWhenParsedThenItIsRefusedWithItsLine() {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS + "  order: { field: order, type: text }\n"))
                .hasMessageStartingWith("test.yml line 7, columns.order: 'order' is a reserved word of H2 or PostgreSQL");
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS + "table: select\n"))
                .hasMessageStartingWith("test.yml line 7, table: 'select' is a reserved word");
    }

    @Test
    void givenANameTooLongForTheStepNamesWhenParsedThenItIsRefused() {
        String name = "b".repeat(DataSetFileRules.MAX_NAME + 1);
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS.replace("name: bills", "name: " + name) + "table: bills\n"))
                .hasMessageStartingWith("test.yml line 1, name: is 53 characters; at most 52 fit the step names");
        assertThat(DataSetCatalog.parse(BILLS.replace("name: bills", "name: " + "b".repeat(52)) + "table: bills\n").name()).hasSize(52);
    }

    @Test
    void givenATableTooLongForItsRebuildWhenParsedThenItIsRefused() {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS + "table: " + "t".repeat(51) + "\n"))
                .hasMessageStartingWith("test.yml line 7, table: '" + "t".repeat(51) + "' is 51 characters; at most 50 leave room"
                        + " for the names made from it (<table>_rebuild_pkey, 63 characters)");
        assertThat(DataSetCatalog.parse(BILLS + "table: " + "t".repeat(50) + "\n").table().name()).hasSize(50);
    }

    /** Issue 25, item 7: a child's parentKey named company_id made a CREATE TABLE fail after other tables were created. */
    @Test
    void givenAChildParentKeyNamedLikeAKeyColumnEveryChildHasWhenParsedThenItIsRefusedWithItsLine() {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS + """
                children:
                  bill_lines:
                    field: lineItems
                    parentKey: company_id
                    columns:
                      description: { field: description, type: text }
                """))
                .hasMessage("test.yml line 10, children.bill_lines.parentKey: 'company_id' is already a key column of every"
                        + " child table: name the column that holds the parent's key after it, e.g. bills_id");
    }

    @Test
    void theOwnTablesAreReadFromTheMigrationsWithoutTheDataSetTablesTheyCreate() {
        assertThat(OwnTables.names()).contains("batch_job_execution", "batch_step_execution_seq", "flyway_schema_history",
                "sync_state", "rejected_records", "rate_budget", "data_set_success", "data_set_schema", "sync_reconciliation")
                .doesNotContain("companies", "invoices", "customers");
    }

    @Test
    void givenAChildTableNamedLikeOneOfLedgersyncsOwnWhenLoadedThenItIsRefusedWithItsLine(@TempDir Path folder) throws IOException {
        Files.writeString(folder.resolve("bills.yml"), BILLS + """
                children:
                  sync_state:
                    field: lineItems
                    parentKey: bill_id
                    columns:
                      description: { field: description, type: text }
                """);

        assertThatThrownBy(() -> DataSetCatalog.load("classpath*:jobs/*.yml,file:" + folder + "/*.yml"))
                .isInstanceOf(DataSetFilesException.class)
                .hasMessageEndingWith("bills.yml line 8, children.sync_state: table sync_state is one of ledgersync's own"
                        + " tables, which a rebuild would drop: name another table");
    }

    @Test
    void givenTwoFilesSharingATableWhenLoadedThenTheLaterIsRefusedNamingTheEarlier(@TempDir Path folder) throws IOException {
        Files.writeString(folder.resolve("invoices_copy.yml"), """
                name: invoices_copy
                path: /companies/{companyId}/data/invoices
                parent: companies
                table: invoices
                query: status!=Void
                key: [id]
                columns:
                  id: { field: id, type: text }
                """);
        Files.writeString(folder.resolve("notes.yml"), BILLS.replace("name: bills", "name: notes") + "table: customers\n");

        assertThatThrownBy(() -> DataSetCatalog.load("classpath*:jobs/*.yml,file:" + folder + "/*.yml"))
                .isInstanceOf(DataSetFilesException.class)
                .satisfies(e -> assertThat(((DataSetFilesException) e).problems()).as("one line per mistake").hasSize(2))
                .hasMessageContaining("invoices_copy.yml line 4, table: table invoices is already a table of data set invoices"
                        + " (jobs/invoices.yml): give each data set tables of its own")
                .hasMessageContaining("notes.yml line 7, table: table customers is already a table of data set customers");
    }

    /** Issue 26: history: true keeps the versions in <table>_history, so its columns and names are taken too. */
    @Test
    void givenHistoryATypedColumnNamedLikeAHistoryColumnWhenParsedThenItIsRefusedWithItsLine() {
        assertThatThrownBy(() -> DataSetCatalog.parse(BILLS + "  valid_from: { field: validFrom, type: timestamp }\nhistory: true\n"))
                .hasMessageStartingWith("test.yml line 7, columns.valid_from: 'valid_from' is a column of the history table"
                        + " that 'history: true' keeps");
        assertThat(DataSetCatalog.parse(BILLS + "  valid_from: { field: validFrom, type: timestamp }\n").table().keepsHistory())
                .as("without history the name is free").isFalse();
    }

    @Test
    void givenHistoryAChildTableTooLongForItsHistoryTableWhenParsedThenItIsRefused() {
        String child = "c".repeat(DataSetFileRules.MAX_HISTORY_TABLE + 1);
        String withChild = BILLS + "children:\n  " + child + ":\n    field: lineItems\n    parentKey: bill_id\n    columns:\n"
                + "      amount: { field: amount, type: decimal }\n";
        assertThatThrownBy(() -> DataSetCatalog.parse(withChild + "history: true\n"))
                .hasMessageStartingWith("test.yml line 8, children." + child + ": '" + child + "' is 51 characters; at most 50"
                        + " leave room for its history table's primary key");
        assertThat(DataSetCatalog.parse(withChild).children()).hasSize(1);
    }

    @Test
    void givenHistoryTheVersionsAreValidFromTheCursorAndClosedByMetadataIsDeleted() {
        DataSet bills = DataSetCatalog.parse(BILLS + "  modified_date: { field: modifiedDate, type: timestamp }\n"
                + "  is_deleted: { field: metadata.isDeleted, type: boolean }\ncursor: modifiedDate\nhistory: true\n");
        assertThat(bills.table().versioning()).isEqualTo(new io.ledgersync.warehouse.table.Versioning("modified_date", "is_deleted"));
        assertThat(DataSetCatalog.parse(BILLS).table().keepsHistory()).as("off by default").isFalse();
    }

    @Test
    void givenAHistoryTableNameThatAnotherDataSetTakesWhenLoadedThenTheLaterIsRefused(@TempDir Path folder) throws IOException {
        Files.writeString(folder.resolve("notes.yml"), BILLS.replace("name: bills", "name: notes") + "table: invoices_history\n");

        assertThatThrownBy(() -> DataSetCatalog.load("classpath*:jobs/*.yml,file:" + folder + "/*.yml"))
                .isInstanceOf(DataSetFilesException.class)
                .hasMessageContaining("notes.yml line 7, table: table invoices_history is already a table of data set invoices"
                        + " (jobs/invoices.yml)");
    }
}
