package io.ledgersync.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class SecurityConfigurationTests {

    private final SecurityConfiguration configuration = new SecurityConfiguration();

    @Test
    void theProdProfileRefusesToStartWithoutAPassword() {
        MockEnvironment prod = new MockEnvironment();
        prod.setActiveProfiles("prod");

        assertThatThrownBy(() -> configuration.apiUsers(new SecurityProperties("admin", ""), prod))
                .hasMessageContaining("LEDGERSYNC_ADMIN_PASSWORD");
    }

    @Test
    void elsewhereAMissingPasswordIsGeneratedNotDefaulted() {
        var users = configuration.apiUsers(new SecurityProperties("admin", null), new MockEnvironment());

        assertThat(users.loadUserByUsername("admin").getPassword()).isNotBlank().doesNotContain("admin");
    }

    @Test
    void theConfiguredPasswordIsStoredEncoded() {
        var users = configuration.apiUsers(new SecurityProperties("ops", "s3cret"), new MockEnvironment());

        assertThat(users.loadUserByUsername("ops").getPassword()).startsWith("{bcrypt}").doesNotContain("s3cret");
    }
}
