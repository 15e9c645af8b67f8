package io.ledgersync.sandbox.records;

import java.time.Instant;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

import tools.jackson.core.JsonGenerator;

/**
 * Everything the sandbox needs to serve one company data set: its name in the path, how its records are made, how
 * a scripted change revises one, how one is written, and what a {@code query} or {@code orderBy} may name.
 *
 * @param name        the data set's name in its path, {@code /companies/{id}/data/<name>}
 * @param statusName  its name in {@code dataStatus} and the sync settings: the platform's {@code dataType}, which
 *                    for the chart of accounts differs from the path ({@code chartOfAccounts} vs {@code accounts})
 * @param minimumSize the fewest records it may have per company, because other data sets refer to its records
 *                    (invoices name customers, lines name the standard chart of accounts)
 */
record DataType<T>(
        String name,
        String statusName,
        int minimumSize,
        Function<Ledger, RecordGenerator<T>> generators,
        Reviser<T> reviser,
        BiConsumer<JsonGenerator, T> writer,
        Map<String, Field<T>> fields) {

    /** How a record looks after the platform changed it: new modifiedDate, visibly different content, maybe deleted. */
    @FunctionalInterface
    interface Reviser<T> {
        T revise(T record, Instant when, int revision, boolean deleted);
    }
}
