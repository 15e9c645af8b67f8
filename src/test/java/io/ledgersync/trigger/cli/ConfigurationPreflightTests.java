package io.ledgersync.trigger.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.mock.env.MockEnvironment;

class ConfigurationPreflightTests {

    private static final String PACKAGED = "classpath*:jobs/*.yml";
    private static final String NAMES = "the data sets are companies, accounts, bills, credit_notes, customers, invoices, suppliers";

    @Test
    void givenTheShippedConfigurationWhenSyncIsCheckedThenThereIsNoMistake() {
        assertThat(ConfigurationPreflight.mistakes(environment("sync"), new String[] {"--datasets=invoices"})).isEmpty();
    }

    @Test
    void givenTwoBrokenDataSetFilesWhenCheckedThenEachIsOneLineNamingFileLineAndField(@TempDir Path jobs) throws IOException {
        Files.writeString(jobs.resolve("a.yml"), "name: a\npath: /a\nkey: [id]\ncolumns:\n  id: {field: id, type: sideways}\n");
        Files.writeString(jobs.resolve("b.yml"), "name: b\npath: /b\nkey: [number]\ncolumns:\n  id: {field: id, type: text}\n");
        MockEnvironment environment = environment("schema").withProperty(ConfigurationPreflight.DATASETS, "file:" + jobs + "/*.yml");

        assertThat(ConfigurationPreflight.mistakes(environment, new String[0])).satisfiesExactly(
                a -> assertThat(a).contains(jobs.getFileName() + "/a.yml line 5, columns.id.type: 'sideways' is not a type"),
                b -> assertThat(b).endsWith(jobs.getFileName() + "/b.yml line 3, key: 'number' is not one of the columns [id]"));
    }

    @Test
    void givenARebuildOfAnUnknownDataSetWhenSchemaIsCheckedThenItIsAUsageErrorNamingTheDataSets() {
        MockEnvironment environment = environment("schema").withProperty(ConfigurationPreflight.REBUILD, "nope");

        assertThat(ConfigurationPreflight.mistakes(environment, new String[] {"--rebuild=nope"}))
                .containsExactly("schema: --rebuild=nope: Unknown data set 'nope': " + NAMES + "; see --help");
    }

    @Test
    void givenARebuildOfAnUnknownDataSetWhenTheOptionsArePreflightedThenItIsRefusedBeforeTheStartInTheSameWords() {
        assertThatThrownBy(() -> SchemaOptions.preflight(new String[] {"--rebuild=nope",
                "--" + ConfigurationPreflight.DATASETS + "=" + PACKAGED})).isInstanceOf(UsageException.class)
                .hasMessage("schema: --rebuild=nope: Unknown data set 'nope': " + NAMES + "; see --help");
        assertThat(SchemaOptions.preflight(new String[] {"--rebuild=invoices"}).rebuild()).contains("invoices");
    }

    /** Issue 25, item 8: LEDGERSYNC_SCHEMA_REBUILD left in the environment rebuilt at every start of every command. */
    @Test
    void givenARebuildSetInTheEnvironmentWhenACommandStartsWithoutAskingForItThenItIsRefusedNotRebuilt() {
        String refusal = "ledgersync.schema.rebuild is 'invoices' in the environment or a config file (LEDGERSYNC_SCHEMA_REBUILD?),"
                + " which would rebuild at every start of every command: unset it; only 'ledgersync schema --rebuild=invoices'"
                + " asks for a rebuild";
        for (String command : new String[] {"sync", "serve", "schema", "status"}) {
            MockEnvironment environment = environment(command).withProperty(ConfigurationPreflight.REBUILD, "invoices");

            assertThat(ConfigurationPreflight.mistakes(environment, new String[0])).as(command).containsExactly(refusal);
        }
        assertThat(ConfigurationPreflight.mistakes(environment("schema").withProperty(ConfigurationPreflight.REBUILD, "invoices"),
                new String[] {"--rebuild=invoices", "--ledgersync.schema.rebuild=invoices"})).as("schema --rebuild asks for it").isEmpty();
    }

