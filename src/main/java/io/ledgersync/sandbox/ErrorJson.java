package io.ledgersync.sandbox;

import java.util.UUID;

/** The error body of data-api.md §2.4 and §7.3: statusCode, service, error, correlationId; nothing else yet. */
final class ErrorJson {

    /** The component name the platform reports for its public API. */
    static final String SERVICE = "PublicApi";

    private ErrorJson() {
    }

    /** A fresh correlation id every time: it identifies this one response, never a record. */
    static String body(ApiException error) {
        return JsonOutput.toJson((g, e) -> {
            g.writeStartObject();
            g.writeNumberProperty("statusCode", e.status());
            g.writeStringProperty("service", SERVICE);
            g.writeStringProperty("error", e.error());
            g.writeStringProperty("correlationId", UUID.randomUUID().toString());
            g.writeEndObject();
        }, error);
    }
}
