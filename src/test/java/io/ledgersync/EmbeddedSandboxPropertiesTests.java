package io.ledgersync;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import io.ledgersync.sandbox.SandboxSettings;

/** The embedded sandbox takes its defaults from the sandbox itself, and only what is configured changes them. */
class EmbeddedSandboxPropertiesTests {

    @Test
    void thePackagedConfigurationLeavesEveryDefaultToTheSandbox() {
        EmbeddedSandboxProperties properties = ConfigDefaults.bind("ledgersync.sandbox", EmbeddedSandboxProperties.class);

        assertThat(properties).isEqualTo(new EmbeddedSandboxProperties(null, null, null, null, null, null, null));
        assertThat(properties.applyTo(SandboxSettings.defaults())).isEqualTo(SandboxSettings.defaults());
    }

    @Test
    void theDocumentedEnvironmentVariablesOverrideTheDefaults() {
        // the variables docs/configuration.md names, bound by Spring Boot's relaxed binding as the service would
        EmbeddedSandboxProperties properties = bindEnvironment(Map.of(
                "LEDGERSYNC_SANDBOX_COMPANIES", "7",
                "LEDGERSYNC_SANDBOX_INVOICES_PER_COMPANY", "9",
                "LEDGERSYNC_SANDBOX_SEED", "3",
                "LEDGERSYNC_SANDBOX_PORT", "18089",
                "LEDGERSYNC_SANDBOX_API_KEY", "from-env",
                "LEDGERSYNC_SANDBOX_AS_OF", "2025-07-01"));

        assertThat(properties.applyTo(SandboxSettings.defaults())).isEqualTo(SandboxSettings.defaults()
                .withCompanies(7).withInvoicesPerCompany(9).withSeed(3).withPort(18089).withApiKey("from-env")
                .withAsOf(java.time.LocalDate.of(2025, 7, 1)));
    }

    @Test
    void recordCountsOfAnyDataSetAreSetByEnvironmentVariableWhateverTheirCase() {
        EmbeddedSandboxProperties properties = bindEnvironment(Map.of(
                "LEDGERSYNC_SANDBOX_RECORDSPERCOMPANY_CREDITNOTES", "7",
                "LEDGERSYNC_SANDBOX_RECORDSPERCOMPANY_BILLS", "11"));

        assertThat(properties.applyTo(SandboxSettings.defaults())).isEqualTo(SandboxSettings.defaults()
                .withRecordsPerCompany("creditNotes", 7).withRecordsPerCompany("bills", 11));
    }

    @Test
    void onlyTheValuesSetChangeTheDefaults() {
        EmbeddedSandboxProperties properties = bindEnvironment(Map.of("LEDGERSYNC_SANDBOX_API_KEY", "from-env"));

        assertThat(properties.applyTo(SandboxSettings.defaults()))
                .isEqualTo(SandboxSettings.defaults().withApiKey("from-env"));
    }

    @Test
    void anAsOfThatIsNotADayIsRefusedNamingTheSettingAndItsForm() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> bindEnvironment(Map.of("LEDGERSYNC_SANDBOX_AS_OF", "July")))
                .rootCause().hasMessage("ledgersync.sandbox.as-of must be a day as yyyy-mm-dd (e.g. 2025-07-01), was 'July'");
    }

    private static EmbeddedSandboxProperties bindEnvironment(Map<String, Object> variables) {
        MutablePropertySources sources = new MutablePropertySources();
        sources.addFirst(new SystemEnvironmentPropertySource("systemEnvironment", variables));
        return new Binder(ConfigurationPropertySources.from(sources))
                .bindOrCreate("ledgersync.sandbox", Bindable.of(EmbeddedSandboxProperties.class));
    }
}
