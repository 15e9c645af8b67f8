package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.RecordComponent;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.context.properties.ConfigurationPropertiesReportEndpoint;
import org.springframework.boot.actuate.context.properties.ConfigurationPropertiesReportEndpoint.ConfigurationPropertiesBeanDescriptor;
import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.actuate.endpoint.Show;
import org.springframework.boot.actuate.env.EnvironmentEndpoint;
import org.springframework.boot.test.context.ConfigDataApplicationContextInitializer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import io.ledgersync.ConfigDefaults;

/**
 * {@code ledgersync.api.*}: every default from the packaged {@code config/application.yml}, values refused by key,
 * the page-size clamp, the endpoint as the one holder of base URL and key, and the key kept out of sight.
 */
@ExtendWith(OutputCaptureExtension.class)
class DataApiPropertiesTests {

    private static final String BASE_URL = "ledgersync.api.base-url=https://api.example.com/v2";
    private static final String API_KEY = "ledgersync.api.api-key=s3cret-key";

    /** The service's own configuration: the packaged config/application.yml (and ./config/ beside it), then the given values. */
    private final ApplicationContextRunner service = new ApplicationContextRunner()
            .withInitializer(new ConfigDataApplicationContextInitializer())
            .withUserConfiguration(SourceConfiguration.class);

    @Test
    void theDefaultsAreThoseOfThePackagedApplicationYml() {
        DataApiProperties properties = ConfigDefaults.bind("ledgersync.api", DataApiProperties.class);

        assertThat(properties.pageSize()).isEqualTo(1000);
        assertThat(properties.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(properties.readTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(properties.retry()).isEqualTo(new DataApiProperties.Retry(6, Duration.ofSeconds(1), 2.0, 0.5,
                Duration.ofSeconds(30), Duration.ofSeconds(1), Duration.ofSeconds(120)));
        assertThat(properties.rateLimit()).isEqualTo(new DataApiProperties.RateLimit(20, Duration.ofSeconds(60)));
        assertThat(properties.bulkhead()).isEqualTo(new DataApiProperties.Bulkhead(10, Duration.ofSeconds(60), 256));
        assertThat(properties.circuitBreaker()).isEqualTo(new DataApiProperties.CircuitBreaker(50f, 10, 5, Duration.ofSeconds(30),
                1, Duration.ofSeconds(30)));
    }

    @Test
    void aSettingOverriddenByKeyKeepsThePackagedDefaultsOfTheOthers() {
        service.withPropertyValues(BASE_URL, API_KEY, "ledgersync.api.retry.max-attempts=3",
                "ledgersync.api.retry.retry-after-ceiling=5m", "ledgersync.api.rate-limit.requests-per-second=7",
                "ledgersync.api.circuit-breaker.wait-in-open-state=45s").run(context -> {
                    DataApiProperties properties = context.getBean(DataApiProperties.class);

                    assertThat(properties.retry().maxAttempts()).isEqualTo(3);
                    assertThat(properties.retry().retryAfterCeiling()).isEqualTo(Duration.ofMinutes(5));
                    assertThat(properties.retry().retryAfterFloor()).as("packaged").isEqualTo(Duration.ofSeconds(1));
                    assertThat(properties.rateLimit().requestsPerSecond()).isEqualTo(7);
                    assertThat(properties.rateLimit().maxWait()).as("packaged").isEqualTo(Duration.ofSeconds(60));
                    assertThat(properties.circuitBreaker().waitInOpenState()).isEqualTo(Duration.ofSeconds(45));
                    assertThat(properties.pageSize()).as("packaged").isEqualTo(1000);
                });
    }

    @Test
    void withoutThePackagedFileTheServiceRefusesToStartNamingTheMissingKey() {
        new ApplicationContextRunner().withUserConfiguration(SourceConfiguration.class).withPropertyValues(BASE_URL, API_KEY)
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("ledgersync.api.page-size (LEDGERSYNC_PAGE_SIZE) is missing"));
    }

    @Test
    void anInvalidValueIsRefusedNamingItsKey() {
        service.withPropertyValues(BASE_URL, API_KEY, "ledgersync.api.retry.jitter=1.5")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("ledgersync.api.retry.jitter must be in [0, 1), was 1.5"));
    }

    @Test
    void aMissingNestedValueIsRefusedNamingItsKey() {
        assertThatThrownBy(() -> new DataApiProperties.Retry(null, Duration.ofSeconds(1), 2.0, 0.5, Duration.ofSeconds(30),
                Duration.ofSeconds(1), Duration.ofSeconds(120))).hasMessageStartingWith("ledgersync.api.retry.max-attempts is missing");
        assertThatThrownBy(() -> new DataApiProperties.RateLimit(20, null)).hasMessageStartingWith("ledgersync.api.rate-limit.max-wait is missing");
    }

    @Test
    void aPageSizeAboveTheMaximumIsClampedWithAWarning(CapturedOutput output) {
        DataApiProperties properties = TestClients.properties().withPageSize(20000);

        assertThat(properties.pageSize()).isEqualTo(5000);
        assertThat(output).contains("ledgersync.api.page-size (LEDGERSYNC_PAGE_SIZE) is 20000, above the Data API's maximum page size: using 5000");
    }

