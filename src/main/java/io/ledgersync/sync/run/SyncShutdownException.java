package io.ledgersync.sync.run;

/** No run starts once the process has begun stopping its runs (SIGTERM, Ctrl-C, the service shutting down). */
public class SyncShutdownException extends RunStateException {

    SyncShutdownException() {
        super("ledgersync is shutting down: no new sync run starts; the next start resumes what was stopped");
    }
}
