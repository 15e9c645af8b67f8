package io.ledgersync.sync;

/** The warehouse following the data set files, on H2 (the default warehouse). */
class H2SchemaIntegrationTests extends AbstractSchemaIntegrationTests {

    @Override
    String freshDatabase(String name) {
        return "jdbc:h2:mem:" + name + "_" + System.nanoTime() + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";
    }

    @Override
    String user() {
        return "sa";
    }

    @Override
    String vendor() {
        return "h2";
    }

    @Override
    String rawParameter() {
        return ":raw";
    }

    @Override
    String versionBeforeDataSetSchema() {
        return "9";
    }
}
