package io.ledgersync.sync.write;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

import io.ledgersync.source.SourceRecord;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.FieldPaths;
import io.ledgersync.sync.dataset.RecordMapper;
import io.ledgersync.warehouse.table.Row;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;

/**
 * The cursor value ({@code modifiedDate}) of a record about to be written: from its typed column when the data set
 * maps the cursor field to one, so that nothing is parsed twice, else read from the record's JSON. Thread-safe.
 */
final class CursorValues {

    private final int column;
    private final FieldPaths paths;

    CursorValues(DataSet dataSet) {
        this.column = dataSet.fields().indexOf(dataSet.cursorField());
        this.paths = column >= 0 ? null : new FieldPaths(List.of(dataSet.cursorField()));
    }

    /** The record's cursor value, or null when it has none (or one that is not a date-time). */
    Instant of(Row row) {
        Object value = column >= 0 ? row.values()[column] : fromJson(row.raw());
        if (value instanceof OffsetDateTime time) {
            return time.toInstant();
        }
        if (value instanceof String text && !text.isBlank()) {
            try {
                return RecordMapper.timestamp(text).toInstant();
            } catch (java.time.format.DateTimeParseException e) {
                return null; // a record with a broken date cannot move the watermark; it is kept like any other
            }
        }
        return null;
    }

    private String fromJson(String raw) {
        try (JsonParser parser = new SourceRecord(raw).parser()) {
            JsonNode node = paths.read(parser)[0];
            return node.isValueNode() && !node.isNull() ? node.asString() : null;
        }
    }
}
