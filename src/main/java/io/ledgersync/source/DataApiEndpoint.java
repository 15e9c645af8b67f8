package io.ledgersync.source;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Objects;

/**
 * The Data API instance to talk to: its base URL and the key that authenticates us there, validated. The one holder
 * of both: {@link SourceConfiguration} builds it from {@code ledgersync.api.base-url} and {@code api-key} unless the
 * application supplies a bean of it (it does for the embedded sandbox); the tuning is {@link DataApiProperties}'s.
 * Immutable, so thread-safe; {@link #toString()} masks the key.
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
            throw new IllegalArgumentException(notAnHttpUrl(text));
        }
    }

    /**
     * The endpoint of a configured base URL text, e.g. {@code https://api.example.com/v2}, and key.
     *
     * @throws IllegalArgumentException in one line that says what to set: no key, or not an http(s) URL
     */
    public static DataApiEndpoint of(String baseUrl, String apiKey) {
        try {
            return new DataApiEndpoint(new URI(baseUrl.strip()), apiKey);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(notAnHttpUrl(baseUrl) + " (" + e.getMessage() + ")", e);
        }
    }

    private static String notAnHttpUrl(String text) {
        return "The Data API base URL '" + text + "' is not an absolute http(s) URL: set LEDGERSYNC_API_BASE_URL, e.g. https://api.example.com";
    }

    @Override
    public String toString() {
        return "DataApiEndpoint[baseUrl=" + baseUrl + ", apiKey=****]";
    }
}
