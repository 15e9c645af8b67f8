package io.ledgersync.trigger.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@code schema --dbt --out=FILE} on an H2 file warehouse in the test's {@code ./data}: the refusals of every database,
 * and never a file inside the warehouse's folder, even with {@code --force}.
 */
class H2SchemaDbtOutIntegrationTests extends AbstractSchemaDbtOutIntegrationTests {

    @Override
    List<String> warehouse() {
        return List.of("--spring.datasource.url=" + h2Url());
    }

    private String h2Url() {
        return "jdbc:h2:file:" + directory.resolve("data/warehouse") + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
                + "DEFAULT_NULL_ORDERING=HIGH";
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
    void givenForceWithoutDbtThenExit2NamingTheFix() {
        assertThat(schema("--force")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("schema: --force lets --dbt overwrite its file: add --dbt");
    }
}
