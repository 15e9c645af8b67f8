package io.ledgersync.sync;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.ledgersync.warehouse.TestPostgres;

/** Keeping in step on PostgreSQL, the production warehouse: only the JDBC URL differs. */
class PostgresKeepingInStepIntegrationTests extends AbstractKeepingInStepIntegrationTests {

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        properties(registry);
        TestPostgres.register(registry, "incr_keeping_in_step_it");
    }

    @Override
    String rowVersion() {
        return "CAST(ctid AS VARCHAR) || '/' || CAST(xmin AS VARCHAR)";
    }
}
