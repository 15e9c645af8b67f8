package io.ledgersync.sync;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;

import io.ledgersync.source.SourceRecord;
import io.ledgersync.warehouse.Column;
import io.ledgersync.warehouse.Row;
import tools.jackson.databind.JsonNode;

/**
 * Turns a record into a warehouse row as its data set declares: each typed column read from a
 * dotted field path and converted to the column's type. A value that does not convert fails with
 * a message naming the record, field and value. Thread-safe.
 */
final class RecordMapper {

    private final DataSet dataSet;

    RecordMapper(DataSet dataSet) {
        this.dataSet = dataSet;
    }

    Row toRow(SourceRecord record, String companyId) {
        List<Column> columns = dataSet.table().columns();
        Object[] values = new Object[columns.size()];
        for (int i = 0; i < values.length; i++) {
            String field = dataSet.fields().get(i);
            if (field == null) {
                values[i] = companyId;
                continue;
            }
            JsonNode node = at(record.json(), field);
            try {
                values[i] = convert(node, columns.get(i));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("Record " + record.id() + " of " + dataSet.name()
                        + (companyId == null ? "" : " (company " + companyId + ")") + ": field '" + field + "' = " + node
                        + " is not a valid " + columns.get(i).type().name().toLowerCase() + " for column " + columns.get(i).name(), e);
            }
        }
        return new Row(values, record.rawJson());
    }

    private static JsonNode at(JsonNode json, String dottedPath) {
        JsonNode node = json;
        for (String part : dottedPath.split("\\.")) {
            node = node.path(part);
        }
        return node;
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

    /** The contract's date-times come with Z, with an offset, or without a zone (taken as UTC). */
    static OffsetDateTime timestamp(String text) {
        try {
            return OffsetDateTime.parse(text);
        } catch (DateTimeParseException noOffset) {
            if (text.length() == 10) {
                return LocalDate.parse(text).atStartOfDay().atOffset(ZoneOffset.UTC);
            }
            return LocalDateTime.parse(text).atOffset(ZoneOffset.UTC);
        }
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
