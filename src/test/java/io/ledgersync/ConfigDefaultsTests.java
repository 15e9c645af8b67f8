package io.ledgersync;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.ledgersync.source.DataApiProperties;
import io.ledgersync.sync.SyncProperties;

class ConfigDefaultsTests {

    @Test
    void bindsThePackagedFileWithPlaceholderDefaults() {
        DataApiProperties api = ConfigDefaults.bind("ledgersync.api", DataApiProperties.class);
        assertThat(api.pageSize()).isEqualTo(1000);
        assertThat(api.retry().maxAttempts()).isEqualTo(6);
        assertThat(ConfigDefaults.bind("ledgersync.sync", SyncProperties.class).shutdownGrace()).isEqualTo(Duration.ofSeconds(30));
    }
}
