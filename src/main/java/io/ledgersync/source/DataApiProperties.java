package io.ledgersync.source;

import java.net.URI;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the Data API is and how ledgersync talks to it ({@code ledgersync.api.*}).
 *
 * @param baseUrl base URL of the Data API, possibly with a path prefix; empty means "use the
 *     embedded sandbox"
 * @param apiKey the API key, sent only to {@code baseUrl}; never logged
 * @param pageSize records per page requested (data-api.md §4.1: 1 to 5000)
 * @param connectTimeout how long to wait for a TCP connection
 * @param readTimeout how long to wait for a whole response
 */
@ConfigurationProperties("ledgersync.api")
public record DataApiProperties(
        URI baseUrl,
        String apiKey,
        @DefaultValue("100") int pageSize,
        @DefaultValue("10s") Duration connectTimeout,
        @DefaultValue("60s") Duration readTimeout) {

    /** data-api.md §8: the largest page the Data API serves. */
    public static final int MAX_PAGE_SIZE = 5000;

    public DataApiProperties {
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("ledgersync.api.page-size (LEDGERSYNC_PAGE_SIZE) is " + pageSize
                    + ": it must be between 1 and " + MAX_PAGE_SIZE + " (the Data API's maximum page size)");
        }
    }

    boolean hasBaseUrl() {
        return baseUrl != null && !baseUrl.toString().isBlank();
    }

    @Override
    public String toString() {
        return "DataApiProperties[baseUrl=" + baseUrl + ", apiKey=" + (apiKey == null || apiKey.isEmpty() ? "<unset>" : "****")
                + ", pageSize=" + pageSize + ", connectTimeout=" + connectTimeout + ", readTimeout=" + readTimeout + "]";
    }
}
