package io.ledgersync.trigger.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The line printed at start is pasted into a shell as it is: its words must survive the shell. */
class ApiAddressLineTests {

    private static final String API = "http://localhost:8080/api";

    @Test
    void givenAGeneratedPasswordWhenTheLineIsMadeThenItExportsThePasswordAndCurlsTheStatus() {
        String line = ApiAddressLine.line(new ApiCredentials("admin", "0f8e-42", true, null), API);

        assertThat(line).isEqualTo("REST API: http://localhost:8080/api -- export LEDGERSYNC_ADMIN_PASSWORD='0f8e-42';"
                + " curl -u admin:$LEDGERSYNC_ADMIN_PASSWORD http://localhost:8080/api/status");
    }

    @Test
    void givenAUserAndPasswordWithShellCharactersWhenTheLineIsMadeThenBothAreSingleQuoted() {
        String line = ApiAddressLine.line(new ApiCredentials("ops team", "it's $x", true, null), API);

        assertThat(line).contains("export LEDGERSYNC_ADMIN_PASSWORD='it'\\''s $x';")
                .contains("curl -u 'ops team':$LEDGERSYNC_ADMIN_PASSWORD ");
    }

    @Test
    void givenAConfiguredPasswordWhenTheLineIsMadeThenItNamesTheSettingAndNeverThePassword() {
        String line = ApiAddressLine.line(new ApiCredentials("admin", "dev", false, null), API);

        assertThat(line).isEqualTo("REST API: http://localhost:8080/api -- user admin with the password set in"
                + " LEDGERSYNC_ADMIN_PASSWORD (ledgersync.security.password), e.g. curl -u admin:$LEDGERSYNC_ADMIN_PASSWORD"
                + " http://localhost:8080/api/status");
    }
}
