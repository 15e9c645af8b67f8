package io.ledgersync.source;

import java.time.Clock;
import java.util.Locale;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import io.micrometer.core.instrument.MeterRegistry;
import tools.jackson.databind.json.JsonMapper;

/**
 * The client as a bean: its {@link DataApiEndpoint} is the application's, when it supplies one, else built from
 * {@code ledgersync.api.base-url} and {@code api-key}; its tuning is {@link DataApiProperties}. Stateless.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(DataApiProperties.class)
class SourceConfiguration {

    static final String BASE_URL = DataApiProperties.PREFIX + ".base-url";
    static final String API_KEY = DataApiProperties.PREFIX + ".api-key";

    @Bean
    DataApiClient dataApiClient(DataApiProperties properties, ObjectProvider<DataApiEndpoint> suppliedEndpoint,
            Environment environment, ObjectProvider<MeterRegistry> meters, ObjectProvider<DataApiObserver> observer,
            ObjectProvider<RequestBudget> sharedBudget) {
        DataApiEndpoint endpoint = suppliedEndpoint.getIfAvailable(() -> configuredEndpoint(Binder.get(environment)));
        return new DataApiClient(endpoint, properties, jsonMapper(), meters.getIfAvailable(), Clock.systemUTC(), Sleeper.THREAD,
                observer.getIfAvailable(() -> DataApiObserver.NONE), sharedBudget.getIfAvailable());
    }

    /**
     * Masks the API key in {@code /actuator/env} and {@code /actuator/configprops}, should an operator expose them
     * (ledgersync does not) and set {@code show-values: always} to debug the rest of the configuration.
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

    /**
     * The endpoint that {@code ledgersync.api.base-url} and {@code api-key} name.
     *
     * @throws InvalidConfigurationPropertyValueException naming the key at fault, so that the start fails as a
     *         configuration error (exit code 2) with the endpoint's own message
     */
    static DataApiEndpoint configuredEndpoint(Binder configuration) {
        String baseUrl = configuration.bind(BASE_URL, String.class).orElse("");
        if (baseUrl.isBlank()) {
            throw new InvalidConfigurationPropertyValueException(BASE_URL, baseUrl, "No Data API base URL: set "
                    + "LEDGERSYNC_API_BASE_URL (" + BASE_URL + "), or leave it empty in the application, which then starts an "
                    + "embedded sandbox and supplies its DataApiEndpoint");
        }
        String apiKey = configuration.bind(API_KEY, String.class).orElse(null);
        try {
            return DataApiEndpoint.of(baseUrl, apiKey);
        } catch (IllegalArgumentException invalid) {
            boolean noKey = apiKey == null || apiKey.isBlank();
            // never the key itself in the exception: only its absence is news
            throw new InvalidConfigurationPropertyValueException(noKey ? API_KEY : BASE_URL, noKey ? "" : baseUrl,
                    invalid.getMessage());
        }
    }
}
