package io.ledgersync.warehouse.table;

import java.util.List;

/**
 * History mode of a data set's table (a data set file's {@code history: true}): beside the table, {@code <table>_history}
 * keeps every version of each record, and {@code <child>_history} each version's child rows. Not to be confused with
 * the history of runs (Spring Batch's job repository, {@code ledgersync.history.retention}): this is the records'.
 *
 * @param validFrom the typed column that says when the source changed the record ({@code modified_date}): a version's
 *     {@code valid_from}; null when the data set has none, and then a version is valid from when ledgersync saw it
 * @param deletedFlag the boolean typed column that says the source deleted the record ({@code metadata.isDeleted}); null
 *     when the data set has none
 */
public record Versioning(String validFrom, String deletedFlag) {

    /** The number of the version of its record, from 1: the last key column of a history table. */
    public static final String VERSION = "version";
    /** When the version began: the source's time of the change ({@link #validFrom}), else {@link #SEEN_AT}. */
    public static final String VALID_FROM = "valid_from";
    /** When the next version began, or the record was deleted; null while the version is current. */
    public static final String VALID_TO = "valid_to";
    /** Whether this is the record's current version: {@code valid_to} is null. */
    public static final String IS_CURRENT = "is_current";
    /** When ledgersync saw this version first: its own clock, beside the source's {@code valid_from}. */
    public static final String SEEN_AT = "seen_at";
    /** A hash of the version's raw, with its keys in order and its numbers canonical: how a change is told. */
    public static final String RAW_HASH = "raw_hash";

    /** The columns of a history table after the typed ones, in table order. */
    public static final List<String> TRAILING = List.of(StandardColumns.RAW, RAW_HASH, VERSION, VALID_FROM, VALID_TO,
            IS_CURRENT, SEEN_AT, StandardColumns.RUN_ID);

    /** The names a typed column of a data set with history cannot have: the history table has them already. */
    public static final List<String> RESERVED = List.of(RAW_HASH, VERSION, VALID_FROM, VALID_TO, IS_CURRENT, SEEN_AT);

    private static final String SUFFIX = "_history";

    public Versioning {
        if (validFrom != null) {
            Column.requireIdentifier(validFrom, "column");
        }
        if (deletedFlag != null) {
            Column.requireIdentifier(deletedFlag, "column");
        }
    }

    /** The history table of a table or a child table: {@code invoices_history}, {@code invoice_line_items_history}. */
    public static String historyOf(String table) {
        return table + SUFFIX;
    }

    /** How much longer {@link #historyOf} makes a name. */
    public static int suffixLength() {
        return SUFFIX.length();
    }
}
