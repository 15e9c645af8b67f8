package io.ledgersync.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/** The warehouse contract on PostgreSQL, the production warehouse. */
class PostgresWarehouseContractTests extends AbstractWarehouseContractTests {

    private static final AtomicInteger databases = new AtomicInteger();

    @Override
    String freshDatabaseUrl() {
        return TestPostgres.createDatabase("warehouse_contract_" + databases.incrementAndGet());
    }

    @Override
    String user() {
        return "postgres";
    }

    @Override
    String vendor() {
        return "postgresql";
    }

    /** V5: raw is compressed with lz4 where the server has it, through the staging table of the COPY upsert too. */
    @Test
    void rawIsCompressedWithLz4WhereTheServerHasIt() {
        String raw = "{\"lines\": [" + "{\"description\": \"the same line again\", \"amount\": 1.5},".repeat(200) + "{}]}";
        warehouse.upsert(THINGS, List.of(new Row(new Object[] {"c1", "big", null, null, null}, raw)), 1);

        boolean serverHasLz4 = jdbi.withHandle(h -> h.createQuery("SELECT count(*) FROM pg_settings"
                + " WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)").mapTo(Integer.class).one()) == 1;
        String method = jdbi.withHandle(h -> h.createQuery("SELECT pg_column_compression(raw) FROM invoices WHERE id = 'big'")
                .mapTo(String.class).one());
        assertThat(method).isEqualTo(serverHasLz4 ? "lz4" : "pglz");
    }
}
