package io.ledgersync.warehouse;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What differs between the databases the warehouse runs on. One implementation per database;
 * the rest of the warehouse never asks which database it is on.
 */
interface Dialect {

    /** The statement that inserts or replaces one row of {@code table}, keyed by its primary key. */
    String upsert(Table table);

    /** The product names ({@code DatabaseMetaData.getDatabaseProductName()}) of each dialect. */
    Map<String, Dialect> BY_PRODUCT = Map.of("H2", new H2Dialect(), "PostgreSQL", new PostgresDialect());

    static Dialect forProduct(String productName) {
        Dialect dialect = BY_PRODUCT.get(productName);
        if (dialect == null) {
            throw new IllegalStateException("The warehouse database is " + productName
                    + ", which ledgersync does not support: use H2 or PostgreSQL (LEDGERSYNC_DB_URL)");
        }
        return dialect;
    }

    /** All column names of a row in binding order: typed columns, then raw, synced_at, run_id. */
    static List<String> allColumns(Table table) {
        List<String> names = table.columns().stream().map(Column::name).collect(Collectors.toList());
        names.addAll(List.of("raw", "synced_at", "run_id"));
        return names;
    }
}
