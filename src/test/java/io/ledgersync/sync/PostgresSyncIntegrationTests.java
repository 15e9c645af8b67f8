package io.ledgersync.sync;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.ledgersync.warehouse.TestPostgres;

/** The same sync contract on PostgreSQL, the production warehouse: only the JDBC URL differs. */
class PostgresSyncIntegrationTests extends AbstractSyncIntegrationTests {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        sandboxProperties(registry);
        TestPostgres.register(registry, "sync_it");
    }
}
