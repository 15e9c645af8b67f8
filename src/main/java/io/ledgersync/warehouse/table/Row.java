package io.ledgersync.warehouse.table;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * One record ready for a table: a value per typed column (in the table's column order, Java types
 * matching {@link ColumnType}: String, Long, BigDecimal, Boolean, LocalDate, OffsetDateTime; null
 * allowed), the whole record as JSON, and the items of each of its child tables.
 *
 * @param raw the record's JSON as UTF-8 bytes, as the Data API sent it: PostgreSQL's COPY writes them as they are, and
 *     only a sink that needs text makes a String of them ({@link #rawText()}; issue 28). Not to be changed.
 * @param children per child table of the table (in its order), the items' typed values, in list order
 */
public record Row(Object[] values, byte[] raw, List<List<Object[]>> children) {

    public Row(Object[] values, String raw, List<List<Object[]>> children) {
        this(values, raw.getBytes(StandardCharsets.UTF_8), children);
    }

    public Row(Object[] values, String raw) {
        this(values, raw, List.of());
    }

    /** The record's JSON as text, made anew on every call. */
    public String rawText() {
        return new String(raw, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Row row && Arrays.equals(values, row.values) && Arrays.equals(raw, row.raw)
                && sameChildren(children, row.children);
    }

    private static boolean sameChildren(List<List<Object[]>> a, List<List<Object[]>> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!Arrays.deepEquals(a.get(i).toArray(), b.get(i).toArray())) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(values) + Arrays.hashCode(raw);
    }

    @Override
    public String toString() {
        return "Row" + Arrays.toString(values);
    }
}
