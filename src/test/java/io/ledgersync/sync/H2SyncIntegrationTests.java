package io.ledgersync.sync;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The sync contract on the embedded H2 warehouse (the default database). */
class H2SyncIntegrationTests extends AbstractSyncIntegrationTests {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        sandboxProperties(registry);
        registry.add("spring.datasource.url",
                () -> "jdbc:h2:mem:sync-it;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
    }
}
