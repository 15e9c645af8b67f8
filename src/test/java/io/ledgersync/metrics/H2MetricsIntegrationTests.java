package io.ledgersync.metrics;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The metrics on the embedded H2 warehouse (the default database). */
class H2MetricsIntegrationTests extends AbstractMetricsIntegrationTests {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        sandboxProperties(registry);
        registry.add("spring.datasource.url",
                () -> "jdbc:h2:mem:metrics-it;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
    }
}
