package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.ledgersync.LedgersyncApplication;
import io.ledgersync.LedgersyncJvm;
import io.ledgersync.sandbox.SandboxDataSet;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.dataset.RecordMapper;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Table;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 15, the warehouse follows the data set files: the whole application, run as its commands are
 * ({@code sync}, {@code schema}), against the sandbox over real HTTP and a real database, with data set files in a
 * folder of the test's own, as a user's {@code ./jobs/} would be. Subclasses choose the database.
 */
abstract class AbstractSchemaIntegrationTests {

    static final int COMPANIES = 2;
    static final int INVOICES_PER_COMPANY = 30;

    /** One sandbox per test class (H2, PostgreSQL): started before its tests, stopped after them. */
    static SandboxServer sandbox;

    /** Decimals as written (12.50 stays 12.50), as ledgersync reads records. */
    private static final JsonMapper json = JsonMapper.builder()
            .enable(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    @TempDir
    Path jobs;

    private String url;
    Jdbi warehouse;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** A JDBC URL of an empty database, fresh for each test, named after it. */
    abstract String freshDatabase(String name);

    abstract String user();

    /** The migrations folder of this database. */
    abstract String vendor();

    /** The last migration of this database before V11 made data_set_schema (H2 has no V10). */
    abstract String versionBeforeDataSetSchema();

    /** How an insert binds {@code :raw} to the raw column (PostgreSQL's is jsonb). */
    abstract String rawParameter();

    @BeforeAll
    static void startSandbox() {
        sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(COMPANIES)
                .withInvoicesPerCompany(INVOICES_PER_COMPANY).withSeed(15));
    }

    @AfterAll
    static void stopSandbox() {
        sandbox.close();
    }

    @BeforeEach
    void freshWarehouse(org.junit.jupiter.api.TestInfo test) {
        url = freshDatabase("schema_" + Integer.toHexString(test.getDisplayName().hashCode() & 0xfffffff));
        warehouse = Jdbi.create(url, user(), "");
    }

    @Test
    void aDataSetAddedAsAFileIsSyncedEndToEndWithNoCodeAndNoMigration() throws IOException {
        Files.writeString(jobs.resolve("customer_directory.yml"), """
                # a user's own data set: the customers' contact details, in a table of its own
                name: customer_directory
                path: /companies/{companyId}/data/customers
                parent: companies
                key: [id]
                cursor: modifiedDate
                columns:
                  id:       { field: id, type: text }
                  name:     { field: customerName, type: text }
                  email:    { field: emailAddress, type: text }
                  modified: { field: modifiedDate, type: timestamp }
                """);

        assertThat(command("sync", "--datasets=companies,customer_directory")).as(text()).isZero();

        SandboxDataSet served = sandbox.dataSet();
        for (String companyId : served.companyIds()) {
            List<Map<String, Object>> rows = warehouse.withHandle(h -> h.createQuery(
                    "SELECT id, name, email FROM customer_directory WHERE company_id = :c ORDER BY id").bind("c", companyId)
                    .mapToMap().list());
            List<Map<String, Object>> expected = new ArrayList<>();
            for (int i = 0; i < served.customerCount(companyId); i++) {
                JsonNode customer = json.readTree(served.customerJson(companyId, i));
                Map<String, Object> row = new java.util.HashMap<>();
                row.put("id", customer.path("id").asString());
                row.put("name", customer.path("customerName").asString());
                row.put("email", customer.path("emailAddress").isNull() ? null : customer.path("emailAddress").asString());
                expected.add(row);
            }
            expected.sort(java.util.Comparator.comparing(row -> (String) row.get("id")));
            assertThat(rows).as("customers of %s", companyId).isEqualTo(expected);
        }
        assertThat(lastChange("customer_directory")).isEqualTo("created table customer_directory");
        assertThat(string("SELECT source FROM data_set_schema WHERE data_set = 'customer_directory'")).endsWith("customer_directory.yml");
    }

    @Test
    void columnsAndChildTablesAddedToAFileAreFilledFromRawWithNoRequestToTheDataApi() throws IOException {
        String packaged = packagedInvoices();
        String gained = packaged.replace("  is_deleted:", "  note:                 { field: note, type: text }\n  is_deleted:");
        String before = gained.substring(0, gained.indexOf("# Lists of each invoice"))
                .replace("  note:                 { field: note, type: text }\n", "")
                .replaceAll("  currency: .*\n", "");
        Files.writeString(jobs.resolve("invoices.yml"), before);
        assertThat(command("sync")).as(text()).isZero();
        assertThat(tableExists("invoice_line_items")).isFalse();
        Files.writeString(jobs.resolve("invoices.yml"), gained);
        long requests = sandbox.requestCount();

        assertThat(command("schema")).as(text()).isZero();

        assertThat(sandbox.requestCount()).as("filled from raw: no request to the Data API").isEqualTo(requests);
        assertThat(lastChange("invoices")).isEqualTo("added and filled currency, note, invoice_line_items, "
                + "invoice_payment_allocations from raw in " + COMPANIES * INVOICES_PER_COMPANY + " stored rows; added"
                + " invoices_history.currency; added invoices_history.note; created invoice_line_items_history,"
                + " invoice_payment_allocations_history (the versions before have no items there)");
        assertInvoiceColumnsAndLinesEqualTheSandbox("note");
        assertThat(text()).as("schema prints the table map").contains("invoice_line_items  (key company_id, invoice_id, line_number)")
                .contains("field lineItems[].unitAmount");
    }

