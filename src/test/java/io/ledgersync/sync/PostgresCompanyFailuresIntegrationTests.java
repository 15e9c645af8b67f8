package io.ledgersync.sync;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.ledgersync.warehouse.TestPostgres;

/** A company data set as the unit of failure, on PostgreSQL. */
class PostgresCompanyFailuresIntegrationTests extends AbstractCompanyFailuresIntegrationTests {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        companyFailuresProperties(registry);
        TestPostgres.register(registry, "company_failures_it");
    }
}
