package io.ledgersync.sandbox.faults;

import java.time.Duration;
import java.util.Map;

import io.ledgersync.sandbox.records.ApiException;

/**
 * What the scripted faults do to one request: a delay before answering, and either nothing more, or a refusal, or
 * a connection dropped after {@code dropAfterBytes} bytes; a refusal or a drop takes the request over.
 *
 * @param refusal        the error to answer with instead of serving, or null
 * @param dropAfterBytes how many bytes of the response to send before closing the connection, or -1 for no drop
 * @param rateHeaders    {@code X-Rate-Limit-*} values that replace the informational daily-quota ones, or null
 */
public record FaultEffect(Duration delay, ApiException refusal, int dropAfterBytes,
        Map<String, String> rateHeaders) {

    /** Serve the request as if no fault were scripted. */
    public static final FaultEffect NONE = new FaultEffect(Duration.ZERO, null, -1, null);

    static FaultEffect refuse(ApiException refusal) {
        return new FaultEffect(Duration.ZERO, refusal, -1, null);
    }

    boolean takesOver() {
        return refusal != null || dropAfterBytes >= 0;
    }
}
