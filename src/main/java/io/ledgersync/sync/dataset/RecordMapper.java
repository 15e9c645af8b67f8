package io.ledgersync.sync.dataset;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.ledgersync.source.SourceRecord;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.Row;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;

/**
 * Turns a record into a warehouse row as its data set declares: each typed column read from a
 * dotted field path and converted to the column's type; the record's text goes to {@code raw} as
 * it came. A value that does not convert throws an {@link UnstorableRecordException} naming the field and value.
 * Thread-safe.
 */
public final class RecordMapper {

    private final DataSet dataSet;
    /**
     * The columns' field paths, then the child tables' list fields, read in one streaming pass per record; null for
     * the company id column.
     */
    private final FieldPaths paths;
    /** Per child table, each typed column's field path in an item, split at the dots. */
    private final List<String[][]> itemPaths;

    public RecordMapper(DataSet dataSet) {
        this.dataSet = dataSet;
        List<String> all = new ArrayList<>(dataSet.fields());
        dataSet.children().forEach(child -> all.add(child.field()));
        this.paths = new FieldPaths(all);
        this.itemPaths = dataSet.children().stream()
                .map(child -> child.fields().stream().map(field -> field.split("\\.")).toArray(String[][]::new))
                .toList();
    }

    public Row toRow(SourceRecord record, String companyId) {
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
                        + columns.get(i).type().name().toLowerCase(Locale.ROOT) + " for column " + columns.get(i).name(), e);
            }
        }
        List<List<Object[]>> children = new ArrayList<>(itemPaths.size());
        for (int c = 0; c < itemPaths.size(); c++) {
            children.add(items(dataSet.children().get(c), itemPaths.get(c), nodes[columns.size() + c]));
        }
        return new Row(values, record.rawJson(), children);
    }

    /** The typed values of each item of a list field; an absent or null list has no items. */
    private List<Object[]> items(DataSet.Child child, String[][] fieldPaths, JsonNode list) {
        if (list.isMissingNode() || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw new UnstorableRecordException(child.field(), "= " + bounded(list.toString()) + " is not a list, as child table "
                    + child.table().name() + " needs", null);
        }
        List<Column> columns = child.table().columns();
        List<Object[]> items = new ArrayList<>(list.size());
        for (int line = 0; line < list.size(); line++) {
            JsonNode item = list.get(line);
            Object[] values = new Object[columns.size()];
            for (int i = 0; i < values.length; i++) {
                JsonNode node = item;
                for (String part : fieldPaths[i]) {
                    node = node.path(part);
                }
                try {
                    values[i] = convert(node, columns.get(i));
                } catch (RuntimeException e) {
                    // an item is part of its record: the record is set aside whole, named by the item's field
                    throw new UnstorableRecordException(child.field() + "[" + line + "]." + child.fields().get(i), "= "
                            + bounded(node.toString()) + " is not a valid " + columns.get(i).type().name().toLowerCase(Locale.ROOT)
                            + " for column " + child.table().name() + "." + columns.get(i).name(), e);
                }
            }
            items.add(values);
        }
        return items;
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
    public static OffsetDateTime timestamp(String text) {
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
