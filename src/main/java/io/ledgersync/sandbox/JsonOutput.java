package io.ledgersync.sandbox;

import java.io.OutputStream;
import java.io.StringWriter;
import java.util.function.BiConsumer;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.json.JsonFactory;

/**
 * The one streaming factory of the sandbox. Pages are written field by field with a {@link JsonGenerator}, never
 * through a tree or data binding, so a 5000-record page costs little more than its bytes.
 */
final class JsonOutput {

    /** Thread-safe and costly to build, hence shared. */
    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonOutput() {
    }

    static JsonGenerator generator(OutputStream out) {
        return FACTORY.createGenerator(out);
    }

    /** The compact JSON of one value, written by the same code that writes it inside a page. */
    static <T> String toJson(BiConsumer<JsonGenerator, T> writer, T value) {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(text)) {
            writer.accept(generator, value);
        }
        return text.toString();
    }

    static void money(JsonGenerator g, String name, long cents) {
        g.writeName(name);
        g.writeNumber(Decimals.money(cents));
    }

    static void stringOrNull(JsonGenerator g, String name, String value) {
        if (value == null) {
            g.writeNullProperty(name);
        } else {
            g.writeStringProperty(name, value);
        }
    }
}
