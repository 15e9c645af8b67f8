package io.ledgersync.sync.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.ledgersync.source.SourceRecord;
import io.ledgersync.warehouse.table.Row;
import tools.jackson.databind.JsonNode;

class RecordMapperTests {

    private final DataSet invoices = DataSetCatalog.parse("""
            name: invoices
            path: /companies/{companyId}/data/invoices
            parent: companies
            key: [id]
            columns:
              id: { field: id, type: text }
            """);

    @Test
    void companyDataSetRowsStartWithTheCompanyIdFromThePartition() {
        Row row = new RecordMapper(invoices).toRow(record("{\"id\": \"inv-1\"}"), "company-9");

        assertThat(row.values()).containsExactly("company-9", "inv-1");
        assertThat(row.rawText()).isEqualTo("{\"id\": \"inv-1\"}");
    }

    @Test
    void convertsEachTypeFromDottedFieldPaths() {
        DataSet dataSet = dataSet(
                "customer", "customerRef.id", "text",
                "total", "totalAmount", "decimal",
                "lines", "lineCount", "integer",
                "deleted", "metadata.isDeleted", "boolean",
                "issued", "issueDate", "timestamp",
                "due", "dueDate", "date");

        Row row = new RecordMapper(dataSet).toRow(record("""
                {"customerRef": {"id": "c-1"}, "totalAmount": 12.50, "lineCount": 3, "metadata": {"isDeleted": false},
                 "issueDate": "2025-03-04T10:00:00", "dueDate": "2025-04-03T00:00:00Z"}
                """), null);

        assertThat(row.values()).containsExactly("c-1", new BigDecimal("12.50"), 3L, false,
                OffsetDateTime.parse("2025-03-04T10:00:00Z"), java.time.LocalDate.parse("2025-04-03"));
    }

    @Test
    void fieldsReadByStreamingAreWhatTheWholeTreeWouldGive() {
        // a repeated field keeps its last value; a path through an array or a scalar reaches nothing;
        // one path may end where another goes on; an object in a text column is kept as JSON
        DataSet dataSet = dataSet(
                "ref", "customerRef", "text",
                "ref_id", "customerRef.id", "text",
                "total", "totalAmount", "decimal",
                "through_array", "lines.amount", "decimal",
                "through_scalar", "status.code", "text",
                "deep", "a.b.c", "integer");

        Row row = new RecordMapper(dataSet).toRow(record("""
                {"totalAmount": 1.5, "customerRef": {"id": "old"}, "a": {"b": {"c": 1, "d": [1, {"c": 9}]}},
                 "lines": [{"amount": 3}], "status": "PAID", "customerRef": {"id": "c-2", "name": "Ann"},
                 "totalAmount": 1234567890.123456789, "a": {"b": {"c": 2}}}
                """), null);

        assertThat(row.values()).containsExactly("{\"id\":\"c-2\",\"name\":\"Ann\"}", "c-2",
                new BigDecimal("1234567890.123456789"), null, null, 2L);
    }

    @Test
    void aRepeatedObjectReplacesTheEarlierOneWhole() {
        Row row = new RecordMapper(dataSet("x", "o.x", "text", "y", "o.y", "text"))
                .toRow(record("{\"o\": {\"x\": \"1\", \"y\": \"2\"}, \"o\": {\"x\": \"3\"}}"), null);

        assertThat(row.values()).containsExactly("3", null);
    }

    @Test
    void rawIsTheRecordAsSent() {
        String text = "{ \"id\" : \"inv-1\",\n  \"note\": \"caf\u00e9\" }";

        assertThat(new RecordMapper(invoices).toRow(record(text), "c").rawText()).isEqualTo(text);
    }

