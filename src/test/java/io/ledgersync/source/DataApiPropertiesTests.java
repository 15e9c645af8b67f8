package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.context.properties.ConfigurationPropertiesReportEndpoint;
import org.springframework.boot.actuate.context.properties.ConfigurationPropertiesReportEndpoint.ConfigurationPropertiesBeanDescriptor;
import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.actuate.endpoint.Show;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** {@code ledgersync.api.*}: defaults, the page-size clamp, and the key kept out of sight. */
@ExtendWith(OutputCaptureExtension.class)
class DataApiPropertiesTests {

    @Test
    void bindsWithTheDocumentedDefaults() {
        DataApiProperties properties = bind(Map.of("ledgersync.api.base-url", "https://api.example.com/v2",
                "ledgersync.api.api-key", "s3cret"));

        assertThat(properties.pageSize()).isEqualTo(1000);
        assertThat(properties.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(properties.readTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(properties.retry()).isEqualTo(DataApiProperties.Retry.defaults());
        assertThat(properties.rateLimit()).isEqualTo(DataApiProperties.RateLimit.defaults());
        assertThat(properties.bulkhead()).isEqualTo(DataApiProperties.Bulkhead.defaults());
        assertThat(properties.circuitBreaker()).isEqualTo(DataApiProperties.CircuitBreaker.defaults());
        assertThat(DataApiProperties.defaults(URI.create("https://api.example.com/v2"), "s3cret")).isEqualTo(properties);
    }

    @Test
    void bindsNestedSettings() {
        DataApiProperties properties = bind(Map.of("ledgersync.api.retry.max-attempts", "3",
                "ledgersync.api.retry.retry-after-ceiling", "5m", "ledgersync.api.rate-limit.requests-per-second", "7",
                "ledgersync.api.circuit-breaker.wait-in-open-state", "45s"));

        assertThat(properties.retry().maxAttempts()).isEqualTo(3);
        assertThat(properties.retry().retryAfterCeiling()).isEqualTo(Duration.ofMinutes(5));
        assertThat(properties.retry().retryAfterFloor()).isEqualTo(Duration.ofSeconds(1));
        assertThat(properties.rateLimit().requestsPerSecond()).isEqualTo(7);
        assertThat(properties.circuitBreaker().waitInOpenState()).isEqualTo(Duration.ofSeconds(45));
    }

    @Test
    void aPageSizeAboveTheMaximumIsClampedWithAWarning(CapturedOutput output) {
        DataApiProperties properties = bind(Map.of("ledgersync.api.page-size", "20000"));

        assertThat(properties.pageSize()).isEqualTo(5000);
        assertThat(output).contains("ledgersync.api.page-size (LEDGERSYNC_PAGE_SIZE) is 20000, above the Data API's maximum page size: using 5000");
    }

    @Test
    void aPageSizeBelowOneIsRefused() {
        assertThatThrownBy(() -> DataApiProperties.defaults(null, null).withPageSize(0))
                .hasMessageContaining("ledgersync.api.page-size (LEDGERSYNC_PAGE_SIZE) is 0");
    }

    @Test
    void moreThanTenConcurrentRequestsPerCompanyIsClamped() {
        assertThat(new DataApiProperties.Bulkhead(50, Duration.ZERO, 10).maxConcurrentRequestsPerCompany()).isEqualTo(10);
    }

    @Test
    void aCeilingBelowTheFloorIsRefused() {
        assertThatThrownBy(() -> new DataApiProperties.Retry(3, Duration.ofSeconds(1), 2, 0.5, Duration.ofSeconds(10),
                Duration.ofSeconds(5), Duration.ofSeconds(1))).hasMessageContaining("retry-after-ceiling");
    }

    @Test
    void toStringMasksTheKey() {
        DataApiProperties properties = DataApiProperties.defaults(URI.create("https://api.example.com"), "s3cret-key");
        DataApiEndpoint endpoint = new DataApiEndpoint(URI.create("https://api.example.com"), "s3cret-key");

        assertThat(properties.toString()).doesNotContain("s3cret").contains("apiKey=****");
        assertThat(endpoint.toString()).doesNotContain("s3cret").contains("apiKey=****");
    }

    @Test
    void theActuatorMasksTheKeyEvenWhenShowingValues() {
        new ApplicationContextRunner()
                .withPropertyValues("ledgersync.api.base-url=https://api.example.com", "ledgersync.api.api-key=s3cret-key")
                .withUserConfiguration(SourceConfiguration.class, ConfigPropsEndpoint.class)
                .run(context -> {
                    // given configprops configured to show values (an operator debugging the configuration)
                    ConfigurationPropertiesReportEndpoint endpoint = context.getBean(ConfigurationPropertiesReportEndpoint.class);

                    // when the ledgersync.api block is shown
                    Map<String, Object> shown = endpoint.configurationPropertiesWithPrefix("ledgersync.api").getContexts()
                            .values().iterator().next().getBeans().values().stream().findFirst()
                            .map(ConfigurationPropertiesBeanDescriptor::getProperties).orElseThrow();

                    // then everything shows but the key
                    assertThat(shown).containsEntry("baseUrl", "https://api.example.com").containsEntry("pageSize", 1000);
                    assertThat(shown.get("apiKey")).isEqualTo(SanitizableData.SANITIZED_VALUE);
                });
    }

    @Test
    void theSanitizerRecognisesTheKeyInEveryNotation() {
        assertThat(SourceConfiguration.namesTheApiKey("apiKey")).isTrue();
        assertThat(SourceConfiguration.namesTheApiKey("ledgersync.api.api-key")).isTrue();
        assertThat(SourceConfiguration.namesTheApiKey("LEDGERSYNC_API_KEY")).isTrue();
        assertThat(SourceConfiguration.namesTheApiKey("ledgersync.api.page-size")).isFalse();
    }

    private static DataApiProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("ledgersync.api", DataApiProperties.class);
    }

    @Configuration(proxyBeanMethods = false)
    static class ConfigPropsEndpoint {

        @Bean
        ConfigurationPropertiesReportEndpoint configPropsEndpoint(ObjectProvider<SanitizingFunction> sanitizers) {
            return new ConfigurationPropertiesReportEndpoint(sanitizers, Show.ALWAYS);
        }
    }
}
