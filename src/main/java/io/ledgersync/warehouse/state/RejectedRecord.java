package io.ledgersync.warehouse.state;

/**
 * A record the Data API sent that cannot be stored, as it is set aside in {@code rejected_records}.
 *
 * @param companyId null for a top-level data set
 * @param recordId the record's id; null when it has none
 * @param field the source field at fault (e.g. {@code totalAmount}), or {@code raw} for the record as a whole
 * @param raw the record's JSON exactly as received
 */
public record RejectedRecord(String dataSet, String companyId, String recordId, String field, String reason, String raw) {
}
