package io.ledgersync.sync;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Keeping in step on the embedded H2 warehouse. */
class H2KeepingInStepIntegrationTests extends AbstractKeepingInStepIntegrationTests {

    @DynamicPropertySource
    static void h2(DynamicPropertyRegistry registry) {
        properties(registry);
        registry.add("spring.datasource.url",
                () -> "jdbc:h2:mem:incr-it;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
    }

    @Override
    String rowVersion() {
        return "CAST(_ROWID_ AS VARCHAR)";
    }
}
