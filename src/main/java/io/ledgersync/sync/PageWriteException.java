package io.ledgersync.sync;

/**
 * Writing a page into the warehouse failed: says which page of which data set and company, and keeps the database's
 * failure as its cause, which decides the exit code (issue 17: the database's words alone did not say where). Immutable.
 */
public final class PageWriteException extends RuntimeException {

    public PageWriteException(String message, Throwable cause) {
        super(message, cause);
    }
}
