package io.ledgersync.sync.dataset;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.ledgersync.source.RecordParse;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.Row;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;

/**
 * Turns a record into a warehouse row as its data set declares: each typed column read from a
 * dotted field path and converted to the column's type; the record's bytes go to {@code raw} as
 * they came. A value that does not convert throws an {@link UnstorableRecordException} naming the field and value.
 *
 * <p>As a {@link RecordParse} it reads what the row needs (the columns' values, the child lists, the cursor and the id)
 * while the page is decoded, in the one streaming pass over each record (issue 28); {@link #toRow} then only converts
 * what that pass read. A record that was not read so (made from stored text) is read when it is mapped.
 * Thread-safe.
 */
public final class RecordMapper implements RecordParse {

    /** What {@link #read} read of a record: the values at {@link #paths}, and the record's id. */
    private record Fields(List<String> paths, FieldPaths.Read read, String id) implements Parsed {
    }

    private final DataSet dataSet;
    /**
     * The columns' field paths (null for the company id column), the child tables' list fields, the cursor field when
     * no column holds it, then {@code id}: read in one streaming pass per record.
     */
    private final FieldPaths paths;
    /** The paths as given: two mappers of one data set read the same, so either may use what the other read. */
    private final List<String> pathList;
    /** Where the cursor's value is in what is read; -1 when the data set has no cursor or a column holds it. */
    private final int cursorIndex;
    private final int idIndex;
    /** Per child table, each typed column's field path in an item, split at the dots. */
    private final List<String[][]> itemPaths;

    public RecordMapper(DataSet dataSet) {
        this.dataSet = dataSet;
        List<String> all = new ArrayList<>(dataSet.fields());
        dataSet.children().forEach(child -> all.add(child.field()));
        boolean cursorInColumn = dataSet.cursorField() == null || dataSet.fields().contains(dataSet.cursorField());
        this.cursorIndex = cursorInColumn ? -1 : all.size();
        if (!cursorInColumn) {
            all.add(dataSet.cursorField());
        }
        this.idIndex = all.size();
        all.add("id");
        this.pathList = java.util.Collections.unmodifiableList(all); // not List.copyOf: the company id column reads no path (null)
        // each child list's items are read field by field in the same pass, never as a tree of the list
        Map<Integer, List<String>> items = new HashMap<>();
        for (int c = 0; c < dataSet.children().size(); c++) {
            items.put(dataSet.fields().size() + c, dataSet.children().get(c).fields());
        }
        this.paths = new FieldPaths(all, items);
        this.itemPaths = dataSet.children().stream()
                .map(child -> child.fields().stream().map(field -> field.split("\\.")).toArray(String[][]::new))
                .toList();
    }

    /** Reads the record the parser is at, while its page is decoded: everything {@link #toRow} will need of it. */
    @Override
    public Parsed read(JsonParser parser) {
        FieldPaths.Read read = paths.readObject(parser);
        return new Fields(pathList, read, SourceRecord.idOf(read.values()[idIndex]));
    }

    public Row toRow(SourceRecord record, String companyId) {
        List<Column> columns = dataSet.table().columns();
        FieldPaths.Read read = fields(record);
        JsonNode[] nodes = read.values();
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
            children.add(items(dataSet.children().get(c), itemPaths.get(c), nodes[columns.size() + c],
                    read.items()[columns.size() + c]));
        }
        return new Row(values, record.raw(), children);
    }

    /**
     * The typed values of each item of a list field; an absent or null list has no items.
     *
     * @param read the values at the item paths in each item, as the pass read them; null when the pass took the list
     *     whole ({@code list}), or it was no list
     */
    private List<Object[]> items(DataSet.Child child, String[][] fieldPaths, JsonNode list, List<JsonNode[]> read) {
        if (read == null) {
            if (list.isMissingNode() || list.isNull()) {
                return List.of();
            }
            if (!list.isArray()) {
                throw new UnstorableRecordException(child.field(), "= " + bounded(list.toString()) + " is not a list, as child table "
                        + child.table().name() + " needs", null);
            }
            read = new ArrayList<>(list.size());
            for (JsonNode item : list) {
                JsonNode[] fields = new JsonNode[fieldPaths.length];
                for (int i = 0; i < fields.length; i++) {
                    JsonNode node = item;
                    for (String part : fieldPaths[i]) {
                        node = node.path(part);
                    }
                    fields[i] = node;
                }
                read.add(fields);
            }
        }
        List<Column> columns = child.table().columns();
        List<Object[]> items = new ArrayList<>(read.size());
        for (int line = 0; line < read.size(); line++) {
            JsonNode[] fields = read.get(line);
            Object[] values = new Object[columns.size()];
            for (int i = 0; i < values.length; i++) {
                JsonNode node = fields[i];
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

    /**
     * The cursor field's value of a record as text, for a data set whose cursor no column holds (a column's typed value
     * is the row's); null when it has none, or a null, an object or a list there.
     */
    public String cursorText(SourceRecord record) {
        if (cursorIndex < 0) {
            throw new IllegalStateException("data set " + dataSet.name() + " keeps its cursor in a column, or has none");
        }
        JsonNode node = fields(record).values()[cursorIndex];
        return node.isValueNode() && !node.isNull() ? node.asString() : null;
    }

    /** What the page's decoding read of the record, or, for a record not read by a mapper of this data set, a new pass. */
    private FieldPaths.Read fields(SourceRecord record) {
        if (record.parsed() instanceof Fields fields && (fields.paths() == pathList || fields.paths().equals(pathList))) {
            return fields.read();
        }
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
            case DATE -> date(text(node));
            case TIMESTAMP -> timestamp(text(node));
        };
    }

    /**
     * The contract's date-times come with Z, with an offset, or without a zone (taken as UTC), or as a bare date.
     * The form is told from the text first: trying one parser after another throws an exception per value, and
     * on invoices, whose dates have no zone, that was most of the mapping's time (bench/BENCHMARKS.md).
     */
    public static OffsetDateTime timestamp(String text) {
        OffsetDateTime usual = IsoTimes.dateTime(text); // the usual forms by hand: the formatters are slow (IsoTimes)
        if (usual != null) {
            return usual;
        }
        if (text.length() == 10) {
            LocalDate date = IsoTimes.date(text);
            if (date != null) {
                return date.atStartOfDay().atOffset(ZoneOffset.UTC);
            }
            return LocalDate.parse(text).atStartOfDay().atOffset(ZoneOffset.UTC);
        }
        return hasOffset(text) ? OffsetDateTime.parse(text) : LocalDateTime.parse(text).atOffset(ZoneOffset.UTC);
    }

    /** A date column takes the date of a date-time: its first ten characters. */
    private static LocalDate date(String text) {
        String date = text.substring(0, Math.min(10, text.length()));
        LocalDate usual = IsoTimes.date(date);
        return usual != null ? usual : LocalDate.parse(date);
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
