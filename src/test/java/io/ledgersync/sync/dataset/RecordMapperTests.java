package io.ledgersync.sync.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.ledgersync.source.SourceRecord;
import io.ledgersync.warehouse.table.Row;

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
        assertThat(row.raw()).isEqualTo("{\"id\": \"inv-1\"}");
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

        assertThat(new RecordMapper(invoices).toRow(record(text), "c").raw()).isEqualTo(text);
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
