package io.ledgersync;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.PropertySourcesPlaceholdersResolver;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

/**
 * The settings of the packaged {@code config/application.yml}, the one home of every default, bound outside Spring
 * for tests and benchmarks that build a part by hand. Environment placeholders take the defaults the file gives them,
 * so a developer's environment never changes a test.
 */
public final class ConfigDefaults {

    private static final MutablePropertySources SOURCES = load();

    private ConfigDefaults() {
    }

    /** The properties record of {@code prefix} (e.g. {@code ledgersync.api}) with the file's values. */
    public static <T> T bind(String prefix, Class<T> type) {
        Binder binder = new Binder(ConfigurationPropertySources.from(SOURCES), new PropertySourcesPlaceholdersResolver(SOURCES));
        return binder.bindOrCreate(prefix, Bindable.of(type));
    }

    private static MutablePropertySources load() {
        try {
            List<PropertySource<?>> loaded = new YamlPropertySourceLoader().load("config/application.yml",
                    new ClassPathResource("config/application.yml"));
            MutablePropertySources sources = new MutablePropertySources();
            loaded.forEach(sources::addLast);
            return sources;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
