package io.ledgersync.warehouse.table;

import java.sql.Types;

/** The types a data set's typed columns may have; each maps to one JDBC type for binding. */
public enum ColumnType {
    TEXT(Types.VARCHAR),
    INTEGER(Types.BIGINT),
    DECIMAL(Types.NUMERIC),
    BOOLEAN(Types.BOOLEAN),
    DATE(Types.DATE),
    TIMESTAMP(Types.TIMESTAMP_WITH_TIMEZONE);

    private final int sqlType;

    ColumnType(int sqlType) {
        this.sqlType = sqlType;
    }

    public int sqlType() {
        return sqlType;
    }
}
