package io.ledgersync.warehouse;

import java.util.concurrent.atomic.AtomicInteger;

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
}
