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
 * {@code schema --dbt --out=FILE} run as main() runs it, on an H2 file warehouse (issue 25, item 6): it never writes
 * inside the warehouse's folder, over an existing file without {@code --force}, through a symbolic link or over a
 * read-only file; each refusal is exit 2 and one line, and the file is left as it was.
 */
class SchemaDbtOutIntegrationTests {

    private static SandboxServer sandbox;

    @TempDir
    Path directory;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeAll
    static void startSandbox() {
        sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(1).withInvoicesPerCompany(5).withSeed(6));
    }

    @AfterAll
    static void stopSandbox() {
        sandbox.close();
    }

    @Test
    void givenTheWarehouseFileWhenNamedAsOutThenExit2OneLineAndTheWarehouseUntouchedEvenWithForce() throws IOException {
        assertThat(schema()).as(text()).isZero();
        Path warehouse = directory.resolve("data/warehouse.mv.db");
        byte[] before = Files.readAllBytes(warehouse);

        for (String out : List.of(warehouse.toString(), directory.resolve("data/models/sources.yml").toString(),
                directory.resolve("elsewhere/../data/warehouse.mv.db").toString())) {
            assertThat(schema("--dbt", "--out=" + out, "--force")).as(text()).isEqualTo(2);
            assertThat(err.toString(StandardCharsets.UTF_8).lines()).as(out).containsExactly("schema: --out=" + out
                    + " is inside the warehouse's folder " + directory.resolve("data").toRealPath() + ", whose files are"
                    + " the live database: name a file elsewhere, e.g. --out=models/sources.yml; see --help");
        }
        assertThat(Files.readAllBytes(warehouse)).isEqualTo(before);
        assertThat(directory.resolve("data/models")).doesNotExist();
    }

    @Test
    void givenAWarehouseUrlThePreflightCannotReadWhenItsFileIsNamedAsOutThenTheStartedCommandRefusesIt() throws IOException {
        // a config file the preflight does not read (another location): the application's own URL decides
        Path config = Files.writeString(directory.resolve("extra.yml"), "spring.datasource.url: \"" + h2Url() + "\"\n");
        List<String> settings = List.of("--spring.config.additional-location=file:" + config);
        assertThat(run(settings)).as(text()).isZero();
        Path warehouse = directory.resolve("data/warehouse.mv.db");
        byte[] before = Files.readAllBytes(warehouse);

        PrintStream originalErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8)); // where the started command says it
        try {
            assertThat(run(List.of(settings.get(0), "--dbt", "--out=" + warehouse, "--force"))).isEqualTo(2);
        } finally {
            System.setErr(originalErr);
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("schema: --out=" + warehouse + " is inside the"
                + " warehouse's folder " + directory.resolve("data").toRealPath() + ", whose files are the live database");
        // the started command opened the database (H2 rewrites its header then): still H2's file, not the sources
        String header = new String(Files.readAllBytes(warehouse), 0, 64, StandardCharsets.ISO_8859_1);
        assertThat(header).startsWith(new String(before, 0, 4, StandardCharsets.ISO_8859_1)).startsWith("H:2,");
        assertThat(new String(Files.readAllBytes(warehouse), StandardCharsets.ISO_8859_1)).doesNotContain("version: 2");
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

    @Test
    void givenForceWithoutDbtThenExit2NamingTheFix() {
        assertThat(schema("--force")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("schema: --force lets --dbt overwrite its file: add --dbt");
    }

    /** Runs {@code schema} as main() would, against the sandbox and an H2 file warehouse in {@code ./data}. */
    private int schema(String... options) {
        List<String> args = new ArrayList<>(List.of("--spring.datasource.url=" + h2Url()));
        args.addAll(Arrays.asList(options));
        return run(args);
    }

    private int run(List<String> options) {
        out.reset();
        err.reset();
        List<String> args = new ArrayList<>(List.of("schema",
                "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                "--ledgersync.api.api-key=" + sandbox.apiKey()));
        args.addAll(options);
        return LedgersyncApplication.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String h2Url() {
        return "jdbc:h2:file:" + directory.resolve("data/warehouse") + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
                + "DEFAULT_NULL_ORDERING=HIGH";
    }

    private String text() {
        return out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
    }
}
