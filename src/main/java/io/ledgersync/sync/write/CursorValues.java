package io.ledgersync.sync.write;

import java.time.Instant;
import java.time.OffsetDateTime;

import io.ledgersync.source.SourceRecord;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.RecordMapper;
import io.ledgersync.warehouse.table.Row;

/**
 * The cursor value ({@code modifiedDate}) of a record about to be written: from its typed column when the data set
 * maps the cursor field to one, else from what the mapper read of the record while its page was decoded, so that
 * nothing is parsed twice (issue 28). Thread-safe.
 */
final class CursorValues {

    private final int column;
    private final RecordMapper mapper;

    CursorValues(DataSet dataSet, RecordMapper mapper) {
        this.column = dataSet.fields().indexOf(dataSet.cursorField());
        this.mapper = mapper;
    }

    /** The cursor value of a record and its row, or null when it has none (or one that is not a date-time). */
    Instant of(Row row, SourceRecord record) {
        Object value = column >= 0 ? row.values()[column] : mapper.cursorText(record);
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
}
