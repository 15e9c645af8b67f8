package io.ledgersync.sync.dataset;

/**
 * A record of the Data API that cannot be stored as its data set declares: a field that does not convert to its
 * column's type, a missing key, a value its column cannot hold. Source data, not a failure of ours or the database's:
 * the record is set aside ({@code rejected_records}) and the rest of its page is written (issue 17). Immutable.
 */
public final class UnstorableRecordException extends IllegalArgumentException {

    private final String field;
    private final String reason;

    /**
     * @param field the source field at fault (dotted path), or {@code raw} for the record as a whole
     * @param reason what is wrong with it, in words
     */
    UnstorableRecordException(String field, String reason, Throwable cause) {
        super("field '" + field + "' " + reason, cause);
        this.field = field;
        this.reason = reason;
    }

    public String field() {
        return field;
    }

    public String reason() {
        return reason;
    }
}
