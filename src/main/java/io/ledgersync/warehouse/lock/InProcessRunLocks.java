package io.ledgersync.warehouse.lock;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * H2: locks held in this JVM. H2 opens a file database in one process at a time (it locks the file,
 * and a second process fails to start with "database already in use", see {@link WarehouseInUse}),
 * so every run that could collide with another runs in this process, and the locks die with it.
 * Thread-safe.
 */
public final class InProcessRunLocks implements RunLocks {

    private final String holderName;
    private final ConcurrentMap<String, Object> held = new ConcurrentHashMap<>();

    public InProcessRunLocks(String holderName) {
        this.holderName = holderName;
    }

    @Override
    public Optional<Held> tryAcquire(String name) {
        Object token = new Object(); // this acquisition's own, so that a late close never frees a later holder's lock
        if (held.putIfAbsent(name, token) != null) {
            return Optional.empty();
        }
        return Optional.of(() -> held.remove(name, token));
    }

    @Override
    public Optional<String> holder(String name) {
        return held.containsKey(name) ? Optional.of(holderName + " (this process)") : Optional.empty();
    }
}
