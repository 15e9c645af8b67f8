package io.ledgersync.trigger.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * One setting read the way Spring Boot would read it, without starting Spring Boot, whose configuration machinery
 * costs seconds: the command line, system properties, the environment (relaxed: {@code LEDGERSYNC_SYNC_DATASETS}),
 * then the config files of the working directory and the jar, the last location that sets it winning. Where Boot
 * could decide otherwise (a profile's file, a document activated by a condition, a placeholder, another config
 * location or name), it says it cannot tell, and the caller leaves the check to the application. It does not see a
 * profile of the class path activated by a config file rather than by {@code spring.profiles.active}: the
 * application's own check, at start, does. Stateless.
 */
final class ConfiguredSetting {

    /** Spring Boot's default locations, lowest precedence first. */
    private static final List<String> LOCATIONS = List.of("classpath:", "classpath:config/", "./", "./config/", "./config/*/");
    private static final List<String> EXTENSIONS = List.of("yml", "yaml", "properties");

    private ConfiguredSetting() {
    }

    /** The value of {@code key}, e.g. {@code ledgersync.sync.datasets}; empty when it is not set or cannot be told. */
    static Optional<String> of(String key, String[] args, Map<String, String> environment) {
        String variable = key.toUpperCase(Locale.ROOT).replace('.', '_').replace("-", "");
        if (redirected(args, environment)) {
            return Optional.empty();
        }
        for (int i = args.length - 1; i >= 0; i--) {
            if (args[i].startsWith("--" + key + "=")) {
                return Optional.of(args[i].substring(key.length() + 3));
            }
        }
        String value = System.getProperty(key, environment.get(variable));
        if (value != null) {
            return Optional.of(value);
        }
        List<String> profiles = activeProfiles(args, environment);
        try {
            for (int i = LOCATIONS.size() - 1; i >= 0; i--) {
                Found found = inLocation(LOCATIONS.get(i), key, profiles);
                if (found != null) {
                    return Optional.ofNullable(found.value()).filter(text -> !text.contains("${"));
                }
            }
        } catch (RuntimeException | IOException unreadable) {
            // the application reads the files again, and says what is wrong with them
        }
        return Optional.empty();
    }

    /** Other config files, names or inline JSON: this reading would not be Boot's. */
    private static boolean redirected(String[] args, Map<String, String> environment) {
        for (String arg : args) {
            if (arg.startsWith("--spring.config.") || arg.startsWith("--spring.application.json")) {
                return true;
            }
        }
        return environment.keySet().stream().anyMatch(name -> name.startsWith("SPRING_CONFIG_") || name.equals("SPRING_APPLICATION_JSON"))
                || System.getProperties().stringPropertyNames().stream().anyMatch(name -> name.startsWith("spring.config."));
    }

    /** What a location's files say of the key: one value, or null inside when it depends on what only Boot knows. */
    private record Found(String value) {
    }

    /** The profiles named by {@code spring.profiles.active} on the command line, as a system property or variable. */
    private static List<String> activeProfiles(String[] args, Map<String, String> environment) {
        String active = System.getProperty("spring.profiles.active", environment.getOrDefault("SPRING_PROFILES_ACTIVE", ""));
        for (String arg : args) {
            if (arg.startsWith("--spring.profiles.active=")) {
                active = arg.substring("--spring.profiles.active=".length());
            }
        }
        return Arrays.stream(active.split(",")).map(String::strip).filter(profile -> !profile.isEmpty()).toList();
    }

    /** Null when no file of the location sets the key. */
    private static Found inLocation(String location, String key, List<String> profiles) throws IOException {
        List<String> values = new ArrayList<>();
        boolean dependsOnBoot = false;
        for (String file : files(location, profiles)) {
            boolean profileSpecific = file.matches(".*application-[^/]+\\.[a-z]+$");
            for (Map<String, Object> document : documents(file)) {
                Object value = lookUp(document, key);
                if (value != null) {
                    dependsOnBoot |= profileSpecific || lookUp(document, "spring.config.activate") != null;
                    values.add(String.valueOf(value));
                }
            }
        }
        if (values.isEmpty()) {
            return null;
        }
        // which of several files wins is Boot's to say (properties before YAML, profiles last)
        boolean one = values.stream().distinct().count() == 1;
        return new Found(dependsOnBoot || !one ? null : values.get(0));
    }

    /** A folder's files are listed; on the class path, which cannot be, those of the profiles named as active. */
    private static List<String> files(String location, List<String> profiles) throws IOException {
        List<String> files = new ArrayList<>();
        if (location.startsWith("classpath:")) {
            for (String extension : EXTENSIONS) {
                files.add(location + "application." + extension);
                profiles.forEach(profile -> files.add(location + "application-" + profile + "." + extension));
            }
            return files;
        }
        List<Path> directories = new ArrayList<>();
        if (location.endsWith("*/")) {
            Path parent = Path.of(location.substring(0, location.length() - 2));
            if (Files.isDirectory(parent)) {
                try (DirectoryStream<Path> children = Files.newDirectoryStream(parent, Files::isDirectory)) {
                    children.forEach(directories::add);
                }
            }
        } else {
            directories.add(Path.of(location));
        }
        for (Path directory : directories) {
            if (Files.isDirectory(directory)) {
                try (DirectoryStream<Path> candidates = Files.newDirectoryStream(directory, "application*.{yml,yaml,properties}")) {
                    candidates.forEach(file -> files.add(file.toString()));
                }
            }
        }
        files.sort(null);
        return files;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> documents(String file) throws IOException {
        try (InputStream in = file.startsWith("classpath:")
                ? ConfiguredSetting.class.getClassLoader().getResourceAsStream(file.substring("classpath:".length()))
                : Files.newInputStream(Path.of(file))) {
            List<Map<String, Object>> documents = new ArrayList<>();
            if (in == null) {
                return documents;
            }
            if (file.endsWith(".properties")) {
                Properties properties = new Properties();
                properties.load(in);
                documents.add((Map<String, Object>) (Map<?, ?>) properties);
                return documents;
            }
            for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(in)) {
                if (document instanceof Map<?, ?> map) {
                    documents.add((Map<String, Object>) map);
                }
            }
            return documents;
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** {@code a.b.c} in nested maps, or any split of it into dotted keys ({@code a: {b.c: x}}, {@code a.b.c: x}). */
    private static Object lookUp(Map<?, ?> map, String key) {
        if (map.containsKey(key)) {
            return map.get(key);
        }
        for (int dot = key.indexOf('.'); dot > 0; dot = key.indexOf('.', dot + 1)) {
            if (map.get(key.substring(0, dot)) instanceof Map<?, ?> nested) {
                Object found = lookUp(nested, key.substring(dot + 1));
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
