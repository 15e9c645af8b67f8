package io.ledgersync.trigger;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.AfterAll;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.ledgersync.MachineServer;
import io.ledgersync.RequiresMachineServer;

/**
 * Issue 17's hostile source on the PostgreSQL server of the machine (127.0.0.1:5432, user postgres, trust auth), in a
 * database of its own that is dropped afterwards. Without such a server the class is skipped, except under
 * {@code CI=true}, where its absence is a failure.
 */
@RequiresMachineServer(MachineServer.POSTGRES)
class ServerPostgresHostileSourceIntegrationTests extends AbstractHostileSourceIntegrationTests {

    private static final String SERVER = MachineServer.POSTGRES_URL;
    private static final String DATABASE = "hostile_it_" + ProcessHandle.current().pid();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws SQLException {
        execute("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
        execute("CREATE DATABASE " + DATABASE);
        hostileSourceProperties(registry);
        registry.add("spring.datasource.url", () -> SERVER + DATABASE);
        registry.add("spring.datasource.username", () -> "postgres");
        registry.add("spring.datasource.password", () -> "");
    }

    @AfterAll
    static void dropDatabase() throws SQLException {
        execute("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
    }

    private static void execute(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(SERVER + "postgres", "postgres", "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
