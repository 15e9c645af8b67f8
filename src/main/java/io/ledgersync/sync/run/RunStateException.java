package io.ledgersync.sync.run;

/** The run is not in a state that allows what was asked (stop a finished run, restart a completed one). */
public class RunStateException extends RuntimeException {

    RunStateException(String message) {
        super(message);
    }
}