    @Test
    void dateTimesWithZOffsetOrNoZoneAreAllRead() {
        assertThat(RecordMapper.timestamp("2025-01-02T03:04:05Z")).isEqualTo(OffsetDateTime.parse("2025-01-02T03:04:05Z"));
        assertThat(RecordMapper.timestamp("2025-01-02T03:04:05+02:00").toInstant())
                .isEqualTo(OffsetDateTime.parse("2025-01-02T01:04:05Z").toInstant());
        assertThat(RecordMapper.timestamp("2025-01-02T03:04:05")).isEqualTo(OffsetDateTime.parse("2025-01-02T03:04:05Z"));
        assertThat(RecordMapper.timestamp("2025-01-02")).isEqualTo(OffsetDateTime.parse("2025-01-02T00:00:00Z"));
        assertThat(RecordMapper.timestamp("2025-01-02T03:04:05.123-05:00").toInstant())
                .isEqualTo(OffsetDateTime.parse("2025-01-02T08:04:05.123Z").toInstant());
    }

    @Test
    void textThatIsNoDateTimeIsRefusedWhateverItLooksLike() {
        for (String text : List.of("yesterday", "2025-01-02 03:04:05Z", "2025-13-02T03:04:05", "2025-01-02T03:04:05+25:00", "02/01/2025")) {
            assertThatThrownBy(() -> RecordMapper.timestamp(text)).as(text).isInstanceOf(java.time.DateTimeException.class);
        }
    }

    @Test
    void missingAndNullFieldsBecomeNull() {
        Row row = new RecordMapper(dataSet("a", "absent.deep", "text", "b", "nothing", "decimal")).toRow(record("{\"nothing\": null}"), null);

        assertThat(row.values()).containsExactly(null, null);
    }

    @Test
    void aValueOfTheWrongTypeIsAnUnstorableRecordNamingFieldValueAndColumn() {
        RecordMapper mapper = new RecordMapper(dataSet("total", "totalAmount", "decimal"));

        assertThatThrownBy(() -> mapper.toRow(record("{\"id\": \"x-1\", \"totalAmount\": \"lots\"}"), null))
                .isInstanceOfSatisfying(UnstorableRecordException.class, e -> {
                    assertThat(e.field()).isEqualTo("totalAmount");
                    assertThat(e.reason()).contains("\"lots\"").contains("not a valid decimal for column total");
                });
    }

    private static DataSet dataSet(String... columnFieldType) {
        StringBuilder yaml = new StringBuilder("name: things\npath: /things\nkey: [" + columnFieldType[0] + "]\ncolumns:\n");
        for (int i = 0; i < columnFieldType.length; i += 3) {
            yaml.append("  ").append(columnFieldType[i]).append(": { field: ").append(columnFieldType[i + 1]).append(", type: ")
                    .append(columnFieldType[i + 2]).append(" }\n");
        }
        return DataSetCatalog.parse(yaml.toString());
    }

    private static SourceRecord record(String text) {
        return new SourceRecord(text);
    }

    /** Issue 28: the row, the id and the cursor come from the one pass that read the record with its page. */
    @Test
    void aRecordReadWithItsPageIsMappedFromThatReadWithoutParsingItAgain() {
        DataSet invoices = DataSetCatalog.load("classpath*:jobs/*.yml").get("invoices");
        RecordMapper mapper = new RecordMapper(invoices);
        byte[] raw = "{\"id\": \"i1\", \"lineItems\": [{\"description\": \"Desk\"}]}".getBytes(StandardCharsets.UTF_8);
        SourceRecord record = SourceRecord.read(raw, mapper);
        // the bytes changed after the read: what comes out can only be what that read took
        raw[raw.length - 5] = 'X';

        Row row = new RecordMapper(invoices).toRow(record, "c1");

        assertThat(row.values()[invoices.fields().indexOf("id")]).isEqualTo("i1");
        assertThat(record.id()).isEqualTo("i1");
        assertThat(row.children().get(0).get(0)).contains("Desk");
        assertThat(row.raw()).as("raw is the record's own bytes, not a copy").isSameAs(raw);
    }

