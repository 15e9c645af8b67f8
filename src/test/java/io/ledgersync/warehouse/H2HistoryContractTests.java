package io.ledgersync.warehouse;

import java.util.UUID;

/** History mode on H2 in PostgreSQL mode, the default warehouse. */
class H2HistoryContractTests extends AbstractHistoryContractTests {

    @Override
    String freshDatabaseUrl() {
        return "jdbc:h2:mem:" + UUID.randomUUID() + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";
    }

    @Override
    String user() {
        return "sa";
    }

    @Override
    String vendor() {
        return "h2";
    }
}
