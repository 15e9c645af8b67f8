package io.ledgersync.warehouse;

import java.time.Instant;
import java.util.List;

/**
 * One schema change the warehouse applied for a data set, as {@code data_set_schema} records it.
 *
 * @param dataSet the data set
 * @param table its table
 * @param source the file it was declared in ({@code jobs/invoices.yml}, {@code ./jobs/bills.yml})
 * @param checksum the SHA-256 of the file's text
 * @param columns the typed columns and child tables ({@code child:invoice_line_items}) the table has filled from now on
 * @param change what was done, in words
 * @param appliedAt when
 */
public record AppliedSchema(String dataSet, String table, String source, String checksum, List<String> columns, String change,
        Instant appliedAt) {

    public AppliedSchema {
        columns = List.copyOf(columns);
    }
}
