package io.ledgersync.trigger.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;
import org.springframework.util.unit.DataSize;

class SecurityConfigurationTests {

    private static final SecurityProperties.FailedLogins LIMITS = new SecurityProperties.FailedLogins(10,
            Duration.ofMinutes(10));

    private final SecurityConfiguration configuration = new SecurityConfiguration();

    @Test
    void theProdProfileRefusesToStartWithoutAPassword() {
        MockEnvironment prod = new MockEnvironment();
        prod.setActiveProfiles("prod");

        assertThatThrownBy(() -> ApiCredentials.of(new SecurityProperties("admin", "", LIMITS, DataSize.ofMegabytes(1)), prod))
                .hasMessageContaining("LEDGERSYNC_ADMIN_PASSWORD");
    }

    @Test
    void elsewhereAMissingPasswordIsGeneratedNotDefaulted() {
        var users = configuration.apiUsers(ApiCredentials.of(new SecurityProperties("admin", null, LIMITS, DataSize.ofMegabytes(1)), new MockEnvironment()));

        assertThat(users.loadUserByUsername("admin").getPassword()).isNotBlank().doesNotContain("admin");
    }

    @Test
    void failedLoginLimitsMustAllowOneAndRefillOverAPositiveTime() {
        assertThatThrownBy(() -> new SecurityProperties.FailedLogins(0, Duration.ofMinutes(1)))
                .hasMessage("ledgersync.security.failed-logins.allowed must be at least 1, was 0");
        assertThatThrownBy(() -> new SecurityProperties.FailedLogins(5, Duration.ZERO))
                .hasMessage("ledgersync.security.failed-logins.per must be a positive duration, was PT0S");
    }

    @Test
    void thePackagedConfigurationAllowsTenFailedLoginsPerClientRegainedOverTenMinutes() {
        SecurityProperties properties = io.ledgersync.ConfigDefaults.bind("ledgersync.security",
                SecurityProperties.class);

        assertThat(properties.failedLogins()).isEqualTo(LIMITS);
    }

    @Test
    void theConfiguredPasswordIsStoredEncoded() {
        var users = configuration.apiUsers(ApiCredentials.of(new SecurityProperties("ops", "s3cret", LIMITS, DataSize.ofMegabytes(1)), new MockEnvironment()));

        assertThat(users.loadUserByUsername("ops").getPassword()).startsWith("{bcrypt}").doesNotContain("s3cret");
    }

    @Test
    void givenAConfiguredPasswordWhenCredentialsAreReadThenItIsUsedAndNotGenerated() {
        ApiCredentials credentials = ApiCredentials.of(new SecurityProperties("ops", "dev", LIMITS, DataSize.ofMegabytes(1)), new MockEnvironment());

        assertThat(credentials.password()).isEqualTo("dev");
        assertThat(credentials.generated()).isFalse();
        assertThat(credentials.toString()).doesNotContain("dev");
    }
}
