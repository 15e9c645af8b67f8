package io.ledgersync.trigger.schedule;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.jdbi.v3.core.Jdbi;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The soak on an H2 file warehouse, the default one, under target/ so that its size can be read. */
class H2SoakIntegrationTests extends AbstractSoakIntegrationTests {

    private static Path folder;

    @DynamicPropertySource
    static void h2(DynamicPropertyRegistry registry) {
        properties(registry);
        try {
            folder = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "soak-h2");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        registry.add("spring.datasource.url", () -> "jdbc:h2:file:" + folder.toAbsolutePath().resolve("warehouse")
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH");
    }

    @Override
    long databaseBytes(Jdbi jdbi) {
        try {
            return Files.size(folder.resolve("warehouse.mv.db"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    String name() {
        return "h2";
    }
}
