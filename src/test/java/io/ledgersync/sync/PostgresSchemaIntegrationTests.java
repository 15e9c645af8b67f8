package io.ledgersync.sync;

import io.ledgersync.warehouse.TestPostgres;

/** The warehouse following the data set files, on PostgreSQL (embedded): the same tests, another database. */
class PostgresSchemaIntegrationTests extends AbstractSchemaIntegrationTests {

    @Override
    String freshDatabase(String name) {
        return TestPostgres.createDatabase(name);
    }

    @Override
    String user() {
        return "postgres";
    }

    @Override
    String vendor() {
        return "postgresql";
    }

    @Override
    String rawParameter() {
        return "CAST(:raw AS jsonb)";
    }

    @Override
    String versionBeforeDataSetSchema() {
        return "10";
    }
}
