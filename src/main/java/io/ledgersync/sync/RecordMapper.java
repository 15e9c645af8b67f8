package io.ledgersync.sync;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import io.ledgersync.source.SourceRecord;
import io.ledgersync.warehouse.Column;
import io.ledgersync.warehouse.Row;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;

/**
 * Turns a record into a warehouse row as its data set declares: each typed column read from a
 * dotted field path and converted to the column's type; the record's text goes to {@code raw} as
 * it came. A value that does not convert throws an {@link UnstorableRecordException} naming the field and value.
 * Thread-safe.
 */
final class RecordMapper {

    private final DataSet dataSet;
    /** The columns' field paths, read in one streaming pass per record; null for the company id column. */
    private final FieldPaths paths;

    RecordMapper(DataSet dataSet) {
        this.dataSet = dataSet;
        this.paths = new FieldPaths(dataSet.fields());
    }

    Row toRow(SourceRecord record, String companyId) {
        List<Column> columns = dataSet.table().columns();
        JsonNode[] nodes = read(record);
        Object[] values = new Object[columns.size()];
        for (int i = 0; i < values.length; i++) {
            String field = dataSet.fields().get(i);
            if (field == null) {
                values[i] = companyId;
                continue;
            }
            JsonNode node = nodes[i];
            try {
                values[i] = convert(node, columns.get(i));
            } catch (RuntimeException e) {
                throw new UnstorableRecordException(field, "= " + bounded(node.toString()) + " is not a valid "
                        + columns.get(i).type().name().toLowerCase(java.util.Locale.ROOT) + " for column " + columns.get(i).name(), e);
            }
        }
        return new Row(values, record.rawJson());
    }

    /** A value in a message: a 1 MB string that failed to convert is named by its first characters. */
    private static String bounded(String value) {
        return value.length() <= 80 ? value : value.substring(0, 80) + "...";
    }

    private JsonNode[] read(SourceRecord record) {
        try (JsonParser parser = record.parser()) {
            return paths.read(parser);
        }
    }

    private static Object convert(JsonNode node, Column column) {
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        return switch (column.type()) {
            case TEXT -> node.isValueNode() ? node.asString() : node.toString();
            case INTEGER -> node.isIntegralNumber() ? node.longValue() : Long.parseLong(text(node));
            case DECIMAL -> node.isNumber() ? node.decimalValue() : new BigDecimal(text(node));
            case BOOLEAN -> node.isBoolean() ? node.booleanValue() : parseBoolean(text(node));
            case DATE -> LocalDate.parse(text(node).substring(0, Math.min(10, text(node).length())));
            case TIMESTAMP -> timestamp(text(node));
        };
    }

    /**
     * The contract's date-times come with Z, with an offset, or without a zone (taken as UTC), or as a bare date.
     * The form is told from the text first: trying one parser after another throws an exception per value, and
     * on invoices, whose dates have no zone, that was most of the mapping's time (bench/BENCHMARKS.md).
     */
    static OffsetDateTime timestamp(String text) {
        if (text.length() == 10) {
            return LocalDate.parse(text).atStartOfDay().atOffset(ZoneOffset.UTC);
        }
        return hasOffset(text) ? OffsetDateTime.parse(text) : LocalDateTime.parse(text).atOffset(ZoneOffset.UTC);
    }

    /** Z or a sign after the time separator; text without a 'T' is left to the strict parser to refuse. */
    private static boolean hasOffset(String text) {
        int time = text.indexOf('T');
        if (time < 0) {
            return true;
        }
        for (int i = time + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 'Z' || c == '+' || c == '-') {
                return true;
            }
        }
        return false;
    }

    private static String text(JsonNode node) {
        if (!node.isValueNode()) {
            throw new IllegalArgumentException("not a single value");
        }
        return node.asString();
    }

    private static Boolean parseBoolean(String text) {
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return Boolean.valueOf(text);
        }
        throw new IllegalArgumentException("not a boolean");
    }
}
