package io.ledgersync.warehouse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import org.springframework.test.context.DynamicPropertyRegistry;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A real PostgreSQL for tests, the same everywhere: an embedded server (zonky, binaries from Maven
 * Central) started once per JVM; each test class gets a database of its own.
 */
public final class TestPostgres {

    private static EmbeddedPostgres server;

    private TestPostgres() {
    }

    /** Points the application at a fresh database named {@code database} on the shared server. */
    public static void register(DynamicPropertyRegistry registry, String database) {
        String url = createDatabase(database);
        registry.add("spring.datasource.url", () -> url);
        registry.add("spring.datasource.username", () -> "postgres");
        registry.add("spring.datasource.password", () -> "");
    }

    /** Creates (or re-creates) a database and returns its JDBC URL. */
    public static synchronized String createDatabase(String database) {
        try (Connection connection = server().getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
            statement.execute("CREATE DATABASE " + database);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot create test database " + database, e);
        }
        return server.getJdbcUrl("postgres", database);
    }

    private static EmbeddedPostgres server() {
        if (server == null) {
            try {
                server = EmbeddedPostgres.builder().start();
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot start embedded PostgreSQL", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    server.close();
                } catch (IOException ignored) {
                    // the JVM is going away
                }
            }));
        }
        return server;
    }
}
