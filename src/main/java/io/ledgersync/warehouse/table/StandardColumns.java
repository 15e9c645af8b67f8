package io.ledgersync.warehouse.table;

import java.util.List;

/**
 * The columns every data-set table has besides the typed columns its file declares: the one home of that list.
 * <ul>
 *   <li>{@code company_id}: first column and first key column of a company data set's table (the partition's company);</li>
 *   <li>{@code raw}: the whole record as the Data API sent it, from which every typed column can be derived again;</li>
 *   <li>{@code synced_at}, {@code run_id}: when and by which run the row was last written;</li>
 *   <li>{@code deleted_at}: null while the record is in the source; set by a complete full walk that no longer
 *       found it; every upsert sets it null again (a record written is one the source has: the dialect's writtenColumns).</li>
 * </ul>
 * A child table (a list of a record, e.g. {@code invoice_line_items}) has none of the trailing ones: its rows are
 * derived from the parent's {@code raw} and replaced with the parent, whose columns say when and whether it lives.
 */
public final class StandardColumns {

    /** The company a row of a company data set belongs to. */
    public static final String COMPANY_ID = "company_id";
    /** The whole record, as JSON text. */
    public static final String RAW = "raw";
    public static final String SYNCED_AT = "synced_at";
    public static final String RUN_ID = "run_id";
    /** When a complete full walk noticed the record gone; null while it is in the source. */
    public static final String DELETED_AT = "deleted_at";
    /** A child row's position in its parent's list, from 1. */
    public static final String LINE_NUMBER = "line_number";

    /** Written by every upsert, after the typed columns, in this order. */
    public static final List<String> WRITTEN = List.of(RAW, SYNCED_AT, RUN_ID);

    private StandardColumns() {
    }

    /** The typed column a company data set's table starts with. */
    public static Column companyId() {
        return new Column(COMPANY_ID, ColumnType.TEXT);
    }

    /** The names of the trailing standard columns, in table order. */
    public static List<String> trailing() {
        return List.of(RAW, SYNCED_AT, RUN_ID, DELETED_AT);
    }
}