    @Test
    void anUnsafeChangeStopsTheStartWithOneLineAndARebuildAppliesItFromRaw() throws IOException {
        assertThat(command("sync")).as(text()).isZero();
        String packaged = packagedInvoices();
        Files.writeString(jobs.resolve("invoices.yml"), packaged.replace("key: [id]", "key: [invoice_number]"));
        long requests = sandbox.requestCount();

        assertThat(command("sync")).isEqualTo(2);
        assertThat(LedgersyncJvm.withoutLog(err.toString(StandardCharsets.UTF_8))).singleElement().isEqualTo("Data set invoices (" + shown("invoices.yml")
                + "): the key of table invoices is [company_id, id] in the warehouse but [company_id, invoice_number] in the file,"
                + " which cannot be changed in place: put it back as it was, or run 'ledgersync schema --rebuild=invoices'"
                + " to rebuild its tables from the stored raw records");

        Files.writeString(jobs.resolve("invoices.yml"), packaged.replace("total_amount:         { field: totalAmount, type: decimal }",
                "total_amount:         { field: totalAmount, type: text }"));
        assertThat(command("sync")).isEqualTo(2);
        assertThat(LedgersyncJvm.withoutLog(err.toString(StandardCharsets.UTF_8))).singleElement().asString().startsWith("Data set invoices (" + shown("invoices.yml")
                + "): column invoices.total_amount is decimal in the warehouse but text in the file, which cannot be changed in place");
        assertThat(sandbox.requestCount()).as("refused before anything was read").isEqualTo(requests);

        assertThat(command("schema", "--rebuild=invoices")).as(text()).isZero();

        assertThat(text()).contains("Data set invoices: rebuilt table invoices and invoice_line_items, invoice_payment_allocations"
                + " from raw in " + COMPANIES * INVOICES_PER_COMPANY + " stored rows");
        assertThat(sandbox.requestCount()).as("rebuilt from raw").isEqualTo(requests);
        SandboxDataSet served = sandbox.dataSet();
        String companyId = served.companyIds().get(1);
        JsonNode first = json.readTree(served.invoiceJson(companyId, 0));
        assertThat(string("SELECT total_amount FROM invoices WHERE company_id = '" + companyId + "' AND id = '"
                + first.path("id").asString() + "'")).isEqualTo(first.path("totalAmount").asString());
        assertThat(command("sync")).as("the next sync writes the rebuilt table: " + text()).isZero();
        assertInvoiceColumnsAndLinesEqualTheSandbox("status");
    }

    /**
     * A valid data set file that sorts first: a refused start must not have created its table before it met the files
     * that are refused.
     */
    private static final String VALID_NEW_DATA_SET = """
            name: aaa_new
            path: /companies/{companyId}/data/customers
            parent: companies
            key: [id]
            columns:
              id: { field: id, type: text }
            """;

    /**
     * Issue 25, items 2, 3 and 7: a new data set, a child table named like ledgersync's own sync_state, a second data set
     * on the invoices table, a child whose parentKey is company_id (a CREATE TABLE that failed after others were made).
     * Every file is checked before any change: exit 2, one line per mistake, and the warehouse exactly as it was; the
     * rebuild that would have dropped sync_state never starts.
     */
    @Test
    void dataSetFilesThatWouldHurtTheWarehouseAreRefusedWholeAndLeaveItExactlyAsItWas() throws IOException {
        assertThat(command("schema")).as(text()).isZero();
        List<Map<String, Object>> tablesBefore = tables();
        long stateBefore = count("sync_state");
        Files.writeString(jobs.resolve("aaa_new.yml"), VALID_NEW_DATA_SET);
        Files.writeString(jobs.resolve("xdupc.yml"), """
                name: xdupc
                path: /companies/{companyId}/data/invoices
                parent: companies
                table: xdupc
                key: [id]
                columns:
                  id: { field: id, type: text }
                children:
                  sync_state:
                    field: lineItems
                    parentKey: invoice_id
                    columns:
                      description: { field: description, type: text }
                """);
        Files.writeString(jobs.resolve("xchild.yml"), """
                name: xchild
                path: /companies/{companyId}/data/invoices
                parent: companies
                table: invoices
                query: status!=Void
                key: [id]
                columns:
                  id: { field: id, type: text }
                  status: { field: totalAmount, type: decimal }
                """);

        Files.writeString(jobs.resolve("xkey.yml"), """
                name: xkey
                path: /companies/{companyId}/data/bills
                parent: companies
                key: [id]
                columns:
                  id: { field: id, type: text }
                children:
                  xkey_lines:
                    field: lineItems
                    parentKey: company_id
                    columns:
                      description: { field: description, type: text }
                """);

        assertThat(command("schema", "--rebuild=xdupc")).as(text()).isEqualTo(2);

        assertThat(LedgersyncJvm.withoutLog(err.toString(StandardCharsets.UTF_8))).containsExactly(
                shown("xkey.yml") + " line 10, children.xkey_lines.parentKey: 'company_id' is already a key column of every"
                        + " child table: name the column that holds the parent's key after it, e.g. xkey_id",
                shown("xchild.yml") + " line 4, table: table invoices is already a table of data set invoices (jobs/invoices.yml):"
                        + " give each data set tables of its own",
                shown("xdupc.yml") + " line 9, children.sync_state: table sync_state is one of ledgersync's own tables,"
                        + " which a rebuild would drop: name another table");
        assertThat(tables()).as("no table created, dropped or changed").isEqualTo(tablesBefore);
        assertThat(count("sync_state")).isEqualTo(stateBefore);
        assertThat(tableExists("aaa_new")).isFalse();
        assertThat(tableExists("xkey")).isFalse();
    }