    @Test
    void aPageSizeBelowOneIsRefused() {
        assertThatThrownBy(() -> TestClients.properties().withPageSize(0))
                .hasMessageContaining("ledgersync.api.page-size (LEDGERSYNC_PAGE_SIZE) is 0");
    }

    @Test
    void moreThanTenConcurrentRequestsPerCompanyIsClamped() {
        assertThat(new DataApiProperties.Bulkhead(50, Duration.ZERO, 10).maxConcurrentRequestsPerCompany()).isEqualTo(10);
    }

    @Test
    void aCeilingBelowTheFloorIsRefused() {
        assertThatThrownBy(() -> new DataApiProperties.Retry(3, Duration.ofSeconds(1), 2.0, 0.5, Duration.ofSeconds(10),
                Duration.ofSeconds(5), Duration.ofSeconds(1))).hasMessageContaining("retry-after-ceiling");
    }

    @Test
    void theEndpointAloneHoldsBaseUrlAndKeyAndIsBuiltFromThem() {
        assertThat(Arrays.stream(DataApiProperties.class.getRecordComponents()).map(RecordComponent::getName))
                .as("the tuning holds no base URL and no key").doesNotContain("baseUrl", "apiKey");

        service.withPropertyValues(BASE_URL, API_KEY).run(context -> assertThat(context.getBean(DataApiClient.class).endpoint())
                .isEqualTo(new DataApiEndpoint(URI.create("https://api.example.com/v2"), "s3cret-key")));
    }

    @Test
    void aSuppliedEndpointWinsOverTheConfiguredOne() {
        DataApiEndpoint sandbox = new DataApiEndpoint(URI.create("http://127.0.0.1:8089"), "sandbox-key");

        service.withBean(DataApiEndpoint.class, () -> sandbox)
                .run(context -> assertThat(context.getBean(DataApiClient.class).endpoint()).isSameAs(sandbox));
    }

    @Test
    void noBaseUrlAndNoSuppliedEndpointIsRefusedSayingWhatToSet() {
        service.run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                .hasMessageContaining("No Data API base URL: set LEDGERSYNC_API_BASE_URL (ledgersync.api.base-url)"));
        service.withPropertyValues("ledgersync.api.base-url=api.example.com", API_KEY).run(context -> assertThat(context)
                .hasFailed().getFailure().rootCause().hasMessageContaining("is not an absolute http(s) URL"));
    }

    @Test
    void toStringMasksTheKey() {
        DataApiEndpoint endpoint = new DataApiEndpoint(URI.create("https://api.example.com"), "s3cret-key");

        assertThat(endpoint.toString()).doesNotContain("s3cret").contains("apiKey=****");
    }

    @Test
    void ifAnOperatorExposesTheActuatorsConfigurationReportsTheKeyStaysMasked() {
        service.withPropertyValues(BASE_URL, API_KEY).withUserConfiguration(ActuatorReports.class).run(context -> {
            // given env and configprops exposed and configured to show values (an operator debugging the configuration)
            EnvironmentEndpoint env = context.getBean(EnvironmentEndpoint.class);
            ConfigurationPropertiesReportEndpoint configProps = context.getBean(ConfigurationPropertiesReportEndpoint.class);

            // when the ledgersync.api settings are shown
            Object key = env.environmentEntry("ledgersync.api.api-key").getProperty().getValue();
            Map<String, Object> tuning = configProps.configurationPropertiesWithPrefix("ledgersync.api").getContexts()
                    .values().iterator().next().getBeans().values().stream().findFirst()
                    .map(ConfigurationPropertiesBeanDescriptor::getProperties).orElseThrow();

            // then everything shows but the key
            assertThat(env.environmentEntry("ledgersync.api.base-url").getProperty().getValue()).isEqualTo("https://api.example.com/v2");
            assertThat(key).isEqualTo(SanitizableData.SANITIZED_VALUE);
            assertThat(tuning).containsEntry("pageSize", 1000).doesNotContainKey("apiKey");
        });
    }

    @Test
    void theSanitizerRecognisesTheKeyInEveryNotation() {
        assertThat(SourceConfiguration.namesTheApiKey("apiKey")).isTrue();
        assertThat(SourceConfiguration.namesTheApiKey("ledgersync.api.api-key")).isTrue();
        assertThat(SourceConfiguration.namesTheApiKey("LEDGERSYNC_API_KEY")).isTrue();
        assertThat(SourceConfiguration.namesTheApiKey("ledgersync.api.page-size")).isFalse();
    }

    @Configuration(proxyBeanMethods = false)
    static class ActuatorReports {

        @Bean
        ConfigurationPropertiesReportEndpoint configPropsEndpoint(ObjectProvider<SanitizingFunction> sanitizers) {
            return new ConfigurationPropertiesReportEndpoint(sanitizers, Show.ALWAYS);
        }

        @Bean
        EnvironmentEndpoint envEndpoint(Environment environment, ObjectProvider<SanitizingFunction> sanitizers) {
            return new EnvironmentEndpoint(environment, sanitizers, Show.ALWAYS);
        }
    }
}
