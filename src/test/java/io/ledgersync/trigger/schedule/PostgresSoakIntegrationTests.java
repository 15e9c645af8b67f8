package io.ledgersync.trigger.schedule;

import org.jdbi.v3.core.Jdbi;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.ledgersync.warehouse.TestPostgres;

/** The soak on PostgreSQL, the production warehouse: only the JDBC URL and how the size is read differ. */
class PostgresSoakIntegrationTests extends AbstractSoakIntegrationTests {

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        properties(registry);
        TestPostgres.register(registry, "soak_it");
    }

    @Override
    long databaseBytes(Jdbi jdbi) {
        return jdbi.withHandle(h -> h.createQuery("SELECT pg_database_size(current_database())").mapTo(Long.class).one());
    }

    @Override
    String name() {
        return "postgres";
    }
}
