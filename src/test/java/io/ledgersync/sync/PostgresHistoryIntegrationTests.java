package io.ledgersync.sync;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.ledgersync.warehouse.TestPostgres;

/** History mode on PostgreSQL, the production warehouse: only the JDBC URL differs. */
class PostgresHistoryIntegrationTests extends AbstractHistoryIntegrationTests {

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        properties(registry);
        TestPostgres.register(registry, "history_it");
    }
}
