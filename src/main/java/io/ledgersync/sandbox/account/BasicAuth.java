package io.ledgersync.sandbox.account;

import java.util.Base64;

import io.ledgersync.sandbox.records.ApiException;

/** Reads {@code Authorization: Basic <base64 of the API key>} (CONTRACT.md §5): the key itself, not user:password. */
final class BasicAuth {

    private static final String FORM = "Authorization: Basic <base64 of the API key>";

    private BasicAuth() {
    }

    /** The decoded key bytes; otherwise throws the 401 that says what was wrong with the header. */
    static byte[] credentials(String header) {
        if (header == null || header.isBlank()) {
            throw ApiException.unauthorized("No API key was supplied; send the header " + FORM + ".");
        }
        String[] parts = header.trim().split("\\s+", 2);
        if (parts.length != 2 || !parts[0].equalsIgnoreCase("Basic")) {
            throw ApiException.unauthorized("The Authorization header is malformed; expected " + FORM + ".");
        }
        try {
            return Base64.getDecoder().decode(parts[1].trim());
        } catch (IllegalArgumentException e) {
            throw ApiException.unauthorized("The Authorization header is malformed: its credentials are not base64;"
                    + " expected " + FORM + ".");
        }
    }
}
