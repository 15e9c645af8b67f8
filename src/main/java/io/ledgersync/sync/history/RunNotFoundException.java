package io.ledgersync.sync.history;

/** No run with that id in the job repository. */
public class RunNotFoundException extends RuntimeException {

    public RunNotFoundException(long runId) {
        super("No sync run " + runId + ": see GET /api/runs for the runs there are");
    }
}