    /**
     * Issue 25, items 7 and 8, on each database: names that pass a first look but break later (a reserved word, a table
     * too long for its rebuild's names), a path with a host, a malformed field path, a query that breaks out of its
     * group. Each is one line naming its file, line and field; exit 2, and the warehouse exactly as it was.
     */
    @Test
    void namesPathsFieldsAndQueriesThatWouldBreakLaterAreRefusedBeforeAnyChange() throws IOException {
        assertThat(command("schema")).as(text()).isZero();
        List<Map<String, Object>> tablesBefore = tables();
        long recordsBefore = count("data_set_schema");
        Files.writeString(jobs.resolve("aaa_new.yml"), VALID_NEW_DATA_SET);
        String file = VALID_NEW_DATA_SET.replace("name: aaa_new", "name: %s");
        Files.writeString(jobs.resolve("xorder.yml"), file.formatted("xorder") + "table: order\n");
        Files.writeString(jobs.resolve("xlong.yml"), file.formatted("xlong") + "table: " + "t".repeat(51) + "\n");
        Files.writeString(jobs.resolve("xpath.yml"), file.formatted("xpath").replace("path: /companies/{companyId}/data/customers",
                "path: //other.host/companies/{companyId}/data/customers"));
        Files.writeString(jobs.resolve("xfield.yml"), file.formatted("xfield").replace("field: id,", "field: customerRef..id,"));
        Files.writeString(jobs.resolve("xquery.yml"), file.formatted("xquery") + "query: status=Paid}||{status=Void\n");

        assertThat(command("schema")).as(text()).isEqualTo(2);

        assertThat(LedgersyncJvm.withoutLog(err.toString(StandardCharsets.UTF_8))).containsExactlyInAnyOrder(
                shown("xfield.yml") + " line 6, columns.id.field: 'customerRef..id' is not a field path: name fields joined by"
                        + " single dots (customerRef.id), no empty name and no space",
                shown("xlong.yml") + " line 7, table: '" + "t".repeat(51) + "' is 51 characters; at most 50 leave room for the"
                        + " names made from it (<table>_rebuild_pkey, 63 characters): shorten it",
                shown("xorder.yml") + " line 7, table: 'order' is a reserved word of H2 or PostgreSQL, which would have to be"
                        + " quoted in every query: name it otherwise (e.g. order_value)",
                shown("xpath.yml") + " line 2, path: '//other.host/companies/{companyId}/data/customers' is not a path below the"
                        + " Data API's base URL: use segments of letters, digits, - _ . ~ and {companyId}, each after one /"
                        + " (no //, . or .., %, ?, # or ;)",
                shown("xquery.yml") + " line 7, query: does not parse: '}||{status' at character 12 is not a condition"
                        + " (field=value), &&, || or a group in { }; write conditions like status=Paid joined by && or || and"
                        + " grouped in balanced { }");
        assertUnchanged(tablesBefore, recordsBefore);
    }

    /**
     * Issue 25, items 2 and 7: a file naming a table of someone else's (no raw, synced_at, run_id). Neither a start nor
     * its rebuild touches it, and the data set created before it in file order is not created either.
     */
    @Test
    void aFileNamingATableThatIsNoDataSetsIsRefusedBeforeAnyTableIsCreatedOrRebuilt() throws IOException {
        assertThat(command("schema")).as(text()).isZero();
        warehouse.useHandle(h -> h.execute("CREATE TABLE my_report (id VARCHAR(10) PRIMARY KEY)"));
        warehouse.useHandle(h -> h.execute("INSERT INTO my_report (id) VALUES ('kept')"));
        List<Map<String, Object>> tablesBefore = tables();
        Files.writeString(jobs.resolve("aaa_new.yml"), VALID_NEW_DATA_SET);
        Files.writeString(jobs.resolve("zzz_report.yml"), """
                name: zzz_report
                path: /companies/{companyId}/data/customers
                parent: companies
                table: my_report
                key: [id]
                columns:
                  id: { field: id, type: text }
                """);
        String refusal = "Data set zzz_report (" + shown("zzz_report.yml") + "): table my_report is in the warehouse without raw,"
                + " synced_at, run_id, which every data set table has, so it is not a data set's: name another table in "
                + shown("zzz_report.yml");

        for (List<String> options : List.of(List.<String>of(), List.of("--rebuild=zzz_report"))) {
            assertThat(command("schema", options.toArray(String[]::new))).as(text()).isEqualTo(2);

            assertThat(LedgersyncJvm.withoutLog(err.toString(StandardCharsets.UTF_8))).as("%s", options).containsExactly(refusal);
            assertThat(tables()).as("no table created, dropped or changed").isEqualTo(tablesBefore);
            assertThat(string("SELECT id FROM my_report")).isEqualTo("kept");
        }
    }

    /**
     * Issue 25, item 7: files that pass every check, but a change fails in the database mid-way: a new column of invoices
     * declared integer over invoiceNumber, whose stored values ("INV-...") it cannot hold, so its fill from raw fails after
     * a new data set's table and both new columns were made. The start is all or nothing (one transaction on PostgreSQL,
     * undone on H2): exit 2, one line that says nothing was changed, every table and column and data_set_schema as they
     * were; the corrected file then starts and fills the columns.
     */
    @Test
    void aStartWhoseFillFromRawFailsMidWayLeavesTheWarehouseExactlyAsItWas() throws IOException {
        assertThat(command("sync", "--datasets=companies,invoices")).as(text()).isZero();
        List<Map<String, Object>> tablesBefore = tables();
        long recordsBefore = count("data_set_schema");
        String gained = packagedInvoices().replace("  is_deleted:", "  note:                 { field: note, type: text }\n"
                + "  invoice_no:           { field: invoiceNumber, type: integer }\n  is_deleted:");
        Files.writeString(jobs.resolve("aaa_new.yml"), VALID_NEW_DATA_SET);
        Files.writeString(jobs.resolve("invoices.yml"), gained);

        assertThat(command("schema")).as(text()).isEqualTo(2);

        assertThat(LedgersyncJvm.withoutLog(err.toString(StandardCharsets.UTF_8))).singleElement().asString()
                .startsWith("Data set invoices (" + shown("invoices.yml") + "): filling its tables from the stored raw records"
                        + " failed: field 'invoiceNumber' = \"")
                .contains("is not a valid integer for column invoice_no")
                .endsWith(NOTHING_CHANGED);
        assertUnchanged(tablesBefore, recordsBefore);

        Files.writeString(jobs.resolve("invoices.yml"), gained.replace("invoiceNumber, type: integer", "invoiceNumber, type: text"));
        assertThat(command("schema")).as(text()).isZero();
        assertThat(tableExists("aaa_new")).isTrue();
        assertThat(countOf("SELECT COUNT(*) FROM invoices WHERE invoice_no = invoice_number")).isEqualTo(COMPANIES * INVOICES_PER_COMPANY);
        assertInvoiceColumnsAndLinesEqualTheSandbox("note");
    }

