package io.ledgersync.warehouse.table;

import java.math.BigDecimal;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the columns of one table can hold, as the database declares them (length of a varchar, precision and scale of
 * a numeric), and the one check of a value against them. A value the database would refuse mid-chunk ("numeric field
 * overflow", "invalid byte sequence", "value too long") is told here first, so that its record can be set aside as
 * source data while the rest of its page is written (issue 17), the same way on H2 and on PostgreSQL's COPY path.
 * Immutable.
 */
public final class ColumnLimits {

    /** Above this a declared length or precision is the database's "unbounded" (text, numeric without precision). */
    private static final int UNBOUNDED = 100_000;

    private record Limit(int jdbcType, int size, int scale) {
    }

    private final Map<String, Limit> byColumn;

    private ColumnLimits(Map<String, Limit> byColumn) {
        this.byColumn = byColumn;
    }

    /** Limits of a table whose columns were not read: only what no database holds (a NUL, a year past 9999) misfits. */
    public static ColumnLimits none() {
        return new ColumnLimits(Map.of());
    }

    public static ColumnLimits read(DatabaseMetaData metaData, String table) throws SQLException {
        Map<String, Limit> limits = new HashMap<>();
        for (String candidate : List.of(table, table.toUpperCase(Locale.ROOT))) {
            try (ResultSet columns = metaData.getColumns(null, null, candidate, null)) {
                while (columns.next()) {
                    limits.put(columns.getString("COLUMN_NAME").toLowerCase(Locale.ROOT),
                            new Limit(columns.getInt("DATA_TYPE"), columns.getInt("COLUMN_SIZE"), columns.getInt("DECIMAL_DIGITS")));
                }
            }
            if (!limits.isEmpty()) {
                break;
            }
        }
        return new ColumnLimits(limits);
    }

    /** The column names the table has, lower case. */
    public java.util.Set<String> columns() {
        return byColumn.keySet();
    }

    /** Why the value does not fit the column, or null when it does (null values always do: keys are checked apart). */
    public String misfit(Column column, Object value) {
        Limit limit = byColumn.get(column.name());
        if (value instanceof String text) {
            if (text.indexOf('\0') >= 0) {
                return "contains a NUL character (U+0000), which a PostgreSQL text column cannot hold";
            }
            if (limit != null && isText(limit) && limit.size() > 0 && limit.size() < UNBOUNDED
                    && text.codePointCount(0, text.length()) > limit.size()) {
                return "is " + text.codePointCount(0, text.length()) + " characters long; column " + column.name() + " holds "
                        + limit.size();
            }
        } else if (value instanceof BigDecimal number && limit != null && isNumeric(limit) && limit.size() > 0
                && limit.size() < UNBOUNDED) {
            int integerDigits = Math.max(0, number.precision() - number.scale());
            int allowed = limit.size() - limit.scale();
            if (integerDigits > allowed) {
                return "has " + integerDigits + " digits before the decimal point; column " + column.name() + " is numeric("
                        + limit.size() + ", " + limit.scale() + ") and holds " + allowed;
            }
        } else if (value instanceof OffsetDateTime time && (time.getYear() < 1 || time.getYear() > 9999)) {
            return "is in the year " + time.getYear() + ", outside 1 to 9999, which every warehouse database holds";
        }
        return null;
    }

    private static boolean isText(Limit limit) {
        return limit.jdbcType() == Types.VARCHAR || limit.jdbcType() == Types.CHAR || limit.jdbcType() == Types.NVARCHAR;
    }

    private static boolean isNumeric(Limit limit) {
        return limit.jdbcType() == Types.NUMERIC || limit.jdbcType() == Types.DECIMAL;
    }

    /**
     * Whether a record's JSON text holds the escape backslash-u0000 (NUL): PostgreSQL's jsonb refuses it ("unsupported Unicode
     * escape sequence"), so such a record cannot be kept in {@code raw}, on H2 either, to behave the same.
     */
    public static boolean hasNulEscape(byte[] json) {
        int at = ByteSearch.indexOfAny(json, 0, json.length, BACKSLASH, BACKSLASH, BACKSLASH, BACKSLASH);
        while (at >= 0) {
            int run = at;
            while (run < json.length && json[run] == BACKSLASH) {
                run++;
            }
            // an odd run of backslashes ends in an escape; an even one is escaped backslashes, then text
            if ((run - at) % 2 == 1 && startsWith(json, run, NUL_ESCAPE_TAIL)) {
                return true;
            }
            at = run < json.length ? ByteSearch.indexOfAny(json, run, json.length, BACKSLASH, BACKSLASH, BACKSLASH, BACKSLASH) : -1;
        }
        return false;
    }

    private static final byte BACKSLASH = '\\';
    private static final byte[] NUL_ESCAPE_TAIL = {'u', '0', '0', '0', '0'};

    private static boolean startsWith(byte[] bytes, int at, byte[] prefix) {
        return at + prefix.length <= bytes.length && java.util.Arrays.equals(bytes, at, at + prefix.length, prefix, 0, prefix.length);
    }

    /** {@link #hasNulEscape(byte[])} of a record's JSON text. */
    public static boolean hasNulEscape(String json) {
        return hasNulEscape(json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
