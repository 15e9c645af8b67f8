package io.ledgersync.sandbox.records;

import java.io.OutputStream;
import java.io.StringWriter;
import java.util.function.BiConsumer;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.json.JsonFactory;

/**
 * The one streaming factory of the sandbox. Pages are written field by field with a {@link JsonGenerator}, never
 * through a tree or data binding, so a 5000-record page costs little more than its bytes.
 */
public final class JsonOutput {

    /** Thread-safe and costly to build, hence shared. */
    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonOutput() {
    }

    public static JsonGenerator generator(OutputStream out) {
        return FACTORY.createGenerator(out);
    }

    /** The compact JSON of one value, written by the same code that writes it inside a page. */
    public static <T> String toJson(BiConsumer<JsonGenerator, T> writer, T value) {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(text)) {
            writer.accept(generator, value);
        }
        return text.toString();
    }
}
