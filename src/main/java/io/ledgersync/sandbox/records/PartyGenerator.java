package io.ledgersync.sandbox.records;

import java.time.LocalDate;

/**
 * Makes customer or supplier {@code index} of a company, a pure function of (seed, company index, index): exactly
 * the party that documents name with the same index (same id and name, from the {@link Ledger}), with its details
 * drawn from a stream of its own.
 */
final class PartyGenerator<T> implements RecordGenerator<T> {

    /** The ledger's reference to party {@code k} of a company. */
    @FunctionalInterface
    interface Names {
        Reference of(int companyIndex, int k);
    }

    /** The record made of a party's id, name, currency (the company's) and details. */
    @FunctionalInterface
    interface Maker<T> {
        T make(String id, String name, String defaultCurrency, Party party);
    }

    private final long seed;
    private final LocalDate asOf;
    private final long detailKind;
    private final Names names;
    private final Maker<T> maker;

    PartyGenerator(long seed, LocalDate asOf, long detailKind, Names names, Maker<T> maker) {
        this.seed = seed;
        this.asOf = asOf;
        this.detailKind = detailKind;
        this.names = names;
        this.maker = maker;
    }

    static PartyGenerator<Customer> customers(Ledger ledger) {
        return new PartyGenerator<>(ledger.seed(), ledger.asOf(), SeededRandom.CUSTOMER_DETAIL, ledger::customer, Customer::new);
    }

    static PartyGenerator<Supplier> suppliers(Ledger ledger) {
        return new PartyGenerator<>(ledger.seed(), ledger.asOf(), SeededRandom.SUPPLIER_DETAIL, ledger::supplier, Supplier::new);
    }

    @Override
    public T generate(Company company, int index) {
        Reference reference = names.of(company.index(), index);
        SeededRandom random = new SeededRandom(seed, detailKind, company.index(), index);
        return maker.make(reference.id(), reference.name(), company.baseCurrency(),
                Party.generate(random, reference.name(), asOf));
    }
}
