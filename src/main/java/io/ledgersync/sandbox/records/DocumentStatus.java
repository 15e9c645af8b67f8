package io.ledgersync.sandbox.records;

/**
 * A status of a document kind (invoice, credit note, bill): what it says about settlement, and how often it occurs,
 * in percent, in a live ledger of that kind. The percentages of one kind add up to 100.
 */
interface DocumentStatus {

    /** What a status says about settlement, and its share of the documents of its kind in percent. */
    record Odds(Settlement settlement, int percent) {
    }

    Odds odds();

    default Settlement settlement() {
        return odds().settlement();
    }

    /** A status drawn with the weights of its kind, from the document's own stream. */
    static <S extends DocumentStatus> S draw(SeededRandom random, S[] statuses) {
        int roll = random.nextInt(100);
        for (S status : statuses) {
            roll -= status.odds().percent();
            if (roll < 0) {
                return status;
            }
        }
        throw new IllegalStateException("the percentages of " + statuses[0].getClass().getSimpleName()
                + " add up to less than 100");
    }
}
