package io.ledgersync.trigger.cli;

import java.util.List;

import org.junit.jupiter.api.BeforeAll;

import io.ledgersync.warehouse.TestPostgres;

/** {@code schema --dbt --out=FILE} on a PostgreSQL warehouse (embedded): the same refusals, another database. */
class PostgresSchemaDbtOutIntegrationTests extends AbstractSchemaDbtOutIntegrationTests {

    private static String url;

    @BeforeAll
    static void createDatabase() {
        url = TestPostgres.createDatabase("schema_dbt_out_it");
    }

    @Override
    List<String> warehouse() {
        return List.of("--spring.datasource.url=" + url, "--spring.datasource.username=postgres", "--spring.datasource.password=");
    }
}
