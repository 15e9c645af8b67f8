package io.ledgersync.sandbox;

import java.util.function.Consumer;

import tools.jackson.core.JsonGenerator;

/**
 * A successful answer, before it is written: status, the JSON body as a writer (null for no body), and whether it
 * is a page (streamed, since it may be 5000 records).
 */
record Reply(int status, Consumer<JsonGenerator> body, boolean paged) {

    static Reply json(int status, Consumer<JsonGenerator> body) {
        return new Reply(status, body, false);
    }

    static Reply noContent() {
        return new Reply(204, null, false);
    }

    static Reply page(Consumer<JsonGenerator> body) {
        return new Reply(200, body, true);
    }
}
