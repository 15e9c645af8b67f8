package io.ledgersync.warehouse;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;

import io.ledgersync.MachineServer;
import io.ledgersync.RequiresMachineServer;

/**
 * The warehouse contract once more, on a PostgreSQL server of the machine (127.0.0.1:5432, user postgres, trust
 * auth: CI has one) rather than the embedded one. That server is built with lz4, which the embedded binaries are
 * not, so the lz4 branch of V5 runs for real here. Without such a server the tests are skipped, except under
 * {@code CI=true}, where its absence is a failure.
 */
@RequiresMachineServer(MachineServer.POSTGRES)
class ServerPostgresWarehouseContractTests extends PostgresWarehouseContractTests {

    private static final String SERVER = MachineServer.POSTGRES_URL;
    private static final List<String> created = new ArrayList<>();

    @AfterAll
    static void dropDatabases() throws SQLException {
        for (String database : created) {
            execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
        }
    }

    @Override
    String freshDatabaseUrl() {
        String database = "ledgersync_contract_" + ProcessHandle.current().pid() + "_" + created.size();
        try {
            execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
            execute("CREATE DATABASE " + database);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot create " + database + " on " + SERVER, e);
        }
        created.add(database);
        return SERVER + database;
    }

    private static void execute(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(SERVER + "postgres", "postgres", "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