    /**
     * Issue 25, item 7: a rebuild that fails mid-way (invoice_number declared integer, which "INV-..." is not) leaves the
     * old tables, their child tables' rows included, as they were: the new ones are built beside them and take their
     * names only at the end.
     */
    @Test
    void aRebuildThatFailsMidWayLeavesTheOldTablesAndTheirChildRows() throws IOException {
        assertThat(command("sync", "--datasets=companies,invoices")).as(text()).isZero();
        List<Map<String, Object>> tablesBefore = tables();
        long linesBefore = count("invoice_line_items");
        long recordsBefore = count("data_set_schema");
        Files.writeString(jobs.resolve("invoices.yml"), packagedInvoices().replace(
                "invoice_number:       { field: invoiceNumber, type: text }", "invoice_number:       { field: invoiceNumber, type: integer }"));

        assertThat(command("schema", "--rebuild=invoices")).as(text()).isEqualTo(2);

        assertThat(LedgersyncJvm.withoutLog(err.toString(StandardCharsets.UTF_8))).singleElement().asString()
                .startsWith("Data set invoices (" + shown("invoices.yml") + "): filling its tables from the stored raw records"
                        + " failed: field 'invoiceNumber' = \"")
                .endsWith(NOTHING_CHANGED);
        assertUnchanged(tablesBefore, recordsBefore);
        assertThat(count("invoice_line_items")).isEqualTo(linesBefore);
        Files.delete(jobs.resolve("invoices.yml"));
        assertThat(command("sync", "--datasets=invoices")).as(text()).isZero();
        assertInvoiceColumnsAndLinesEqualTheSandbox("status");
    }

    /**
     * Issue 25, item 7: a DBA's view has the name of a new data set's child table, which no file check can know of: its
     * CREATE TABLE fails after another new data set's table and the parent table were created. Nothing is left of them:
     * exit 8 (the database refused), one line naming the data set, the database's words and that nothing was changed;
     * the file with another child table name then starts fine, the view untouched.
     */
    @Test
    void aStartWhoseChildTableCannotBeCreatedLeavesTheWarehouseExactlyAsItWas() throws IOException {
        assertThat(command("schema")).as(text()).isZero();
        warehouse.useHandle(h -> h.execute("CREATE VIEW bbb_kids_lines AS SELECT id AS kept FROM companies"));
        List<Map<String, Object>> tablesBefore = tables();
        long recordsBefore = count("data_set_schema");
        Files.writeString(jobs.resolve("aaa_new.yml"), VALID_NEW_DATA_SET);
        String kids = """
                name: bbb_kids
                path: /companies/{companyId}/data/invoices
                parent: companies
                key: [id]
                columns:
                  id: { field: id, type: text }
                children:
                  bbb_kids_lines:
                    field: lineItems
                    parentKey: invoice_id
                    columns:
                      description: { field: description, type: text }
                """;
        Files.writeString(jobs.resolve("bbb_kids.yml"), kids);

        assertThat(command("schema")).as(text()).isEqualTo(8);

        assertThat(LedgersyncJvm.withoutLog(err.toString(StandardCharsets.UTF_8))).singleElement().asString()
                .startsWith("Data set bbb_kids (" + shown("bbb_kids.yml") + "): changing its tables failed: ")
                .containsIgnoringCase("bbb_kids_lines")
                .endsWith(NOTHING_CHANGED);
        assertUnchanged(tablesBefore, recordsBefore);

        Files.writeString(jobs.resolve("bbb_kids.yml"), kids.replace("bbb_kids_lines:", "bbb_kids_items:"));
        assertThat(command("schema")).as(text()).isZero();
        assertThat(tableExists("aaa_new")).isTrue();
        assertThat(tableExists("bbb_kids_items")).isTrue();
        assertThat(count("bbb_kids_lines")).as("the view is as it was").isEqualTo(count("companies"));
    }

    /** How a start that failed mid-way ends its one line when everything it changed was taken back. */
    private static final String NOTHING_CHANGED = "; nothing was changed: the warehouse is as it was before this start";

    /** Every table and column as before, and no change recorded as applied. */
    private void assertUnchanged(List<Map<String, Object>> tablesBefore, long recordsBefore) {
        assertThat(tables()).as("no table or column left behind").isEqualTo(tablesBefore);
        assertThat(count("data_set_schema")).as("nothing recorded as applied").isEqualTo(recordsBefore);
    }

    /** Every table of the warehouse with its columns and their types, in order. */
    private List<Map<String, Object>> tables() {
        return query("SELECT table_name, column_name, data_type FROM information_schema.columns"
                + " WHERE lower(table_schema) = 'public' ORDER BY table_name, column_name");
    }

    /**
     * Every shipped data set (jobs/*.yml) read from the sandbox into its tables: each row's raw and every typed column,
     * and every child table's rows, equal to what the sandbox served; none missing, none twice.
     */
    @Test
    void everyShippedDataSetIsReadIntoItsTablesAsTheSandboxServedIt() {
        assertThat(command("sync")).as(text()).isZero();
        SandboxDataSet served = sandbox.dataSet();
        DataSetCatalog catalog = DataSetCatalog.load("classpath*:jobs/*.yml");
        assertThat(catalog.names()).contains("accounts", "bills", "credit_notes", "suppliers");
        // one connection for the thousands of lookups below (the test's Jdbi opens one per handle)
        try (Handle h = warehouse.open()) {
            for (DataSet dataSet : catalog.all()) {
                Table table = dataSet.table();
                String dataType = dataSet.path().substring(dataSet.path().lastIndexOf('/') + 1);
                long rows = 0;
                for (String companyId : served.companyIds()) {
                    List<JsonNode> records = new ArrayList<>();
                    if (dataSet.perCompany()) {
                        for (int i = 0; i < served.count(companyId, dataType); i++) {
                            records.add(json.readTree(served.recordJson(companyId, dataType, i)));
                        }
                    } else {
                        records.add(json.readTree(served.companyJson(companyId)));
                    }
                    for (JsonNode record : records) {
                        String id = record.path("id").asString();
                        String where = (dataSet.perCompany() ? "company_id = :c AND " : "") + "id = :id";
                        Map<String, Object> row = h.createQuery("SELECT * FROM " + table.name() + " WHERE "
                                + where).bind("c", companyId).bind("id", id).mapToMap().one();
                        assertThat(json.readTree(row.get("raw").toString())).as("raw of %s %s", dataSet.name(), id).isEqualTo(record);
                        for (int c = 0; c < table.columns().size(); c++) {
                            String field = dataSet.fields().get(c);
                            if (field != null) {
                                assertSameValue(row.get(table.columns().get(c).name()), at(record, field), table.columns().get(c).type(),
                                        dataSet.name() + " " + id + " " + table.columns().get(c).name());
                            }
                        }
                        for (DataSet.Child child : dataSet.children()) {
                            JsonNode items = at(record, child.field());
                            List<Map<String, Object>> lines = h.createQuery("SELECT * FROM "
                                    + child.table().name() + " WHERE company_id = :c AND " + child.table().parentColumn()
                                    + " = :id ORDER BY line_number").bind("c", companyId).bind("id", id).mapToMap().list();
                            assertThat(lines).as("%s of %s %s", child.table().name(), dataSet.name(), id).hasSize(items.size());
                            for (int n = 0; n < items.size(); n++) {
                                for (int c = 0; c < child.table().columns().size(); c++) {
                                    Column column = child.table().columns().get(c);
                                    assertSameValue(lines.get(n).get(column.name()), at(items.get(n), child.fields().get(c)), column.type(),
                                            child.table().name() + " " + id + " line " + (n + 1) + " " + column.name());
                                }
                            }
                        }
                    }
                    rows += records.size();
                }
                assertThat(count(table.name())).as("rows of %s", table.name()).isEqualTo(rows);
            }
        }
    }

