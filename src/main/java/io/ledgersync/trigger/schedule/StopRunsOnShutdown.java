package io.ledgersync.trigger.schedule;

import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import io.ledgersync.sync.SyncProperties;
import io.ledgersync.sync.run.SyncLauncher;

/**
 * However the application context closes (a signal through the JVM's shutdown hook, the end of a
 * test, an actuator shutdown), its running syncs first stop at their next page boundary, within
 * {@code ledgersync.sync.shutdown-grace}, so that they end STOPPED with what they committed and
 * release their locks. It is the last lifecycle to start and so the first to stop: before the web
 * server stops taking requests and before the database pool closes. Thread-safe.
 */
@Component
class StopRunsOnShutdown implements SmartLifecycle {

    private final SyncLauncher launcher;
    private final SyncProperties properties;
    private volatile boolean running;

    StopRunsOnShutdown(SyncLauncher launcher, SyncProperties properties) {
        this.launcher = launcher;
        this.properties = properties;
    }

    @Override
    public void start() {
        running = true;
    }

    /** Blocks until the runs stopped or the grace ran out: the context must not close under a run still writing. */
    @Override
    public void stop() {
        running = false;
        launcher.stopAll(properties.shutdownGrace());
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Above the web server's graceful shutdown (DEFAULT_PHASE - 1024): stopped before it. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE;
    }
}
