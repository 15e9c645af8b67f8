package io.ledgersync.trigger;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The credentials of the REST API ({@code ledgersync.security.*}). With no password configured the
 * service generates one at startup and logs it, except in the {@code prod} profile, where it
 * refuses to start: production never runs with a password nobody chose.
 */
@ConfigurationProperties("ledgersync.security")
record SecurityProperties(String username, String password) {

    SecurityProperties {
        java.util.Objects.requireNonNull(username, "ledgersync.security.username is not set");
    }

    @Override
    public String toString() {
        return "SecurityProperties[username=" + username + ", password=****]";
    }
}
