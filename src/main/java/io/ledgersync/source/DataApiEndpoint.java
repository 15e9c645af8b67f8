package io.ledgersync.source;

import java.net.URI;
import java.util.Objects;

/**
 * The Data API instance to talk to: its base URL and the key that authenticates us there.
 * A bean of this type, when present, overrides {@code ledgersync.api.base-url} and {@code api-key}
 * (the application supplies one for the embedded sandbox).
 */
public record DataApiEndpoint(URI baseUrl, String apiKey) {

    public DataApiEndpoint {
        Objects.requireNonNull(baseUrl, "baseUrl");
        if (apiKey == null || apiKey.isBlank()) {
            throw new IllegalArgumentException("No API key for the Data API at " + baseUrl
                    + ": set LEDGERSYNC_API_KEY (ledgersync.api.api-key)");
        }
        String text = baseUrl.toString();
        if (text.endsWith("/")) {
            baseUrl = URI.create(text.substring(0, text.length() - 1));
        }
        if (baseUrl.getScheme() == null || baseUrl.getHost() == null
                || !(baseUrl.getScheme().equals("http") || baseUrl.getScheme().equals("https"))) {
            throw new IllegalArgumentException("The Data API base URL '" + text
                    + "' is not an absolute http(s) URL: set LEDGERSYNC_API_BASE_URL, e.g. https://api.example.com");
        }
    }

    @Override
    public String toString() {
        return "DataApiEndpoint[baseUrl=" + baseUrl + ", apiKey=****]";
    }
}
