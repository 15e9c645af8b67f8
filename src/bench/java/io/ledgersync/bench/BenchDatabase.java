package io.ledgersync.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import io.ledgersync.warehouse.TestPostgres;

/** A warehouse the benchmark writes into, fresh for every measurement and dropped after it. */
interface BenchDatabase {

    String name();

    /** Creates an empty database and returns the Spring properties that point the application at it. */
    List<String> create(String label);

    void drop(String label);

    /** The database server's CPU, where it runs outside the client JVM on this machine. */
    default ServerCpu serverCpu() {
        return ServerCpu.none();
    }

    /** PostgreSQL: the embedded server of the tests (zonky), or a running server given by its base URL. */
    static BenchDatabase postgres(String server) {
        boolean embedded = server.equals("embedded");
        return new BenchDatabase() {
            @Override
            public String name() {
                return embedded ? "postgres (embedded)" : "postgres (" + server + ")";
            }

            @Override
            public List<String> create(String label) {
                String url = embedded ? TestPostgres.createDatabase(label) : createOn(server, label);
                return List.of("--spring.datasource.url=" + url, "--spring.datasource.username=postgres", "--spring.datasource.password=");
            }

            private ServerCpu cpu;

            @Override
            public synchronized ServerCpu serverCpu() {
                if (cpu == null) {
                    String url = embedded ? TestPostgres.createDatabase("bench_cpu") : createOn(server, "bench_cpu");
                    cpu = ServerCpu.of(url, "postgres");
                }
                return cpu;
            }

            @Override
            public void drop(String label) {
                if (embedded) {
                    TestPostgres.createDatabase(label); // re-creating empties it; the server goes with the JVM
                } else {
                    execute(server, "DROP DATABASE IF EXISTS " + label + " WITH (FORCE)");
                }
            }
        };
    }

    /** H2 in PostgreSQL mode, a file database as the application's default. */
    static BenchDatabase h2(Path directory) {
        return new BenchDatabase() {
            @Override
            public String name() {
                return "h2 (file)";
            }

            @Override
            public List<String> create(String label) {
                drop(label);
                String url = "jdbc:h2:file:" + directory.resolve(label).resolve("warehouse").toAbsolutePath()
                        + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
                return List.of("--spring.datasource.url=" + url, "--spring.datasource.username=sa", "--spring.datasource.password=");
            }

            @Override
            public void drop(String label) {
                Path dir = directory.resolve(label);
                if (!Files.exists(dir)) {
                    return;
                }
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(file);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    private static String createOn(String server, String label) {
        execute(server, "DROP DATABASE IF EXISTS " + label + " WITH (FORCE)");
        execute(server, "CREATE DATABASE " + label);
        return server + label;
    }

    private static void execute(String server, String sql) {
        try (Connection connection = DriverManager.getConnection(server + "postgres", "postgres", "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + " on " + server + ": " + e.getMessage(), e);
        }
    }
}
