package io.ledgersync.sandbox.http;

import java.util.function.Consumer;

import tools.jackson.core.JsonGenerator;

/**
 * A successful answer, before it is written: status, the JSON body as a writer (null for no body), and whether it
 * is a page (streamed, since it may be 5000 records).
 */
record SuccessResponse(int status, Consumer<JsonGenerator> body, boolean paged) {

    static SuccessResponse json(int status, Consumer<JsonGenerator> body) {
        return new SuccessResponse(status, body, false);
    }

    static SuccessResponse noContent() {
        return new SuccessResponse(204, null, false);
    }

    static SuccessResponse page(Consumer<JsonGenerator> body) {
        return new SuccessResponse(200, body, true);
    }
}
