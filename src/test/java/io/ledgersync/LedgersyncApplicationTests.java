package io.ledgersync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import io.ledgersync.sandbox.SandboxSettings;

/** The command line words that scripts and the README rely on. */
class LedgersyncApplicationTests {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void helpListsEveryCommand() {
        int exit = run("--help");

        assertThat(exit).isZero();
        assertThat(text(out)).contains("serve").contains("sync").contains("sandbox").contains("--datasets=").contains("--companies=")
                .contains("--invoices-per-company=");
        assertThat(text(out).lines().map(String::strip)).as("the connector verbs and their options")
                .anyMatch(line -> line.startsWith("check ")).anyMatch(line -> line.startsWith("status "))
                .anyMatch(line -> line.startsWith("runs ")).anyMatch(line -> line.startsWith("reset "))
                .anyMatch(line -> line.startsWith("--last=N")).anyMatch(line -> line.startsWith("--yes"))
                .anyMatch(line -> line.startsWith("--json"));
    }

    @Test
    void sandboxHelpListsEveryOptionOfTheSandboxWithItsDefault() {
        int exit = run("sandbox", "--help");

        SandboxSettings defaults = SandboxSettings.defaults();
        assertThat(exit).isZero();
        assertThat(text(out)).contains("usage: sandbox").contains("--scenario")
                .contains("(default " + defaults.companies() + ")")
                .contains("(default " + defaults.invoicesPerCompany() + ")")
                .contains("(default " + defaults.seed() + ")");
    }

    @Test
    void unknownCommandIsAUsageErrorNamingTheCommands() {
        int exit = run("synchronise");

        assertThat(exit).isEqualTo(2);
        assertThat(text(err)).contains("Unknown command 'synchronise'").contains("serve, sync, worker, schema, check, status, runs, reset, sandbox");
    }

    @Test
    void versionIsPrintedWithoutStartingAnything() {
        int exit = run("sync", "--version");

        assertThat(exit).isZero();
        assertThat(text(out)).startsWith("ledgersync ").doesNotContain("unknown");
        assertThat(text(err)).isEmpty();
    }

    @Test
    void aUsageErrorIsOneLineOnStandardError() {
        assertThat(run("sync", "--no-such-option")).isEqualTo(2);
        assertThat(run("serve", "--nope")).isEqualTo(2);

        assertThat(text(err).lines()).containsExactly(
                "sync: unknown option --no-such-option: sync takes --datasets=a,b, --companies=id1,id2, --deferred, --full, "
                        + "--accept-deletes, --json and settings as --key=value; see --help",
                "serve: unknown option --nope: serve takes settings as --key=value only; see --help");
        assertThat(text(out)).isEmpty();
    }

    private int run(String... args) {
        return LedgersyncApplication.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static String text(ByteArrayOutputStream stream) {
        return stream.toString(StandardCharsets.UTF_8);
    }
}
