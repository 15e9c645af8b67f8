package io.ledgersync.warehouse;

import java.util.Collections;
import java.util.List;

/** H2: {@code MERGE INTO ... KEY (...)}, since H2 has no {@code ON CONFLICT}. */
final class H2Dialect implements Dialect {

    @Override
    public String upsert(Table table) {
        List<String> columns = Dialect.allColumns(table);
        return "MERGE INTO " + table.name() + " (" + String.join(", ", columns) + ") KEY (" + String.join(", ", table.key())
                + ") VALUES (" + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")";
    }
}
