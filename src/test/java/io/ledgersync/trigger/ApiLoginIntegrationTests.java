package io.ledgersync.trigger;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.util.FileSystemUtils;

import io.ledgersync.LedgersyncJvm;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/**
 * A newcomer's first login, in a real {@code serve} process over real HTTP: the line it prints at start is pasted into
 * a shell as it is, and its {@code curl} answers with the status. A generated password is kept for the next start of
 * the same {@code ./data}; a password set in {@code LEDGERSYNC_ADMIN_PASSWORD} (the README's quick start) works as set.
 */
class ApiLoginIntegrationTests {

    private static final Duration START = Duration.ofSeconds(120);
    private static final String LINE = "REST API: (http://localhost:\\d+/api -- .*)$";

    private static final SandboxServer sandbox = SandboxServer.start(
            SandboxSettings.defaults().withCompanies(1).withInvoicesPerCompany(10).withSeed(3));

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void givenNoPasswordWhenServeStartsThenItsPrintedLineLogsInAndTheNextStartKeepsThePassword() throws Exception {
        Path data = freshDirectory("api-login-generated");

        LedgersyncJvm first = serve("api-login-generated-first", data, Map.of());
        String line = awaitLine(first);
        String paste = line.substring(line.indexOf(" -- ") + 4);

        assertThat(paste).startsWith("export LEDGERSYNC_ADMIN_PASSWORD='").contains("; curl -u admin:$LEDGERSYNC_ADMIN_PASSWORD ")
                .endsWith("/api/status");
        assertThat(shell(paste)).as("the pasted line, run by a shell").contains("\"companyDataSets\"")
                .doesNotContain("Authentication required");
        Path kept = data.resolve("api-password");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(kept))).isEqualTo("rw-------");
        first.terminate();
        assertThat(first.awaitExit(Duration.ofSeconds(30))).as(first.describe()).isZero();

        LedgersyncJvm second = serve("api-login-generated-second", data, Map.of());
        String again = awaitLine(second);
        assertThat(exported(again)).as("the same ./data, the same password").isEqualTo(exported(line));
        second.terminate();
        assertThat(second.awaitExit(Duration.ofSeconds(30))).as(second.describe()).isZero();
    }

    @Test
    void givenTheQuickStartsDevPasswordWhenServeStartsThenCurlWithItAnswersAndTheLineNamesTheSettingNotThePassword()
            throws Exception {
        Path data = freshDirectory("api-login-dev");

        LedgersyncJvm jvm = serve("api-login-dev", data, Map.of("LEDGERSYNC_ADMIN_PASSWORD", "dev"));
        String line = awaitLine(jvm);
        String api = line.substring(0, line.indexOf(" -- "));

        assertThat(line).contains("-- user admin with the password set in LEDGERSYNC_ADMIN_PASSWORD").doesNotContain("'dev'");
        assertThat(shell("curl -s -u admin:dev " + api + "/status")).contains("\"companyDataSets\"");
        assertThat(shell("curl -s -u admin: " + api + "/status")).as("the README's curl in a shell without the variable")
                .contains("The password is empty: set LEDGERSYNC_ADMIN_PASSWORD");
        assertThat(data.resolve("api-password")).as("nothing generated, nothing kept").doesNotExist();
        jvm.terminate();
        assertThat(jvm.awaitExit(Duration.ofSeconds(30))).as(jvm.describe()).isZero();
    }

    private static LedgersyncJvm serve(String name, Path data, Map<String, String> environment) {
        List<String> arguments = new ArrayList<>(List.of("serve", "--server.port=0",
                "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                "--ledgersync.api.api-key=" + sandbox.apiKey(),
                "--ledgersync.sync.on-startup=false",
                "--ledgersync.schedule.enabled=false",
                "--spring.datasource.url=jdbc:h2:file:" + data.resolve("warehouse").toAbsolutePath()
                        + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH"));
        return LedgersyncJvm.start(name, arguments, environment);
    }

    /** The line after its log prefix: {@code http://localhost:<port>/api -- ...}. */
    private static String awaitLine(LedgersyncJvm jvm) {
        jvm.awaitOutput(LINE, START);
        return jvm.outputGroup(LINE);
    }

    private static String exported(String line) {
        return line.replaceFirst(".*export LEDGERSYNC_ADMIN_PASSWORD='([^']+)';.*", "$1");
    }

    /** Runs {@code command} as {@code bash -c} does with a line pasted into it, and answers its standard output. */
    private static String shell(String command) throws IOException, InterruptedException {
        Process bash = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true).start();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.waitFor(30, TimeUnit.SECONDS)).as("bash -c " + command).isTrue();
        return output;
    }

    private static Path freshDirectory(String name) throws IOException {
        Path directory = Path.of("target", "jvm-tests", name).toAbsolutePath();
        FileSystemUtils.deleteRecursively(directory);
        return Files.createDirectories(directory);
    }
}
