package io.ledgersync.warehouse.table;

/**
 * A record as a data-set table keeps it, for deriving its typed columns again.
 *
 * @param companyId its company, null in a top-level data set's table
 * @param raw the record's JSON text
 */
public record StoredRecord(String companyId, String raw) {
}
