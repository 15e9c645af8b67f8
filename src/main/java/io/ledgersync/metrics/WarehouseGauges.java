package io.ledgersync.metrics;

import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;

import io.ledgersync.sync.SyncEvent;

/**
 * Gauges whose values are read from the warehouse: at startup and after every run, the only moments they can change,
 * rather than at every scrape.
 */
abstract class WarehouseGauges {

    @EventListener(ApplicationStartedEvent.class)
    void started() {
        refresh();
    }

    @EventListener
    void on(SyncEvent.RunFinished finished) {
        refresh();
    }

    /** Reads the values again; a warehouse that cannot be read leaves the last ones, with a warning in the log. */
    abstract void refresh();
}
