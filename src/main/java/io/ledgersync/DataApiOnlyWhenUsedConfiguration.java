package io.ledgersync;

import java.util.List;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.source.DataApiClient;
import io.ledgersync.source.DataApiEndpoint;

/**
 * The commands that read only the warehouse and the data set files ({@code schema}, {@code status}, {@code runs},
 * {@code reset}) never ask the Data API: its client, its endpoint and the embedded sandbox that would supply one are
 * made only if something asks for them, which nothing in those commands does. So they bind no sandbox port and log no
 * sandbox, and a Data API that is not configured is no concern of theirs.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${ledgersync.command:serve}'.matches('schema|status|runs|reset')")
class DataApiOnlyWhenUsedConfiguration {

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