    private static JsonNode at(JsonNode node, String dottedPath) {
        for (String part : dottedPath.split("\\.")) {
            node = node.path(part);
        }
        return node;
    }

    /** A column's value as the database returns it, against the record's value of its field, by the column's type. */
    private static void assertSameValue(Object stored, JsonNode served, ColumnType type, String what) {
        if (served.isMissingNode() || served.isNull()) {
            assertThat(stored).as(what).isNull();
            return;
        }
        assertThat(stored).as(what).isNotNull();
        switch (type) {
            case TEXT -> assertThat(stored).as(what).isEqualTo(served.isValueNode() ? served.asString() : served.toString());
            case DECIMAL -> assertThat(new BigDecimal(stored.toString())).as(what).isEqualByComparingTo(served.decimalValue());
            case INTEGER -> assertThat(((Number) stored).longValue()).as(what).isEqualTo(served.longValue());
            case BOOLEAN -> assertThat(stored).as(what).isEqualTo(served.booleanValue());
            case TIMESTAMP -> assertThat(stored instanceof java.sql.Timestamp timestamp ? timestamp.toInstant()
                    : ((java.time.OffsetDateTime) stored).toInstant()).as(what)
                    .isEqualTo(RecordMapper.timestamp(served.asString()).toInstant());
            case DATE -> assertThat(stored.toString()).as(what).isEqualTo(served.asString().substring(0, 10));
        }
    }

    /**
     * Line items that change at the source are replaced exactly: the sandbox revises every invoice of a company (its
     * last two lines merged into one, the sums unchanged), and the next sync leaves each invoice with exactly the lines
     * served, numbered from 1, none stale; the other company's lines are untouched.
     */
    @Test
    void lineItemsThatChangeAtTheSourceAreReplacedExactly() {
        assertThat(command("sync", "--datasets=companies,invoices")).as(text()).isZero();
        assertInvoiceColumnsAndLinesEqualTheSandbox("status");
        long linesBefore = count("invoice_line_items");
        String revisedCompany = sandbox.dataSet().companyIds().get(0);
        // revised after the next page served: that sync reads its first page as it was, the rest revised
        sandbox.faults().dataSet(revisedCompany, "invoices").driftAfterPages(1, 0, INVOICES_PER_COMPANY);
        assertThat(command("sync", "--datasets=invoices", "--companies=" + revisedCompany)).as(text()).isZero();

        assertThat(command("sync", "--datasets=invoices", "--companies=" + revisedCompany)).as(text()).isZero();

        assertThat(string("SELECT COUNT(*) FROM invoices WHERE company_id = '" + revisedCompany + "' AND CAST(raw AS VARCHAR) LIKE '%Amended (revision%'"))
                .as("every invoice of the company revised").isEqualTo(String.valueOf(INVOICES_PER_COMPANY));
        assertThat(count("invoice_line_items")).as("merged lines are gone").isLessThan(linesBefore);
        assertInvoiceColumnsAndLinesEqualTheSandbox("status");
    }

    /**
     * A warehouse of the version before data set files owned their tables (migrated to the version before V11, its invoices written with
     * typed columns and raw) is adopted as it is: its tables get deleted_at, and the new child tables are filled from
     * the raw already stored, without a request; the next sync writes into them as usual.
     */
    @Test
    void anUpgradedWarehouseIsAdoptedAndItsNewChildTablesFilledFromRaw() {
        org.flywaydb.core.Flyway.configure().dataSource(url, user(), "").locations("classpath:db/migration/" + vendor())
                .target(versionBeforeDataSetSchema()).load().migrate();
        SandboxDataSet served = sandbox.dataSet();
        long lines = 0;
        for (String companyId : served.companyIds()) {
            for (int i = 0; i < served.invoiceCount(companyId); i++) {
                String raw = served.invoiceJson(companyId, i);
                JsonNode invoice = json.readTree(raw);
                lines += invoice.path("lineItems").size();
                warehouse.useHandle(h -> h.createUpdate("INSERT INTO invoices (company_id, id, status, raw, synced_at, run_id)"
                        + " VALUES (:c, :id, :status, " + rawParameter() + ", CURRENT_TIMESTAMP, 1)").bind("c", companyId)
                        .bind("id", invoice.path("id").asString()).bind("status", invoice.path("status").asString())
                        .bind("raw", raw).execute());
            }
        }
        long requests = sandbox.requestCount();

        assertThat(command("schema")).as(text()).isZero();

        assertThat(sandbox.requestCount()).isEqualTo(requests);
        assertThat(lastChange("invoices")).isEqualTo("adopted table invoices; added deleted_at; added and filled invoice_line_items,"
                + " invoice_payment_allocations from raw in " + COMPANIES * INVOICES_PER_COMPANY + " stored rows; created"
                + " invoices_history and the history of invoice_line_items, invoice_payment_allocations, "
                + COMPANIES * INVOICES_PER_COMPANY + " versions from raw");
        assertThat(count("invoice_line_items")).isEqualTo(lines);
        assertThat(countOf("SELECT COUNT(*) FROM invoices WHERE deleted_at IS NULL")).isEqualTo(COMPANIES * INVOICES_PER_COMPANY);
        assertThat(command("sync")).as(text()).isZero();
        assertInvoiceColumnsAndLinesEqualTheSandbox("status");
    }

