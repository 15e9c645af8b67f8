package io.ledgersync.metrics;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.ledgersync.warehouse.TestPostgres;

/** The same metrics on PostgreSQL, where the last-success query reads the job repository in another dialect. */
class PostgresMetricsIntegrationTests extends AbstractMetricsIntegrationTests {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        sandboxProperties(registry);
        TestPostgres.register(registry, "metrics_it");
    }
}
