package io.ledgersync.trigger.api;

import java.nio.file.Path;
import java.util.Arrays;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.core.env.Environment;

/**
 * The user and password of the REST API as this start has them: configured, or generated ({@link GeneratedPassword})
 * when none is, except in the {@code prod} profile, which refuses to start without one: production never runs with a
 * password nobody chose.
 *
 * @param keptIn the file that keeps a generated password for the next starts; null when configured or not kept
 */
record ApiCredentials(String username, String password, boolean generated, Path keptIn) {

    static ApiCredentials of(SecurityProperties properties, Environment environment) {
        String password = properties.password();
        if (password != null && !password.isBlank()) {
            return new ApiCredentials(properties.username(), password, false, null);
        }
        if (Arrays.asList(environment.getActiveProfiles()).contains("prod")) {
            throw new InvalidConfigurationPropertyValueException("ledgersync.security.password", "", "No password for the "
                    + "REST API user '" + properties.username() + "': set LEDGERSYNC_ADMIN_PASSWORD (ledgersync.security.password); "
                    + "the prod profile never generates one");
        }
        GeneratedPassword.Generated generated = GeneratedPassword.obtain(
                GeneratedPassword.fileFor(environment.getProperty("spring.datasource.url")));
        return new ApiCredentials(properties.username(), generated.password(), true, generated.keptIn());
    }

    @Override
    public String toString() {
        return "ApiCredentials[username=" + username + ", password=****, generated=" + generated + ", keptIn=" + keptIn + "]";
    }
}
