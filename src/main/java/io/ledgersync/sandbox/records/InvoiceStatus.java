package io.ledgersync.sandbox.records;

/**
 * The {@code invoiceStatus} enum of the schema, in its order; as often as in a live sales ledger: mostly paid or
 * open, a few drafts, voids and unknowns.
 */
enum InvoiceStatus implements DocumentStatus {
    Unknown(new Odds(Settlement.NONE, 5)),
    Draft(new Odds(Settlement.NONE, 8)),
    Submitted(new Odds(Settlement.NONE, 25)),
    PartiallyPaid(new Odds(Settlement.PARTIAL, 12)),
    Paid(new Odds(Settlement.FULL, 45)),
    Void(new Odds(Settlement.WRITTEN_OFF, 5));

    private final Odds odds;

    InvoiceStatus(Odds odds) {
        this.odds = odds;
    }

    @Override
    public Odds odds() {
        return odds;
    }
}