    /**
     * The report queries of docs/data-sets.md, run as written, agree with the same reports computed from what the sandbox served;
     * the dbt sources that {@code schema --dbt} writes name every table and column the warehouse has, and their tests
     * (keys unique and not null) hold on the synced warehouse.
     */
    @Test
    void theReadmesReportQueriesAndTheDbtSourcesHoldOnTheSyncedWarehouse() throws IOException {
        assertThat(command("sync")).as(text()).isZero();
        SandboxDataSet served = sandbox.dataSet();

        Map<List<Object>, BigDecimal> revenue = new java.util.TreeMap<>(java.util.Comparator.comparing(Object::toString));
        Map<List<Object>, BigDecimal[]> aged = new java.util.TreeMap<>(java.util.Comparator.comparing(Object::toString));
        java.time.Instant now = java.time.Instant.now();
        for (String companyId : served.companyIds()) {
            for (int i = 0; i < served.invoiceCount(companyId); i++) {
                JsonNode invoice = json.readTree(served.invoiceJson(companyId, i));
                String status = invoice.path("status").asString();
                if (invoice.path("metadata").path("isDeleted").asBoolean()) {
                    continue;
                }
                java.time.LocalDate issued = java.time.LocalDate.parse(invoice.path("issueDate").asString().substring(0, 10));
                if (!status.equals("Draft") && !status.equals("Void")) {
                    for (JsonNode line : invoice.path("lineItems")) {
                        revenue.merge(List.of(issued.getYear(), issued.getMonthValue(), line.path("accountRef").path("name").asString(),
                                invoice.path("currency").asString()), line.path("subTotal").decimalValue(), BigDecimal::add);
                    }
                }
                if (status.equals("Submitted") || status.equals("PartiallyPaid")) {
                    java.time.Instant due = RecordMapper.timestamp(invoice.path("dueDate").asString()).toInstant();
                    long daysOverdue = java.time.Duration.between(due, now).toDays();
                    int bucket = !due.isBefore(now) ? 0 : daysOverdue < 30 ? 1 : daysOverdue < 60 ? 2 : 3;
                    BigDecimal[] sums = aged.computeIfAbsent(List.of(companyId, invoice.path("customerRef").path("id").asString(),
                            invoice.path("currency").asString()), key -> new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ZERO,
                                    BigDecimal.ZERO, BigDecimal.ZERO});
                    sums[bucket] = sums[bucket].add(invoice.path("amountDue").decimalValue());
                }
            }
        }
        aged.values().removeIf(sums -> java.util.Arrays.stream(sums).reduce(BigDecimal.ZERO, BigDecimal::add).signum() <= 0);

        List<Map<String, Object>> revenueRows = query(readmeQuery("-- Revenue by month and account"));
        assertThat(revenueRows).hasSameSizeAs(revenue.keySet());
        for (Map<String, Object> row : revenueRows) {
            List<Object> key = List.of(((Number) row.get("issue_year")).intValue(), ((Number) row.get("issue_month")).intValue(),
                    row.get("account_name"), row.get("currency"));
            assertThat((BigDecimal) row.get("revenue")).as("revenue of %s", key).isEqualByComparingTo(revenue.get(key));
        }
        List<Map<String, Object>> agedRows = query(readmeQuery("-- Aged receivables"));
        assertThat(agedRows).hasSameSizeAs(aged.keySet()).isNotEmpty();
        for (Map<String, Object> row : agedRows) {
            BigDecimal[] sums = aged.get(List.of(row.get("company_id"), row.get("customer_id"), row.get("currency")));
            assertThat(sums).as("customer %s", row).isNotNull();
            assertThat(List.of(row.get("not_yet_due"), row.get("overdue_1_30"), row.get("overdue_31_60"), row.get("overdue_over_60")))
                    .as("buckets of %s", row).usingElementComparator((a, b) -> ((BigDecimal) a).compareTo((BigDecimal) b))
                    .containsExactly((Object[]) sums);
        }

        Map<List<Object>, BigDecimal> balances = new java.util.TreeMap<>(java.util.Comparator.comparing(Object::toString));
        for (String companyId : served.companyIds()) {
            for (int i = 0; i < served.count(companyId, "bills"); i++) {
                JsonNode bill = json.readTree(served.recordJson(companyId, "bills", i));
                String status = bill.path("status").asString();
                if (!bill.path("metadata").path("isDeleted").asBoolean() && (status.equals("Open") || status.equals("PartiallyPaid"))
                        && bill.path("amountDue").decimalValue().signum() > 0) {
                    balances.merge(List.of(companyId, bill.path("supplierRef").path("id").asString(), bill.path("currency").asString()),
                            bill.path("amountDue").decimalValue(), BigDecimal::add);
                }
            }
        }
        List<Map<String, Object>> balanceRows = query(readmeQuery("-- Supplier balances"));
        assertThat(balanceRows).hasSameSizeAs(balances.keySet()).isNotEmpty();
        for (Map<String, Object> row : balanceRows) {
            assertThat((BigDecimal) row.get("balance")).as("balance of %s", row)
                    .isEqualByComparingTo(balances.get(List.of(row.get("company_id"), row.get("supplier_id"), row.get("currency"))));
        }

