package io.ledgersync.sandbox.account;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.ledgersync.sandbox.records.ApiException;
import io.ledgersync.sandbox.records.SeededRandom;

/**
 * The account's API keys (CONTRACT.md §5, §8): at most 10, each either account-wide or tied to some companies.
 * Deleted keys are remembered as outdated, so using one is a 403 rather than a 401 (§5 rule 3).
 */
public final class ApiKeys {

    static final int MAX_KEYS = 10;
    private static final String KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    /**
     * One key. {@code companies} null means account-wide: every company, and the account endpoints
     * ({@code /apiKeys}, {@code POST /companies}, {@code /profile/syncSettings}).
     */
    public record ApiKey(String id, String name, String value, Instant created, Set<String> companies) {

        public boolean accountWide() {
            return companies == null;
        }

        public boolean mayRead(String companyId) {
            return companies == null || companies.contains(companyId);
        }
    }

    private final List<ApiKey> keys = new ArrayList<>();
    private final Set<String> outdated = new HashSet<>();
    private final Clock clock;
    private final long seed;
    private int made;

    public ApiKeys(String firstKey, Instant accountCreated, Clock clock, long seed) {
        this.clock = clock;
        this.seed = seed;
        String firstId = new SeededRandom(seed, SeededRandom.API_KEY, 0).uuid();
        keys.add(new ApiKey(firstId, null, firstKey, accountCreated, null));
        made = 1;
    }

    /** The key of the header; 401 when the header is missing, malformed or names no key ever issued. */
    public ApiKey authenticate(String header) {
        byte[] supplied = BasicAuth.credentials(header);
        synchronized (this) {
            for (ApiKey key : keys) {
                // Constant time, so that a key cannot be guessed byte by byte from response times.
                if (MessageDigest.isEqual(supplied, key.value().getBytes(StandardCharsets.UTF_8))) {
                    return key;
                }
            }
            if (outdated.contains(new String(supplied, StandardCharsets.UTF_8))) {
                throw ApiException.forbidden();
            }
        }
        throw ApiException.unauthorized("The supplied API key is incorrect.");
    }

    /**
     * Issues a key; {@code value} null draws one from the seed. The 11th live key is refused with the platform's 409
     * text (§8), whoever asks.
     */
    public synchronized ApiKey create(String name, String value, Set<String> companies) {
        if (keys.size() >= MAX_KEYS) {
            throw ApiException.conflict("Maximum number of API keys reached. To create a new API key, delete an"
                    + " unused key and try again.");
        }
        SeededRandom random = new SeededRandom(seed, SeededRandom.API_KEY, made);
        String id = random.uuid();
        String keyValue = value;
        if (keyValue == null) {
            StringBuilder drawn = new StringBuilder(40);
            for (int i = 0; i < 40; i++) {
                drawn.append(KEY_ALPHABET.charAt(random.nextInt(KEY_ALPHABET.length())));
            }
            keyValue = drawn.toString();
        }
        for (ApiKey key : keys) {
            if (key.value().equals(keyValue)) {
                throw new IllegalArgumentException("an API key with that value exists already");
            }
        }
        made++;
        ApiKey key = new ApiKey(id, name, keyValue, clock.instant(), companies == null ? null : Set.copyOf(companies));
        keys.add(key);
        return key;
    }

    /** True when a key had that id; it then becomes outdated. */
    public synchronized boolean delete(String id) {
        for (ApiKey key : keys) {
            if (key.id().equals(id)) {
                keys.remove(key);
                outdated.add(key.value());
                return true;
            }
        }
        return false;
    }

    public synchronized List<ApiKey> list() {
        return List.copyOf(keys);
    }
}
