package io.ledgersync;

import org.springframework.boot.context.properties.ConfigurationProperties;

import io.ledgersync.sandbox.SandboxSettings;

/**
 * The sandbox started inside the service when no Data API base URL is configured ({@code ledgersync.sandbox.*},
 * e.g. {@code LEDGERSYNC_SANDBOX_COMPANIES}). Each value is null unless configured: the defaults live in
 * {@link SandboxSettings#defaults()} alone, and only what is set here changes them.
 */
@ConfigurationProperties("ledgersync.sandbox")
record EmbeddedSandboxProperties(Integer port, Integer companies, Integer invoicesPerCompany, Long seed,
        String apiKey) {

    /** {@code defaults} with every value that is configured here put over it. */
    SandboxSettings applyTo(SandboxSettings defaults) {
        SandboxSettings settings = defaults;
        settings = port == null ? settings : settings.withPort(port);
        settings = companies == null ? settings : settings.withCompanies(companies);
        settings = invoicesPerCompany == null ? settings : settings.withInvoicesPerCompany(invoicesPerCompany);
        settings = seed == null ? settings : settings.withSeed(seed);
        return apiKey == null ? settings : settings.withApiKey(apiKey);
    }
}
