package io.ledgersync.sandbox.http;

import java.util.UUID;

import io.ledgersync.sandbox.records.ApiException;
import io.ledgersync.sandbox.records.JsonOutput;

/**
 * The error body of CONTRACT.md §2.4 and §7.3: statusCode, service, error, correlationId, and {@code validation}
 * (errors and an empty warnings array) when the refusal carries one.
 */
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
            if (e.validation() != null) {
                g.writeObjectPropertyStart("validation");
                g.writeArrayPropertyStart("errors");
                for (ApiException.ValidationItem item : e.validation()) {
                    g.writeStartObject();
                    if (item.itemId() != null) {
                        g.writeStringProperty("itemId", item.itemId());
                    }
                    g.writeStringProperty("message", item.message());
                    if (item.validatorName() != null) {
                        g.writeStringProperty("validatorName", item.validatorName());
                    }
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeArrayPropertyStart("warnings");
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndObject();
        }, error);
    }
}
