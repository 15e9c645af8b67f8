package io.ledgersync.yaml;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.Set;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.MessageInterpolator;
import jakarta.validation.Validation;
import jakarta.validation.Validator;

import org.hibernate.validator.messageinterpolation.ResourceBundleMessageInterpolator;
import org.hibernate.validator.resourceloading.PlatformResourceBundleLocator;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a YAML file into a record type and validates it with Bean Validation, so that a configuration file is a
 * typed value or one error line naming the file, the line and the field:
 * {@code sandbox/scenarios/x.yml line 7, faults[2].rateLimit.requestsPerSecond: must be at least 1}.
 *
 * <p>Strict on purpose, because a file a person wrote should do what it says or fail: an unknown key is an error
 * that names it (a typo never silently does nothing), a key given twice is an error, quoted text is not read as a
 * number or a flag, and {@code 1.5} is not a whole number. An empty file reads as an empty mapping. Nested records
 * and list elements are validated where they are marked {@code @Valid}. Thread-safe.
 */
public final class YamlFiles {

    private static final YAMLMapper MAPPER = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .withCoercionConfigDefaults(coercion -> coercion.setCoercion(CoercionInputShape.String, CoercionAction.Fail))
            .build();

    private static final Validator VALIDATOR = Validation.byDefaultProvider().configure()
            .messageInterpolator(englishMessages())
            .buildValidatorFactory().getValidator();

    private YamlFiles() {
    }

    /** Reads {@code file} into {@code type}; messages name the file by the path as given. */
    public static <T> T read(Path file, Class<T> type) {
        return open(file, type).value();
    }

    /** Reads YAML text into {@code type}; messages name it {@code source} (a file name, a resource's description). */
    public static <T> T read(Reader yaml, String source, Class<T> type) {
        return open(yaml, source, type).value();
    }

    /** Like {@link #read(Path, Class)}, keeping where each field was written for checks made later. */
    public static <T> YamlDocument<T> open(Path file, Class<T> type) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e, e);
        }
        return parse(text, file.toString(), type);
    }

    /** Like {@link #read(Reader, String, Class)}, keeping where each field was written for checks made later. */
    public static <T> YamlDocument<T> open(Reader yaml, String source, Class<T> type) {
        StringWriter text = new StringWriter();
        try {
            yaml.transferTo(text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + source + ": " + e, e);
        }
        return parse(text.toString(), source, type);
    }

    private static <T> YamlDocument<T> parse(String text, String source, Class<T> type) {
        DocumentIndex index;
        try (JsonParser parser = MAPPER.createParser(text)) {
            index = DocumentIndex.of(source, parser);
        } catch (JacksonException e) {
            throw JacksonProblems.invalid(source, null, e);
        }
        T value;
        try {
            value = MAPPER.readValue(index.empty() ? "{}" : text, type);
        } catch (JacksonException e) {
            throw JacksonProblems.invalid(source, index, e);
        }
        Set<ConstraintViolation<T>> violations = VALIDATOR.validate(value);
        if (!violations.isEmpty()) {
            // The first one in the file, so that fixing errors top to bottom always shows the next.
            ConstraintViolation<T> first = violations.stream()
                    .min(Comparator.comparingInt((ConstraintViolation<T> v) -> index.lineOf(ViolationPaths.of(v)))
                            .thenComparing(ViolationPaths::of))
                    .orElseThrow();
            String field = ViolationPaths.of(first);
            throw index.invalid(field, first.getMessage(), null);
        }
        return new YamlDocument<>(index, value);
    }

    /**
     * Constraint messages in English whatever the JVM's locale, worded for a person editing a file
     * ({@code must be at least 1}); the wording is in {@code YamlMessages.properties} next to this class.
     */
    private static MessageInterpolator englishMessages() {
        MessageInterpolator messages = new ResourceBundleMessageInterpolator(
                new PlatformResourceBundleLocator("io.ledgersync.yaml.YamlMessages"));
        return new MessageInterpolator() {
            @Override
            public String interpolate(String template, Context context) {
                return messages.interpolate(template, context, Locale.ROOT);
            }

            @Override
            public String interpolate(String template, Context context, Locale locale) {
                return messages.interpolate(template, context, Locale.ROOT);
            }
        };
    }
}