    /** Issue 28: what the one pass derives equals what a tree of the record and the id's own streaming reader say. */
    @Test
    void idsRowsAndCursorsFromTheOnePassEqualTheTreesWhateverTheRecord() {
        DataSet dataSet = DataSetCatalog.parse("""
                name: invoices
                path: /companies/{companyId}/data/invoices
                parent: companies
                key: [id]
                cursor: modifiedDate
                columns:
                  id: { field: id, type: text }
                  customer_id: { field: customerRef.id, type: text }
                  total: { field: totalAmount, type: decimal }
                """);
        RecordMapper mapper = new RecordMapper(dataSet);
        for (String text : List.of(
                "{\"id\": \"a\", \"modifiedDate\": \"2025-01-02T03:04:05Z\", \"customerRef\": {\"id\": \"c\u00e9\"}, \"totalAmount\": 1.50}",
                "{\"id\": 12, \"modifiedDate\": \"2025-01-02T03:04:05\", \"totalAmount\": 1e3}",
                "{\"id\": 1.50}", "{\"id\": -0}", "{\"id\": 123456789012345678901234567890}", "{\"id\": true}",
                "{\"id\": null, \"modifiedDate\": null}", "{\"id\": {\"x\": 1}, \"modifiedDate\": [1]}", "{\"id\": [\"a\"]}",
                "{\"id\": \"first\", \"id\": \"last\", \"modifiedDate\": \"2024-01-01\", \"modifiedDate\": \"2025-06-07\"}",
                "{\"customerRef\": {\"id\": \"c\"}, \"customerRef\": 3}", "{}",
                "{ \n\t\"id\"\r\n:\t\"w\" ,\"lines\" : [[1, [2]], [], [{\"id\": \"nested\"}]] ,\"modifiedDate\":\"2025-01-01T00:00:00+02:00\"}",
                "{\"id\": \"\\u0041\\\"\\\\\\n\ud83d\ude00\"}")) {
            SourceRecord onePass = SourceRecord.read(text.getBytes(StandardCharsets.UTF_8), mapper);
            SourceRecord fromText = record(text);
            JsonNode tree = fromText.json();

            assertThat(onePass.id()).as(text).isEqualTo(fromText.id())
                    .isEqualTo(tree.path("id").isValueNode() && !tree.path("id").isNull() ? tree.path("id").asString() : null);
            assertThat(mapper.toRow(onePass, "c1")).as(text).isEqualTo(mapper.toRow(fromText, "c1"));
            JsonNode cursor = tree.path("modifiedDate");
            assertThat(mapper.cursorText(onePass)).as(text).isEqualTo(mapper.cursorText(fromText))
                    .isEqualTo(cursor.isValueNode() && !cursor.isNull() ? cursor.asString() : null);
        }
    }

    /** Issue 15: a list field (AccountingInvoice.lineItems, docs/CONTRACT.md §15) becomes the items of a child table, in list order. */
    @Test
    void theItemsOfAListFieldAreTypedForTheirChildTable() {
        DataSet invoices = DataSetCatalog.load("classpath*:jobs/*.yml").get("invoices");

        Row row = new RecordMapper(invoices).toRow(record("""
                {"id": "i1", "lineItems": [
                  {"description": "Desk", "quantity": 2, "unitAmount": 12.50, "subTotal": 25.00, "taxAmount": 5.00,
                   "totalAmount": 30.00, "accountRef": {"id": "a1", "name": "Sales"}, "itemRef": {"id": "it1"},
                   "taxRateRef": {"id": "t1", "name": "VAT", "effectiveTaxRate": 20}},
                  {"description": "Pen"}],
                 "paymentAllocations": null}"""), "c1");

        List<Object[]> lines = row.children().get(0);
        assertThat(lines).hasSize(2);
        List<String> columns = invoices.children().get(0).table().columns().stream().map(c -> c.name()).toList();
        assertThat(lines.get(0)[columns.indexOf("description")]).isEqualTo("Desk");
        assertThat((BigDecimal) lines.get(0)[columns.indexOf("unit_amount")]).isEqualByComparingTo("12.50");
        assertThat(lines.get(0)[columns.indexOf("account_id")]).isEqualTo("a1");
        assertThat((BigDecimal) lines.get(0)[columns.indexOf("effective_tax_rate")]).isEqualByComparingTo("20");
        assertThat(lines.get(1)[columns.indexOf("account_id")]).isNull();
        assertThat(row.children().get(1)).as("a null list has no items").isEmpty();
    }

