package io.ledgersync.trigger.api;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.ledgersync.warehouse.TestPostgres;

/** The REST API's refusals on PostgreSQL (embedded): the same tests, another warehouse. */
class PostgresApiHardeningIntegrationTests extends AbstractApiHardeningIntegrationTests {

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        properties(registry);
        TestPostgres.register(registry, "api_hardening_it");
    }
}