    /** Issue 25, item 8: two --rebuild options were joined into "a,b". */
    @Test
    void givenRebuildTwiceOrTwoDataSetsWhenTheSchemaOptionsAreParsedThenTheyAreRefusedNotJoined() {
        assertThatThrownBy(() -> SchemaOptions.parse(java.util.List.of("--rebuild=invoices", "--rebuild=bills")))
                .isInstanceOf(UsageException.class)
                .hasMessage("schema: --rebuild is given 2 times (invoices, bills): give it once, e.g. --rebuild=invoices; see --help");
        assertThatThrownBy(() -> SchemaOptions.parse(java.util.List.of("--rebuild=invoices,bills")))
                .isInstanceOf(UsageException.class)
                .hasMessage("schema: --rebuild=invoices,bills names more than one data set: rebuild one at a time,"
                        + " e.g. --rebuild=invoices; see --help");
    }

    @Test
    void givenTheProdProfileWithNothingSetWhenServeIsCheckedThenEveryMissingSettingIsOneLine() {
        MockEnvironment environment = environment("serve");
        environment.setActiveProfiles("prod");

        assertThat(ConfigurationPreflight.mistakes(environment, new String[0])).containsExactly(
                "No Data API configured: set LEDGERSYNC_API_BASE_URL and LEDGERSYNC_API_KEY (the prod profile never falls back "
                        + "to the embedded sandbox)",
                "No password for the REST API user 'admin': set LEDGERSYNC_ADMIN_PASSWORD (ledgersync.security.password); the "
                        + "prod profile never generates one");
    }

    @Test
    void givenTheProdProfileWithNothingSetWhenAWorkerIsCheckedThenOnlyTheDataApiIsMissingSinceAWorkerHasNoUsers() {
        MockEnvironment environment = environment("worker");
        environment.setActiveProfiles("prod");

        assertThat(ConfigurationPreflight.mistakes(environment, new String[0])).singleElement().asString()
                .startsWith("No Data API configured");
    }

    @Test
    void givenTheProdProfileWhenSchemaIsCheckedThenItNeedsNeitherTheDataApiNorAPassword() {
        MockEnvironment environment = environment("schema");
        environment.setActiveProfiles("prod");

        assertThat(ConfigurationPreflight.mistakes(environment, new String[0])).isEmpty();
    }

    @Test
    void givenABaseUrlWithoutAKeyWhenSyncIsCheckedThenTheKeyIsNamed() {
        MockEnvironment environment = environment("sync").withProperty("ledgersync.api.base-url", "http://127.0.0.1:9");

        assertThat(ConfigurationPreflight.mistakes(environment, new String[0]))
                .containsExactly("No API key for the Data API at http://127.0.0.1:9: set LEDGERSYNC_API_KEY (ledgersync.api.api-key)");
    }

    @Test
    void givenMistakesWhenTheEnvironmentIsPreparedThenTheStartStopsBeforeAnyBeanWithAllOfThem() {
        MockEnvironment environment = environment("sync").withProperty(ConfigurationPreflight.DATASETS, "file:/nowhere/*.yml");
        environment.setActiveProfiles("prod");
        ApplicationEnvironmentPreparedEvent event = new ApplicationEnvironmentPreparedEvent(null, new SpringApplication(),
                new String[0], environment);

        assertThatThrownBy(() -> new ConfigurationPreflight().onApplicationEvent(event)).isInstanceOfSatisfying(
                ConfigurationMistakes.class, mistakes -> assertThat(mistakes.lines()).containsExactly(
                        "No data set files found at file:/nowhere/*.yml: set ledgersync.sync.datasets to where the jobs/*.yml "
                                + "files are",
                        "No Data API configured: set LEDGERSYNC_API_BASE_URL and LEDGERSYNC_API_KEY (the prod profile never "
                                + "falls back to the embedded sandbox)"));
    }

    private static MockEnvironment environment(String command) {
        return new MockEnvironment().withProperty(ConfigurationPreflight.COMMAND, command)
                .withProperty(ConfigurationPreflight.DATASETS, PACKAGED);
    }
}
