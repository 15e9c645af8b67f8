package io.ledgersync.warehouse;

import java.util.Arrays;

/**
 * One record ready for a table: a value per typed column (in the table's column order, Java types
 * matching {@link ColumnType}: String, Long, BigDecimal, Boolean, LocalDate, OffsetDateTime; null
 * allowed) and the whole record as JSON.
 */
public record Row(Object[] values, String raw) {

    @Override
    public boolean equals(Object other) {
        return other instanceof Row row && Arrays.equals(values, row.values) && raw.equals(row.raw);
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
