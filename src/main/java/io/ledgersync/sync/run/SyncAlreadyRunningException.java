package io.ledgersync.sync.run;

/** Another run of the same kind holds the lock (in this process or another one on the same database). */
public class SyncAlreadyRunningException extends RuntimeException {

    public SyncAlreadyRunningException(String message) {
        super(message);
    }
}
