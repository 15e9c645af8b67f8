package io.ledgersync.source;

import io.ledgersync.sandbox.SandboxServer;

/** A client class that reaches into the sandbox: what ArchitectureTests must refuse. Test fixture only, never called. */
public final class ForbiddenSandboxImport {

    static String peek(SandboxServer sandbox) {
        return sandbox.baseUrl().toString();
    }
}
