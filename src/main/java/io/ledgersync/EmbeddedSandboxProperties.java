package io.ledgersync;

import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;

import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sandbox.records.DataTypes;

/**
 * The sandbox started inside the service when no Data API base URL is configured ({@code ledgersync.sandbox.*},
 * e.g. {@code LEDGERSYNC_SANDBOX_COMPANIES}). Each value is null unless configured: the defaults live in
 * {@link SandboxSettings#defaults()} alone, and only what is set here changes them.
 *
 * @param asOf the day the records end at, yyyy-mm-dd ({@code LEDGERSYNC_SANDBOX_AS_OF}); empty: today in UTC
 */
@ConfigurationProperties("ledgersync.sandbox")
record EmbeddedSandboxProperties(Integer port, Integer companies, Integer invoicesPerCompany,
        Map<String, Integer> recordsPerCompany, Long seed, String apiKey, String asOf) {

    EmbeddedSandboxProperties {
        if (asOf != null && !asOf.isBlank()) {
            SandboxSettings.day("ledgersync.sandbox.as-of", asOf); // refused at start, naming the key
        }
    }

    /** {@code defaults} with every value that is configured here put over it. */
    SandboxSettings applyTo(SandboxSettings defaults) {
        SandboxSettings settings = defaults;
        settings = port == null ? settings : settings.withPort(port);
        settings = companies == null ? settings : settings.withCompanies(companies);
        settings = invoicesPerCompany == null ? settings : settings.withInvoicesPerCompany(invoicesPerCompany);
        if (recordsPerCompany != null) {
            for (Map.Entry<String, Integer> count : recordsPerCompany.entrySet()) {
                settings = settings.withRecordsPerCompany(dataType(count.getKey()), count.getValue());
            }
        }
        settings = seed == null ? settings : settings.withSeed(seed);
        settings = asOf == null || asOf.isBlank() ? settings : settings.withAsOf(SandboxSettings.day("ledgersync.sandbox.as-of", asOf));
        return apiKey == null ? settings : settings.withApiKey(apiKey);
    }

    /**
     * The data set a key names, whatever its case: an environment variable
     * ({@code LEDGERSYNC_SANDBOX_RECORDSPERCOMPANY_CREDITNOTES}) reaches the map in lower case.
     */
    private static String dataType(String key) {
        return DataTypes.NAMES.stream().filter(name -> name.equalsIgnoreCase(key)).findFirst().orElse(key);
    }
}
