package io.ledgersync.sandbox;

import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.IntFunction;

import tools.jackson.core.JsonGenerator;

/**
 * One paged collection as the HTTP layer sees it: its path (the {@code self} href), how many records it has, how
 * to make record {@code i} on demand, how to write one, and what a query may filter or order on.
 *
 * @param identity names exactly this content (path and drift version) so that a order over it may be reused;
 *                 null when the content may differ between requests of the same path (a key's own companies)
 */
record PageableRecords<T>(
        String path,
        int size,
        IntFunction<T> record,
        BiConsumer<JsonGenerator, T> writer,
        Map<String, Field<T>> fields,
        String identity) {
}
