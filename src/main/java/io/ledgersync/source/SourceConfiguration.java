package io.ledgersync.source;

import java.time.Clock;
import java.util.Locale;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.micrometer.core.instrument.MeterRegistry;
import tools.jackson.databind.json.JsonMapper;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(DataApiProperties.class)
class SourceConfiguration {

    @Bean
    DataApiClient dataApiClient(DataApiProperties properties, ObjectProvider<DataApiEndpoint> endpointOverride,
            ObjectProvider<MeterRegistry> meters, ObjectProvider<DataApiObserver> observer) {
        DataApiEndpoint endpoint = endpointOverride.getIfAvailable(() -> configuredEndpoint(properties));
        return new DataApiClient(endpoint, properties, jsonMapper(), meters.getIfAvailable(), Clock.systemUTC(), Sleeper.THREAD,
                observer.getIfAvailable(() -> DataApiObserver.NONE));
    }

    /**
     * Masks the API key in {@code /actuator/configprops} and {@code /actuator/env} even where an
     * operator has set {@code show-values: always} to debug the rest of the configuration.
     */
    @Bean
    SanitizingFunction dataApiKeySanitizer() {
        return SanitizingFunction.sanitizeValue().ifKeyMatches(SourceConfiguration::namesTheApiKey);
    }

    static boolean namesTheApiKey(String key) {
        String compact = key.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "").replace(".", "");
        return compact.endsWith("apikey");
    }

    /** Pages and error bodies are read as records are: money keeps its decimals. */
    static JsonMapper jsonMapper() {
        return SourceRecord.JSON;
    }

    private static DataApiEndpoint configuredEndpoint(DataApiProperties properties) {
        if (!properties.hasBaseUrl()) {
            throw new IllegalStateException("No Data API base URL: set LEDGERSYNC_API_BASE_URL (ledgersync.api.base-url), "
                    + "or leave it empty in the application, which then starts an embedded sandbox and supplies its DataApiEndpoint");
        }
        return new DataApiEndpoint(properties.baseUrl(), properties.apiKey());
    }
}
