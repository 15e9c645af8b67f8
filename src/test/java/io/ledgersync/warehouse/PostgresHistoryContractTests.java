package io.ledgersync.warehouse;

import java.util.concurrent.atomic.AtomicInteger;

/** History mode on PostgreSQL, the production warehouse. */
class PostgresHistoryContractTests extends AbstractHistoryContractTests {

    private static final AtomicInteger databases = new AtomicInteger();

    @Override
    String freshDatabaseUrl() {
        return TestPostgres.createDatabase("history_contract_" + databases.incrementAndGet());
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