        Path sources = jobs.resolve("models/sources.yml");
        assertThat(command("schema", "--dbt", "--out=" + sources)).as(text()).isZero();
        assertDbtSourcesDescribeTheWarehouseAndTheirTestsHold(sources);
    }

    /** The structure dbt reads (version 2, sources, tables, columns, data_tests, freshness), checked against the database. */
    @SuppressWarnings("unchecked")
    private void assertDbtSourcesDescribeTheWarehouseAndTheirTestsHold(Path sources) throws IOException {
        Map<String, Object> file = new org.yaml.snakeyaml.Yaml().load(Files.readString(sources));
        assertThat(file.get("version")).isEqualTo(2);
        List<Map<String, Object>> sourceList = (List<Map<String, Object>>) file.get("sources");
        assertThat(sourceList).hasSize(1);
        Map<String, Object> source = sourceList.get(0);
        assertThat(source).containsEntry("name", "ledgersync").containsKeys("schema", "description", "freshness", "tables");
        Map<String, Object> freshness = (Map<String, Object>) source.get("freshness");
        assertThat((Map<String, Object>) freshness.get("warn_after")).containsEntry("period", "hour").containsKey("count");
        assertThat((Map<String, Object>) freshness.get("error_after")).containsEntry("period", "hour").containsKey("count");
        List<Map<String, Object>> tables = (List<Map<String, Object>>) source.get("tables");
        assertThat(tables).extracting(t -> t.get("name")).contains("companies", "customers", "invoices", "invoice_line_items",
                "invoice_payment_allocations");
        for (Map<String, Object> table : tables) {
            String name = (String) table.get("name");
            assertThat(table).as(name).containsKeys("description", "columns").doesNotContainKey("tests");
            if (name.endsWith("_line_items") || name.endsWith("_payment_allocations")) {
                assertThat(table).as("a child table's freshness is its parent's").containsEntry("freshness", null);
            } else if (name.endsWith("_history")) {
                assertThat(table).as("a history table is written only when a record changed: its table's freshness tells")
                        .containsEntry("freshness", null);
            } else {
                assertThat(table).as(name).containsEntry("loaded_at_field", "synced_at");
            }
            List<Map<String, Object>> columns = (List<Map<String, Object>>) table.get("columns");
            List<String> inDatabase = warehouse.withHandle(h -> h.createQuery("SELECT column_name FROM information_schema.columns"
                    + " WHERE table_name = :t AND table_schema = 'public'").bind("t", name).mapTo(String.class).list());
            assertThat(columns).extracting(c -> c.get("name")).as("the columns of %s", name)
                    .containsExactlyInAnyOrderElementsOf(inDatabase);
            for (Map<String, Object> column : columns) {
                assertThat((String) column.get("description")).as("%s.%s", name, column.get("name")).isNotBlank();
                assertThat(column).as("dbt 1.8+ reads data_tests, not tests").doesNotContainKey("tests");
                for (Object test : (List<Object>) column.getOrDefault("data_tests", List.of())) {
                    String sql = test.equals("not_null")
                            ? "SELECT COUNT(*) FROM " + name + " WHERE " + column.get("name") + " IS NULL"
                            : "SELECT COUNT(*) FROM (SELECT " + column.get("name") + " FROM " + name + " GROUP BY " + column.get("name")
                                    + " HAVING COUNT(*) > 1) failures";
                    assertThat(countOf(sql)).as("dbt test %s of %s.%s", test, name, column.get("name")).isZero();
                }
            }
            List<Object> tableTests = (List<Object>) table.getOrDefault("data_tests", List.of());
            boolean compositeKey = columns.stream().filter(c -> ((List<Object>) c.getOrDefault("data_tests", List.of())).contains("not_null")
                    && !((List<Object>) c.get("data_tests")).contains("unique")).count() > 0;
            assertThat(tableTests).as("%s: a composite key is tested unique as a whole", name).hasSize(compositeKey ? 1 : 0);
            for (Object test : tableTests) {
                String expression = (String) ((Map<String, Map<String, Object>>) test).get("unique").get("column_name");
                assertThat(countOf("SELECT COUNT(*) FROM (SELECT " + expression + " AS k FROM " + name + " GROUP BY " + expression
                        + " HAVING COUNT(*) > 1) failures")).as("dbt unique test of %s", name).isZero();
            }
        }
        assertThat(count("invoice_line_items")).as("the tests ran on rows").isPositive();
    }

    /** A SQL block of docs/data-sets.md, found by its first line. */
    static String readmeQuery(String firstLine) throws IOException {
        String readme = Files.readString(Path.of("docs", "data-sets.md"));
        int start = readme.indexOf("```sql\n" + firstLine);
        assertThat(start).as("docs/data-sets.md has a query starting %s", firstLine).isPositive();
        start += "```sql\n".length();
        return readme.substring(start, readme.indexOf("```", start));
    }

    private List<Map<String, Object>> query(String sql) {
        return warehouse.withHandle(h -> h.createQuery(sql).mapToMap().list());
    }

    private long countOf(String sql) {
        return warehouse.withHandle(h -> h.createQuery(sql).mapTo(Long.class).one());
    }

    /** Every invoice's currency and one other text column, and its line items, as the sandbox serves them. */
    void assertInvoiceColumnsAndLinesEqualTheSandbox(String textColumn) {
        String field = textColumn.equals("note") ? "note" : "status";
        SandboxDataSet served = sandbox.dataSet();
        long lines = 0;
        for (String companyId : served.companyIds()) {
            for (int i = 0; i < served.invoiceCount(companyId); i++) {
                JsonNode invoice = json.readTree(served.invoiceJson(companyId, i));
                String id = invoice.path("id").asString();
                Map<String, Object> row = warehouse.withHandle(h -> h.createQuery(
                        "SELECT " + textColumn + " AS text_column, currency FROM invoices WHERE company_id = :c AND id = :i").bind("c", companyId).bind("i", id)
                        .mapToMap().one());
                assertThat(row.get("text_column")).isEqualTo(invoice.path(field).isNull() ? null : invoice.path(field).asString());
                assertThat(row.get("currency")).isEqualTo(invoice.path("currency").asString());
                List<Map<String, Object>> stored = warehouse.withHandle(h -> h.createQuery(
                        "SELECT line_number, description, quantity, unit_amount, total_amount, account_id, item_id, tax_rate_id"
                                + " FROM invoice_line_items WHERE company_id = :c AND invoice_id = :i ORDER BY line_number")
                        .bind("c", companyId).bind("i", id).mapToMap().list());
                JsonNode items = invoice.path("lineItems");
                assertThat(stored).as("lines of invoice %s", id).hasSize(items.size());
                for (int n = 0; n < items.size(); n++) {
                    JsonNode item = items.get(n);
                    Map<String, Object> line = stored.get(n);
                    assertThat(((Number) line.get("line_number")).intValue()).isEqualTo(n + 1);
                    assertThat(line.get("description")).isEqualTo(item.path("description").asString());
                    assertThat((BigDecimal) line.get("quantity")).isEqualByComparingTo(item.path("quantity").decimalValue());
                    assertThat((BigDecimal) line.get("unit_amount")).isEqualByComparingTo(item.path("unitAmount").decimalValue());
                    assertThat((BigDecimal) line.get("total_amount")).isEqualByComparingTo(item.path("totalAmount").decimalValue());
                    assertThat(line.get("account_id")).isEqualTo(item.path("accountRef").path("id").asString());
                    assertThat(line.get("item_id")).isEqualTo(item.path("itemRef").path("id").asString());
                    assertThat(line.get("tax_rate_id")).isEqualTo(item.path("taxRateRef").path("id").asString());
                }
                lines += items.size();
            }
        }
        assertThat(count("invoice_line_items")).as("no line twice, none stale").isEqualTo(lines);
    }

    /**
     * Issue 26: history turned on for a data set that holds data is seeded at the next start, one open version per row
     * from its raw, with no request to the Data API; turned off, the history table is kept, no longer written, and the
     * start says so in one line.
     */
    @Test
    void historyTurnedOnLaterIsSeededFromRawWithoutARequestAndTurnedOffIsKeptUnwrittenSaidInOneLine() throws IOException {
        Files.writeString(jobs.resolve("invoices.yml"), packagedInvoices().replace("history: true", "history: false"));
        assertThat(command("sync", "--datasets=companies,invoices")).as(text()).isZero();
        assertThat(tableExists("invoices_history")).isFalse();
        Files.writeString(jobs.resolve("invoices.yml"), packagedInvoices());
        long requests = sandbox.requestCount();

        assertThat(command("schema")).as(text()).isZero();

        assertThat(sandbox.requestCount()).as("seeded from raw: no request to the Data API").isEqualTo(requests);
        int invoices = COMPANIES * INVOICES_PER_COMPANY;
        assertThat(lastChange("invoices")).isEqualTo("created invoices_history and the history of invoice_line_items,"
                + " invoice_payment_allocations, " + invoices + " versions from raw");
        assertThat(countOf("SELECT COUNT(*) FROM invoices i JOIN invoices_history h ON h.company_id = i.company_id AND h.id = i.id"
                + " AND h.version = 1 AND h.valid_from = i.modified_date AND h.seen_at = i.synced_at AND h.run_id = i.run_id"
                + " AND CAST(h.raw AS VARCHAR) = CAST(i.raw AS VARCHAR)"
                + " AND h.is_current <> COALESCE(i.is_deleted, FALSE)"))
                .as("one version per row, as stored: open, or closed where the source marks it deleted").isEqualTo(invoices);
        assertThat(count("invoice_line_items_history")).isEqualTo(count("invoice_line_items"));
        assertThat(command("sync", "--datasets=companies,invoices")).as(text()).isZero();
        assertThat(count("invoices_history")).as("read again unchanged: no version").isEqualTo(invoices);

        Files.writeString(jobs.resolve("invoices.yml"), packagedInvoices().replace("history: true", "history: false"));
        String company = sandbox.dataSet().companyIds().get(0);
        sandbox.faults().dataSet(company, "invoices").change(new io.ledgersync.sandbox.records.DataSetState.Changes(0, 2, 0, 0, 0, null));
        try {
            assertThat(command("sync", "--datasets=companies,invoices")).as(text()).isZero();
        } finally {
            sandbox.faults().dataSet(company, "invoices").undoChanges();
        }
        assertThat(text().split("history is off, so invoices_history is kept as it is and no longer written", -1))
                .as("said in one line").hasSize(2);
        assertThat(count("invoices_history")).as("kept, not written").isEqualTo(invoices);
        assertThat(countOf("SELECT COUNT(*) FROM invoices i JOIN invoices_history h ON h.company_id = i.company_id AND h.id = i.id"
                + " AND h.is_current WHERE CAST(h.raw AS VARCHAR) <> CAST(i.raw AS VARCHAR)"))
                .as("the two changes are in invoices only").isEqualTo(2);
    }

    static String packagedInvoices() throws IOException {
        return Files.readString(Path.of("jobs/invoices.yml"));
    }

    /** How messages name a file of the test's folder: as the data set files are listed, relative to the working directory. */
    private String shown(String file) {
        Path path = jobs.resolve(file).toAbsolutePath().normalize();
        Path workingDirectory = Path.of("").toAbsolutePath();
        return path.startsWith(workingDirectory) ? "./" + workingDirectory.relativize(path) : path.toString();
    }

    private String lastChange(String dataSet) {
        return string("SELECT change FROM data_set_schema WHERE data_set = '" + dataSet + "' ORDER BY id DESC LIMIT 1");
    }

    String string(String sql) {
        return warehouse.withHandle(h -> h.createQuery(sql).mapTo(String.class).one());
    }

    long count(String table) {
        return warehouse.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Long.class).one());
    }

    boolean tableExists(String table) {
        return warehouse.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = :t")
                .bind("t", table).mapTo(Long.class).one()) > 0;
    }

    /** Runs a command as main() would, against the sandbox, this test's database and data set folder; captures its output. */
    int command(String command, String... options) {
        out.reset();
        err.reset();
        List<String> args = new ArrayList<>(List.of(command,
                "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                "--ledgersync.api.api-key=" + sandbox.apiKey(),
                "--ledgersync.api.page-size=20",
                "--ledgersync.api.retry.max-attempts=1",
                "--ledgersync.schema.batch-size=7", // several batches, one of them short
                "--ledgersync.sync.datasets=classpath*:jobs/*.yml,file:" + jobs + "/*.yml",
                "--spring.datasource.url=" + url,
                "--spring.datasource.username=" + user(),
                "--spring.datasource.password="));
        args.addAll(List.of(options));
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            return LedgersyncApplication.run(args.toArray(String[]::new), System.out, System.err);
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
    }

    String text() {
        return out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
    }
}
