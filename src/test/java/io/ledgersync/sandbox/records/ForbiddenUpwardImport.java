package io.ledgersync.sandbox.records;

import io.ledgersync.sandbox.http.DataApiHandler;

/** A data class that reaches up into the HTTP layer: what ArchitectureTests must refuse. Test fixture, never called. */
public final class ForbiddenUpwardImport {

    static long peek(DataApiHandler handler) {
        return handler.requestCount();
    }
}
