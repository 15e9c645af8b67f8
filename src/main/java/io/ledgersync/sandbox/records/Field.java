package io.ledgersync.sandbox.records;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A property of a record that a {@code query} may name, with the type that decides which operators apply.
 * Values are {@link String}, {@link BigDecimal}, {@link Instant} or {@link Boolean}; null never matches.
 */
record Field<T>(String name, Type type, Function<T, Object> value) {

    enum Type {
        STRING, NUMBER, DATE, BOOLEAN
    }

    /** Collects fields by name, in declaration order. */
    static final class Table<T> {
        private final Map<String, Field<T>> fields = new LinkedHashMap<>();

        Table<T> string(String name, Function<T, String> value) {
            return add(name, Type.STRING, value::apply);
        }

        Table<T> number(String name, Function<T, BigDecimal> value) {
            return add(name, Type.NUMBER, value::apply);
        }

        Table<T> date(String name, Function<T, Instant> value) {
            return add(name, Type.DATE, value::apply);
        }

        Table<T> bool(String name, Function<T, Boolean> value) {
            return add(name, Type.BOOLEAN, value::apply);
        }

        private Table<T> add(String name, Type type, Function<T, Object> value) {
            fields.put(name, new Field<>(name, type, value));
            return this;
        }

        Map<String, Field<T>> build() {
            return Map.copyOf(fields);
        }
    }
}
