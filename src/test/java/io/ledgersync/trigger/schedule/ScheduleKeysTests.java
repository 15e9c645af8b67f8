package io.ledgersync.trigger.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.PropertySourcesPlaceholdersResolver;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.ClassPathResource;

/**
 * The nightly cron's key says the kind of run it starts ({@code ledgersync.schedule.incremental}); the key it had
 * before ({@code full-sync}) still schedules it, with a warning, so that a deployment that sets it keeps its night.
 */
class ScheduleKeysTests {

    @Test
    void givenNothingSetWhenBoundThenTheIncrementalRunIsNightlyAndNothingIsDeprecated() throws IOException {
        ScheduleProperties schedule = bind(Map.of());

        assertThat(schedule.incremental()).isEqualTo("0 0 2 * * *");
        assertThat(schedule.deprecation()).isEmpty();
    }

    @Test
    void givenTheNewVariableWhenBoundThenItSchedulesTheIncrementalRun() throws IOException {
        ScheduleProperties schedule = bind(Map.of("LEDGERSYNC_SCHEDULE_INCREMENTAL", "0 */15 * * * *"));

        assertThat(schedule.incremental()).isEqualTo("0 */15 * * * *");
        assertThat(schedule.deprecation()).isEmpty();
    }

    @Test
    void givenTheDeprecatedVariableWhenBoundThenItStillSchedulesTheIncrementalRunWithAWarningNamingTheNewOne()
            throws IOException {
        ScheduleProperties schedule = bind(Map.of("LEDGERSYNC_SCHEDULE_FULL_SYNC", "0 */15 * * * *"));

        assertThat(schedule.incremental()).isEqualTo("0 */15 * * * *");
        assertThat(schedule.deprecation()).hasValue("ledgersync.schedule.full-sync (LEDGERSYNC_SCHEDULE_FULL_SYNC) is deprecated"
                + " and will go: it schedules the incremental run, so rename it to ledgersync.schedule.incremental"
                + " (LEDGERSYNC_SCHEDULE_INCREMENTAL)");
    }

    @Test
    void givenBothVariablesWhenBoundThenTheNewOneWinsAndTheWarningSaysSo() throws IOException {
        ScheduleProperties schedule = bind(Map.of("LEDGERSYNC_SCHEDULE_FULL_SYNC", "0 */15 * * * *",
                "LEDGERSYNC_SCHEDULE_INCREMENTAL", "0 0 4 * * *"));

        assertThat(schedule.incremental()).isEqualTo("0 0 4 * * *");
        assertThat(schedule.deprecation()).get().asString()
                .endsWith("; ledgersync.schedule.incremental is set too and wins ('0 0 4 * * *')");
    }

    /** The packaged config/application.yml under an environment of these variables, as Spring Boot binds it. */
    private static ScheduleProperties bind(Map<String, Object> environment) throws IOException {
        MutablePropertySources sources = new MutablePropertySources();
        sources.addFirst(new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                environment));
        new YamlPropertySourceLoader().load("config/application.yml", new ClassPathResource("config/application.yml"))
                .forEach(sources::addLast);
        Binder binder = new Binder(ConfigurationPropertySources.from(sources), new PropertySourcesPlaceholdersResolver(sources));
        return binder.bindOrCreate("ledgersync.schedule", Bindable.of(ScheduleProperties.class));
    }
}
