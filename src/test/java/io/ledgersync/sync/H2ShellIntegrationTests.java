package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import io.ledgersync.LedgersyncJvm;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/**
 * The documented way to look at the default H2 warehouse (the service stopped, since H2 lets one process open its
 * file): the README's H2 Shell command, run by bash exactly as written in a directory a {@code sync} wrote its
 * {@code ./data/warehouse} in, answers its own query; with a report query of docs/data-sets.md in place of that, it
 * prints the report. The command's jar is the H2 that Maven downloaded for the build, so a new H2 version that the
 * README does not follow fails here.
 */
class H2ShellIntegrationTests {

    private static final Duration A_RUN = Duration.ofMinutes(3);
    private static final Pattern SHELL_COMMAND = Pattern.compile("```bash\\n(java -cp \\S+h2\\S+\\.jar org\\.h2\\.tools\\.Shell.*?)```",
            Pattern.DOTALL);

    private static final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(2)
            .withInvoicesPerCompany(60));

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void givenASyncedH2WarehouseTheReadmesShellCommandRunsAsWrittenAndRunsTheReportQueries() throws Exception {
        // given the default warehouse, ./data/warehouse, of a directory a sync ran in
        Path directory = Path.of("target", "jvm-tests", "h2-shell").toAbsolutePath();
        deleteRecursively(directory);
        String url = "jdbc:h2:file:" + directory.resolve("data/warehouse")
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
        LedgersyncJvm sync = LedgersyncJvm.start("h2-shell-sync", List.of("sync", "--spring.datasource.url=" + url,
                "--ledgersync.api.base-url=" + sandbox.baseUrl(), "--ledgersync.api.api-key=" + sandbox.apiKey()));
        assertThat(sync.awaitExit(A_RUN)).as(sync.describe()).isZero();
        Matcher documented = SHELL_COMMAND.matcher(Files.readString(Path.of("README.md")));
        assertThat(documented.find()).as("README.md gives the H2 Shell command").isTrue();
        String command = documented.group(1).strip();

        // when it runs as written, then with a report query instead of its own
        String asWritten = bash(command, directory, "as-written");
        String query = AbstractSchemaIntegrationTests.readmeQuery("-- Aged receivables");
        String report = bash(command.replaceFirst("-sql \"[^\"]*\"", "-sql \"\\$REPORT\""), directory, "report", query);

        // then the first counts the company data sets, the second prints the report's header and every row it has
        assertThat(asWritten).contains("invoices", "suppliers").doesNotContain("Exception");
        long rows = Jdbi.create(url, "sa", "").withHandle(h -> h.createQuery(query).mapToMap().list()).size();
        assertThat(rows).isPositive();
        assertThat(report.lines().findFirst().orElse("").split("\\s*\\|\\s*")).containsExactly("company_id", "customer_id",
                "customer_name", "currency", "not_yet_due", "overdue_1_30", "overdue_31_60", "overdue_over_60", "total_due");
        assertThat(report).contains("(" + rows + (rows == 1 ? " row," : " rows,"));
    }

    /** Runs {@code command} with bash in {@code directory}, {@code $REPORT} set to {@code report}; what it printed. */
    private static String bash(String command, Path directory, String name, String... report) throws IOException {
        Path output = directory.resolve(name + ".out");
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(directory.toFile())
                .redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("REPORT", report.length == 0 ? "" : report[0]);
        builder.environment().put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":" + System.getenv("PATH"));
        Process shell = builder.start();
        await().atMost(A_RUN).alias("the H2 shell ends").until(() -> !shell.isAlive());
        String printed = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(shell.exitValue()).as(printed).isZero();
        return printed;
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
