package io.ledgersync.trigger.api;

import java.time.Duration;
import java.util.Objects;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The credentials of the REST API ({@code ledgersync.security.*}). With no password configured the
 * service generates one ({@link ApiCredentials}), except in the {@code prod} profile.
 *
 * @param failedLogins how many failed logins a client may make, regaining them over {@code per}
 * @param maxRequestBody the largest request body the service reads; a larger one is 413 ({@link RequestBodyLimit})
 */
@ConfigurationProperties("ledgersync.security")
record SecurityProperties(String username, String password, FailedLogins failedLogins, DataSize maxRequestBody) {

    SecurityProperties {
        Objects.requireNonNull(username, "ledgersync.security.username is not set");
        Objects.requireNonNull(failedLogins, "ledgersync.security.failed-logins is not set");
        if (maxRequestBody == null || maxRequestBody.toBytes() < 1) {
            throw new IllegalArgumentException("ledgersync.security.max-request-body must be a positive size such as"
                    + " 1MB, was " + maxRequestBody);
        }
    }

    /** {@code allowed} failed logins per client, all of them regained evenly over {@code per}. */
    record FailedLogins(int allowed, Duration per) {

        FailedLogins {
            if (allowed < 1) {
                throw new IllegalArgumentException("ledgersync.security.failed-logins.allowed must be at least 1, was "
                        + allowed);
            }
            if (per == null || per.isNegative() || per.isZero()) {
                throw new IllegalArgumentException("ledgersync.security.failed-logins.per must be a positive duration,"
                        + " was " + per);
            }
        }
    }

    @Override
    public String toString() {
        return "SecurityProperties[username=" + username + ", password=****, failedLogins=" + failedLogins
                + ", maxRequestBody=" + maxRequestBody + "]";
    }
}
