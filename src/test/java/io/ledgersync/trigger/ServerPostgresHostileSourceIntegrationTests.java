package io.ledgersync.trigger;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.AfterAll;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 17's hostile source on the PostgreSQL server of the machine (127.0.0.1:5432, user postgres, trust auth), in a
 * database of its own that is dropped afterwards. Without such a server the class fails to start, except that outside
 * CI ({@code CI} not {@code true}) it is skipped, as ServerPostgresWarehouseContractTests is.
 */
class ServerPostgresHostileSourceIntegrationTests extends AbstractHostileSourceIntegrationTests {

    private static final String SERVER = "jdbc:postgresql://127.0.0.1:5432/";
    private static final String DATABASE = "hostile_it_" + ProcessHandle.current().pid();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws SQLException {
        try {
            execute("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
        } catch (SQLException e) {
            if ("true".equals(System.getenv("CI"))) {
                throw e;
            }
            org.junit.jupiter.api.Assumptions.abort("no PostgreSQL at " + SERVER + ": " + e.getMessage());
        }
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
