package io.ledgersync.source;

/**
 * The Data API is judged down as a whole ({@link ApiOutage}): the request was not sent, and fails at once instead of
 * waiting out its retries, so that a run over many companies ends in about the time one partition takes to give up,
 * with exit code 7. Not retried, not permanent: a later run resumes what failed. Immutable.
 */
public class DataApiDownException extends DataApiException {

    DataApiDownException(String request, String judgement) {
        super(request, 0, request + " was not sent: " + judgement + ". Run the sync again when the Data API answers",
                (Throwable) null);
    }
}
