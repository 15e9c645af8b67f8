package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import io.ledgersync.LedgersyncJvm;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/**
 * The documented way to look at the default H2 warehouse (the service stopped, since H2 lets one process open its
 * file): H2's own shell from the packaged jar, with the default URL as written, runs a README report query on the
 * warehouse a {@code sync} wrote. The command below is the one the README gives; keep them the same.
 */
class H2ShellIntegrationTests {

    /** As documented, run in the directory ledgersync ran in; {@code target/ledgersync.jar} is made absolute here. */
    static final String DOCUMENTED_COMMAND = "java -cp target/ledgersync.jar -Dloader.main=org.h2.tools.Shell"
            + " org.springframework.boot.loader.launch.PropertiesLauncher"
            + " -url jdbc:h2:file:./data/warehouse;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH"
            + " -user sa -password";
    private static final Duration A_RUN = Duration.ofMinutes(3);

    private static final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(2)
            .withInvoicesPerCompany(60));

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void givenASyncedH2WarehouseTheDocumentedShellCommandRunsAReadmeQuery() throws Exception {
        // given the default warehouse, ./data/warehouse, of a directory a sync ran in
        Path directory = Path.of("target", "jvm-tests", "h2-shell").toAbsolutePath();
        deleteRecursively(directory);
        String url = "jdbc:h2:file:" + directory.resolve("data/warehouse")
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
        LedgersyncJvm sync = LedgersyncJvm.start("h2-shell-sync", List.of("sync", "--spring.datasource.url=" + url,
                "--ledgersync.api.base-url=" + sandbox.baseUrl(), "--ledgersync.api.api-key=" + sandbox.apiKey()));
        assertThat(sync.awaitExit(A_RUN)).as(sync.describe()).isZero();

        // when the documented command runs a README query there (the password is empty: '' in a shell)
        String query = AbstractSchemaIntegrationTests.readmeQuery("-- Aged receivables");
        List<String> command = new ArrayList<>(List.of(DOCUMENTED_COMMAND.split(" ")));
        command.set(0, Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.set(command.indexOf("target/ledgersync.jar"), Path.of("target", "ledgersync.jar").toAbsolutePath().toString());
        command.addAll(List.of("", "-sql", query));
        Path output = directory.resolve("shell.out");
        Process shell = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).start();
        await().atMost(A_RUN).alias("the H2 shell ends").until(() -> !shell.isAlive());
        String printed = Files.readString(output, StandardCharsets.UTF_8);

        // then it printed the report's header and as many rows as the warehouse has
        long rows = Jdbi.create(url, "sa", "").withHandle(h -> h.createQuery(query).mapToMap().list()).size();
        assertThat(shell.exitValue()).as(printed).isZero();
        assertThat(rows).isPositive();
        assertThat(printed.lines().findFirst().orElse("").split("\\s*\\|\\s*")).containsExactly("company_id", "customer_id",
                "customer_name", "currency", "not_yet_due", "overdue_1_30", "overdue_31_60", "overdue_over_60", "total_due");
        assertThat(printed).contains("(" + rows + (rows == 1 ? " row," : " rows,"));
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (Files.exists(directory)) {
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
        Files.createDirectories(directory);
    }
}
