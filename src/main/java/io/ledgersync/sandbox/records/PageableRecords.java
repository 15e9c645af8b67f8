package io.ledgersync.sandbox.records;

import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.IntFunction;

import tools.jackson.core.JsonGenerator;

/**
 * The records of one paged resource (the company list, a company's data set) as the HTTP layer serves them: its
 * path (the {@code self} href), how many records it has, how to make record {@code i} on demand, how to write one,
 * and what a query may filter or order on.
 *
 * @param identity names exactly this content (path and drift version) so that a serving order worked out over it
 *                 may be reused; null when the content may differ between requests of the same path (a key's own
 *                 companies)
 */
public record PageableRecords<T>(
        String path,
        int size,
        IntFunction<T> record,
        BiConsumer<JsonGenerator, T> writer,
        Map<String, Field<T>> fields,
        String identity) {
}
