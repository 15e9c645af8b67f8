package io.ledgersync.source;

import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Started in a JVM of its own by {@link PackagedDefaultsIntegrationTests}: reads {@code ledgersync.api.*} the way the
 * service does (Spring Boot's config locations, the environment) and prints what the client got, the key only as
 * whether it is the one in {@code LEDGERSYNC_API_KEY}.
 */
final class ApiSettingsProbe {

    private ApiSettingsProbe() {
    }

    public static void main(String[] args) {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(SourceConfiguration.class)
                .web(WebApplicationType.NONE).bannerMode(Banner.Mode.OFF).logStartupInfo(false).run(args)) {
            DataApiClient client = context.getBean(DataApiClient.class);
            System.out.println("PROBE " + context.getBean(DataApiProperties.class));
            System.out.println("PROBE baseUrl=" + client.endpoint().baseUrl() + " pageSize=" + client.pageSize()
                    + " keyFromEnvironment=" + client.endpoint().apiKey().equals(System.getenv("LEDGERSYNC_API_KEY")));
        }
    }
}
