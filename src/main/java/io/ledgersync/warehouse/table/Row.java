package io.ledgersync.warehouse.table;

import java.util.Arrays;
import java.util.List;

/**
 * One record ready for a table: a value per typed column (in the table's column order, Java types
 * matching {@link ColumnType}: String, Long, BigDecimal, Boolean, LocalDate, OffsetDateTime; null
 * allowed), the whole record as JSON, and the items of each of its child tables.
 *
 * @param children per child table of the table (in its order), the items' typed values, in list order
 */
public record Row(Object[] values, String raw, List<List<Object[]>> children) {

    public Row(Object[] values, String raw) {
        this(values, raw, List.of());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Row row && Arrays.equals(values, row.values) && raw.equals(row.raw)
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
        return 31 * Arrays.hashCode(values) + raw.hashCode();
    }

    @Override
    public String toString() {
        return "Row" + Arrays.toString(values);
    }
}
