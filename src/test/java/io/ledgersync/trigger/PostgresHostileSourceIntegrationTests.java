package io.ledgersync.trigger;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.ledgersync.warehouse.TestPostgres;

/** Issue 17's hostile source on PostgreSQL (COPY path): only the JDBC URL differs. */
class PostgresHostileSourceIntegrationTests extends AbstractHostileSourceIntegrationTests {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        hostileSourceProperties(registry);
        TestPostgres.register(registry, "hostile_it");
    }
}
