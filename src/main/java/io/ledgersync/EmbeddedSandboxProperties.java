package io.ledgersync;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sandbox started inside the service when no Data API base URL is configured
 * ({@code ledgersync.sandbox.*}).
 */
@ConfigurationProperties("ledgersync.sandbox")
record EmbeddedSandboxProperties(
        @DefaultValue("0") int port,
        @DefaultValue("5") int companies,
        @DefaultValue("1000") int invoicesPerCompany,
        @DefaultValue("42") long seed,
        @DefaultValue("sandbox-key") String apiKey) {
}
