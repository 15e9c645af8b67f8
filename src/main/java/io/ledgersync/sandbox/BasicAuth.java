package io.ledgersync.sandbox;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

/** Checks {@code Authorization: Basic <base64 of the API key>} (data-api.md §5): the key itself, not user:password. */
final class BasicAuth {

    private static final String FORM = "Authorization: Basic <base64 of the API key>";

    private final byte[] expected;

    BasicAuth(String apiKey) {
        this.expected = apiKey.getBytes(StandardCharsets.UTF_8);
    }

    /** Returns when the header carries the key; otherwise throws the 401 that says what was wrong with it. */
    void check(String header) {
        if (header == null || header.isBlank()) {
            throw ApiException.unauthorized("No API key was supplied; send the header " + FORM + ".");
        }
        String[] parts = header.trim().split("\\s+", 2);
        if (parts.length != 2 || !parts[0].equalsIgnoreCase("Basic")) {
            throw ApiException.unauthorized("The Authorization header is malformed; expected " + FORM + ".");
        }
        byte[] supplied;
        try {
            supplied = Base64.getDecoder().decode(parts[1].trim());
        } catch (IllegalArgumentException e) {
            throw ApiException.unauthorized("The Authorization header is malformed: its credentials are not base64;"
                    + " expected " + FORM + ".");
        }
        // Constant time, so that a key cannot be guessed byte by byte from response times.
        if (!MessageDigest.isEqual(supplied, expected)) {
            throw ApiException.unauthorized("The supplied API key is incorrect.");
        }
    }
}
