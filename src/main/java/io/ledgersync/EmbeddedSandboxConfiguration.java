package io.ledgersync;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.source.DataApiEndpoint;
import io.ledgersync.trigger.RequiredSettings;

/**
 * With no Data API configured, the service talks to a sandbox that it starts itself on a loopback
 * port, so that a fresh checkout syncs something real. This is the one place that knows both the
 * sandbox and the client: they never import each other.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${ledgersync.api.base-url:}'.isBlank()")
@EnableConfigurationProperties(EmbeddedSandboxProperties.class)
class EmbeddedSandboxConfiguration {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedSandboxConfiguration.class);

    @Bean(destroyMethod = "close")
    SandboxServer embeddedSandbox(EmbeddedSandboxProperties properties, org.springframework.core.env.Environment environment) {
        RequiredSettings.dataApi("", null, environment).ifPresent(reason -> { // the prod profile: no sandbox
            throw new InvalidConfigurationPropertyValueException("ledgersync.api.base-url", "", reason);
        });
        // No host property: the default loopback address, since the embedded sandbox serves this process only.
        SandboxSettings settings = properties.applyTo(SandboxSettings.defaults());
        SandboxServer sandbox = SandboxServer.start(settings);
        log.info("No Data API configured (LEDGERSYNC_API_BASE_URL): using the embedded sandbox at {} with {} companies x {} invoices",
                sandbox.baseUrl(), settings.companies(), settings.invoicesPerCompany());
        return sandbox;
    }

    @Bean
    DataApiEndpoint embeddedSandboxEndpoint(SandboxServer embeddedSandbox) {
        return new DataApiEndpoint(embeddedSandbox.baseUrl(), embeddedSandbox.apiKey());
    }
}
