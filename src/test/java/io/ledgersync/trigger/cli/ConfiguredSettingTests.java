package io.ledgersync.trigger.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** One setting read as Spring Boot reads it, or not at all where only Boot can tell. */
class ConfiguredSettingTests {

    private static final String KEY = "ledgersync.sync.datasets";

    @Test
    void thePackagedDefaultUnlessTheCommandLineOrTheEnvironmentSetsIt() {
        assertThat(ConfiguredSetting.of(KEY, new String[0], Map.of())).contains("classpath*:jobs/*.yml,file:jobs/*.yml");
        assertThat(ConfiguredSetting.of(KEY, new String[0], Map.of("LEDGERSYNC_SYNC_DATASETS", "file:env/*.yml")))
                .contains("file:env/*.yml");
        assertThat(ConfiguredSetting.of(KEY, new String[] {"--" + KEY + "=file:a/*.yml", "--" + KEY + "=file:b/*.yml"},
                Map.of("LEDGERSYNC_SYNC_DATASETS", "file:env/*.yml"))).as("the last on the command line wins").contains("file:b/*.yml");
    }

    @Test
    void aSettingOfAProfilesFileIsBootsToRead() {
        // the packaged application-prod.yml does not set it; a key it does set stands for one a profile's file sets
        assertThat(ConfiguredSetting.of("ledgersync.sync.on-startup", new String[0], Map.of("SPRING_PROFILES_ACTIVE", "prod")))
                .isEmpty();
        assertThat(ConfiguredSetting.of(KEY, new String[] {"--spring.profiles.active=prod"}, Map.of())).contains("classpath*:jobs/*.yml,file:jobs/*.yml");
    }

    @Test
    void otherConfigLocationsOrInlineJsonAreBootsToRead() {
        assertThat(ConfiguredSetting.of(KEY, new String[] {"--spring.config.location=file:elsewhere/"}, Map.of())).isEmpty();
        assertThat(ConfiguredSetting.of(KEY, new String[0], Map.of("SPRING_APPLICATION_JSON", "{}"))).isEmpty();
    }
}
