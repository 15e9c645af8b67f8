package io.ledgersync.sandbox.records;

/** Makes record {@code index} of a company's data set: a pure function of (seed, company, index). */
@FunctionalInterface
interface RecordGenerator<T> {

    T generate(Company company, int index);
}
