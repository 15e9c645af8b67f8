package io.ledgersync.source;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(DataApiProperties.class)
class SourceConfiguration {

    @Bean
    DataApiClient dataApiClient(DataApiProperties properties, ObjectProvider<DataApiEndpoint> endpointOverride) {
        DataApiEndpoint endpoint = endpointOverride.getIfAvailable(() -> configuredEndpoint(properties));
        return new DataApiClient(endpoint, properties.pageSize(), properties.connectTimeout(), properties.readTimeout(),
                JsonMapper.builder()
                        // money: keep 12.50 as 12.50, never as a binary double
                        .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                        .build());
    }

    private static DataApiEndpoint configuredEndpoint(DataApiProperties properties) {
        if (!properties.hasBaseUrl()) {
            throw new IllegalStateException("No Data API base URL: set LEDGERSYNC_API_BASE_URL (ledgersync.api.base-url), "
                    + "or leave it empty with ledgersync.sandbox.embedded=true to use the embedded sandbox");
        }
        return new DataApiEndpoint(properties.baseUrl(), properties.apiKey());
    }
}
