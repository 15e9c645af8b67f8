/**
 * Runs started, resumed, stopped and listed: {@link io.ledgersync.sync.run.SyncLauncher} (one run of each kind at a
 * time, here or in another process), the runs in the background, progress of the active ones, the listener that
 * reports a run's end, and watermarks reset under every run lock ({@link io.ledgersync.sync.run.WatermarkReset}).
 */
package io.ledgersync.sync.run;
