package io.ledgersync.trigger;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Issue 17's hostile source on the embedded H2 warehouse. */
class H2HostileSourceIntegrationTests extends AbstractHostileSourceIntegrationTests {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        hostileSourceProperties(registry);
        registry.add("spring.datasource.url",
                () -> "jdbc:h2:mem:hostile-it;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
    }
}
