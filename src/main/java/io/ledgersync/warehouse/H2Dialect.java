package io.ledgersync.warehouse;

import java.util.Collections;
import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

/**
 * H2: {@code MERGE INTO ... KEY (...)}, since H2 has no {@code ON CONFLICT}; JSON is kept as text. Run locks live in this
 * JVM, since H2 lets one process at a time open a file database.
 */
final class H2Dialect implements Dialect {

    @Override
    public String upsert(String table, List<String> columns, List<String> key, Set<String> jsonColumns) {
        return "MERGE INTO " + table + " (" + String.join(", ", columns) + ") KEY (" + String.join(", ", key)
                + ") VALUES (" + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")";
    }

    @Override
    public RunLocks runLocks(DataSource lockConnections, String holderName) {
        return new InProcessRunLocks(holderName);
    }
}
