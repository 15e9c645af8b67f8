package io.ledgersync.trigger.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.ledgersync.LedgersyncApplication;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/**
 * {@code schema --dbt --out=FILE} run as main() runs it (issue 25, item 6), on each database: it never writes over an
 * existing file without {@code --force}, through a symbolic link or over a read-only file; each refusal is exit 2 and
 * one line, and the file is left as it was. Never writing inside the warehouse's folder is H2's alone (PostgreSQL's
 * warehouse has no folder here): {@code H2SchemaDbtOutIntegrationTests} has it. Subclasses choose the database.
 */
abstract class AbstractSchemaDbtOutIntegrationTests {

    static SandboxServer sandbox;

    @TempDir
    Path directory;

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeAll
    static void startSandbox() {
        sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(1).withInvoicesPerCompany(5).withSeed(6));
    }

    @AfterAll
    static void stopSandbox() {
        sandbox.close();
    }

    @Test
    void givenAnExistingFileWhenWrittenWithoutForceThenExit2AndItIsKeptAndWithForceItIsReplaced() throws IOException {
        Path sources = Files.writeString(directory.resolve("sources.yml"), "mine\n");

        assertThat(schema("--dbt", "--out=" + sources)).as(text()).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).lines()).containsExactly("schema: --out=" + sources
                + " exists: add --force to overwrite it, or name another file; see --help");
        assertThat(Files.readString(sources)).isEqualTo("mine\n");

        assertThat(schema("--dbt", "--out=" + sources, "--force")).as(text()).isZero();
        assertThat(Files.readString(sources)).contains("\nversion: 2\n");
    }

    @Test
    void givenASymbolicLinkOrAReadOnlyFileWhenNamedAsOutThenExit2OneLineEvenWithForce() throws IOException {
        Path target = Files.writeString(directory.resolve("target.txt"), "kept\n");
        Path link = Files.createSymbolicLink(directory.resolve("link.yml"), target);
        Path readOnly = Files.writeString(directory.resolve("read-only.yml"), "kept\n");
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r--r--r--"));

        assertThat(schema("--dbt", "--out=" + link, "--force")).as(text()).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).lines()).containsExactly("schema: --out=" + link
                + " is a symbolic link: name the file itself (a link could point anywhere); see --help");
        assertThat(schema("--dbt", "--out=" + readOnly, "--force")).as(text()).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).lines()).containsExactly("schema: --out=" + readOnly
                + " is read-only: make it writable (chmod u+w) or name another file; see --help");
        assertThat(Files.readString(target)).isEqualTo("kept\n");
        assertThat(Files.readString(readOnly)).isEqualTo("kept\n");
    }

    /** The warehouse's settings, as command-line options. */
    abstract List<String> warehouse();

    /** Runs {@code schema} as main() would, against the sandbox and this class's warehouse. */
    int schema(String... options) {
        List<String> args = new ArrayList<>(warehouse());
        args.addAll(Arrays.asList(options));
        return run(args);
    }

    int run(List<String> options) {
        out.reset();
        err.reset();
        List<String> args = new ArrayList<>(List.of("schema",
                "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                "--ledgersync.api.api-key=" + sandbox.apiKey()));
        args.addAll(options);
        return LedgersyncApplication.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    String text() {
        return out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
    }
}
