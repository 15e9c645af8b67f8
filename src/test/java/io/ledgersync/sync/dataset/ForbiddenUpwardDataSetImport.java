package io.ledgersync.sync.dataset;

import io.ledgersync.sync.run.SyncLauncher;

/** A data set definition that reaches up to the launcher: what ArchitectureTests must refuse. Test fixture, never called. */
public final class ForbiddenUpwardDataSetImport {

    static Object peek(SyncLauncher launcher) {
        return launcher.toString();
    }
}