    /**
     * Issue 28: the items of a list are read field by field in the record's one pass, not as a tree of the list; what
     * each item path reaches is what it reaches on the item's tree (the last of a repeated field, nothing in an item
     * that is not an object, nothing through a list), and the last of a repeated list field is the list.
     */
    @Test
    void theItemsOfAListAreReadInTheOnePassAsTheirTreesWouldGiveThem() {
        DataSet invoices = DataSetCatalog.load("classpath*:jobs/*.yml").get("invoices");
        List<String> columns = invoices.children().get(0).table().columns().stream().map(c -> c.name()).toList();
        String text = """
                {"id": "i1", "lineItems": [{"description": "dropped"}], "lineItems": [
                  {"description": "first", "description": "Desk", "accountRef": {"id": "a0", "id": "a1"}, "tracking": [[1], {"x": []}]},
                  7, null, [{"description": "in a nested list"}], "text",
                  {"accountRef": [{"id": "through a list"}], "quantity": 2.50, "itemRef": {"id": {"deep": 1}}}]}""";
        RecordMapper mapper = new RecordMapper(invoices);

        for (SourceRecord record : List.of(SourceRecord.read(text.getBytes(StandardCharsets.UTF_8), mapper), record(text))) {
            List<Object[]> lines = mapper.toRow(record, "c1").children().get(0);

            assertThat(lines).hasSize(6);
            assertThat(lines.get(0)[columns.indexOf("description")]).isEqualTo("Desk");
            assertThat(lines.get(0)[columns.indexOf("account_id")]).isEqualTo("a1");
            for (int line = 1; line <= 4; line++) {
                assertThat(lines.get(line)).as("item %d is no object", line).containsOnlyNulls();
            }
            assertThat(lines.get(5)[columns.indexOf("account_id")]).as("through a list").isNull();
            assertThat((BigDecimal) lines.get(5)[columns.indexOf("quantity")]).isEqualByComparingTo("2.50");
            assertThat(lines.get(5)[columns.indexOf("item_id")]).as("an object in a text column is its JSON").isEqualTo("{\"deep\":1}");
        }
    }

    @Test
    void anItemThatCannotBeStoredMakesItsRecordUnstorableNamedByTheItemsField() {
        DataSet invoices = DataSetCatalog.load("classpath*:jobs/*.yml").get("invoices");

        assertThatThrownBy(() -> new RecordMapper(invoices).toRow(record("{\"id\": \"i1\", \"lineItems\": 3}"), "c1"))
                .isInstanceOfSatisfying(UnstorableRecordException.class, e -> assertThat(e.field()).isEqualTo("lineItems"))
                .hasMessageContaining("field 'lineItems' = 3 is not a list, as child table invoice_line_items needs");
        assertThatThrownBy(() -> new RecordMapper(invoices).toRow(record(
                "{\"id\": \"i1\", \"lineItems\": [{\"quantity\": 1}, {}, {}, {\"quantity\": \"x\"}]}"), "c1"))
                .isInstanceOfSatisfying(UnstorableRecordException.class,
                        e -> assertThat(e.field()).isEqualTo("lineItems[3].quantity"))
                .hasMessageContaining("field 'lineItems[3].quantity' = \"x\" is not a valid decimal for column invoice_line_items.quantity");
    }
}
