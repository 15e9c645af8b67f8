package io.ledgersync.trigger;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.springframework.core.env.Environment;

import io.ledgersync.source.DataApiEndpoint;

/**
 * The settings a command cannot start without, and the line that says what to set: the one home of these rules. The
 * preflight before the start ({@code ConfigurationPreflight}) asks for all of them at once, so that every missing
 * setting is told, one line each; the beans that need one ask for theirs, for a context started any other way.
 * Stateless.
 */
public final class RequiredSettings {

    /** The production profile: it never falls back to the embedded sandbox, nor generates a REST API password. */
    public static final String PROD = "prod";
    static final String BASE_URL = "ledgersync.api.base-url";
    static final String API_KEY = "ledgersync.api.api-key";
    static final String USERNAME = "ledgersync.security.username";
    static final String PASSWORD = "ledgersync.security.password";

    private RequiredSettings() {
    }

    /**
     * Every setting that {@code command} needs and the environment lacks or gets wrong, one line each: the Data API for
     * the commands that sync ({@code sync}, {@code serve}, {@code worker}), the REST API password for the one that
     * serves the REST API ({@code serve}; a worker has no users). Empty when nothing is missing.
     */
    public static List<String> missing(String command, Environment environment) {
        List<String> missing = new ArrayList<>();
        if (List.of("sync", "serve", "worker").contains(command)) {
            dataApi(environment.getProperty(BASE_URL, ""), environment.getProperty(API_KEY, ""), environment)
                    .ifPresent(missing::add);
        }
        if (command.equals("serve")) {
            adminPassword(environment.getProperty(USERNAME, "admin"), environment.getProperty(PASSWORD, ""), environment)
                    .ifPresent(missing::add);
        }
        return missing;
    }

    /**
     * What is wrong with the Data API settings: a base URL without a key, or not an http(s) URL ({@link DataApiEndpoint}
     * says which); none at all in the prod profile. No base URL elsewhere is fine: the embedded sandbox serves.
     */
    public static Optional<String> dataApi(String baseUrl, String apiKey, Environment environment) {
        if (baseUrl == null || baseUrl.isBlank()) {
            return environment.matchesProfiles(PROD) ? Optional.of("No Data API configured: set LEDGERSYNC_API_BASE_URL and "
                    + "LEDGERSYNC_API_KEY (the prod profile never falls back to the embedded sandbox)") : Optional.empty();
        }
        try {
            DataApiEndpoint.of(baseUrl, apiKey);
            return Optional.empty();
        } catch (IllegalArgumentException invalid) {
            return Optional.of(invalid.getMessage());
        }
    }

    /** The prod profile without a REST API password: elsewhere one is generated at each start. */
    public static Optional<String> adminPassword(String username, String password, Environment environment) {
        if ((password == null || password.isBlank()) && environment.matchesProfiles(PROD)) {
            return Optional.of("No password for the REST API user '" + username + "': set LEDGERSYNC_ADMIN_PASSWORD "
                    + "(ledgersync.security.password); the prod profile never generates one");
        }
        return Optional.empty();
    }
}
