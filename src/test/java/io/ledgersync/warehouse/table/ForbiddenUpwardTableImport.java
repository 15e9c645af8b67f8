package io.ledgersync.warehouse.table;

import io.ledgersync.warehouse.Warehouse;

/** A table shape that reaches up to the warehouse's face: what ArchitectureTests must refuse. Test fixture, never called. */
public final class ForbiddenUpwardTableImport {

    static Object peek(Warehouse warehouse) {
        return warehouse.toString();
    }
}
