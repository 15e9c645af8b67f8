package io.ledgersync;

import java.util.List;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.source.DataApiClient;
import io.ledgersync.source.DataApiEndpoint;

/**
 * The {@code schema} command reads the data set files and the warehouse, never the Data API: the client, its endpoint
 * and the embedded sandbox that would supply one are made only if something asks for them, which nothing in
 * {@code schema} does. So {@code schema} binds no sandbox port and logs no sandbox, and a Data API that is not configured
 * is no concern of it.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "ledgersync.command", havingValue = "schema")
class SchemaCommandConfiguration {

    private static final List<Class<?>> DATA_API = List.of(DataApiClient.class, DataApiEndpoint.class, SandboxServer.class);

    /** Static: it changes bean definitions, so it must exist before any bean of this class does. */
    @Bean
    static BeanFactoryPostProcessor dataApiOnlyWhenUsed() {
        return beanFactory -> DATA_API.forEach(type -> {
            for (String name : beanFactory.getBeanNamesForType(type, true, false)) {
                beanFactory.getBeanDefinition(name).setLazyInit(true);
            }
        });
    }
}
