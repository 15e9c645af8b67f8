package io.ledgersync.sync;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** A company data set as the unit of failure, on the embedded H2 warehouse. */
class H2CompanyFailuresIntegrationTests extends AbstractCompanyFailuresIntegrationTests {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        companyFailuresProperties(registry);
        registry.add("spring.datasource.url",
                () -> "jdbc:h2:mem:company-failures-it;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
    }
}
