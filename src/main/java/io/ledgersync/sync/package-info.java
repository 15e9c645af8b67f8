/**
 * The sync: a Spring Batch job, built from the data set files, that reads every company's data sets from the Data API
 * ({@code io.ledgersync.source}) and writes them to the warehouse ({@code io.ledgersync.warehouse}).
 *
 * <h2>Parts</h2>
 * Each part uses only the parts below it ({@code ArchitectureTests.syncLayers}), top to bottom:
 * <ul>
 *   <li>{@link io.ledgersync.sync.job}: the wiring: the job, its one partitioned step per data set, the workers' steps.</li>
 *   <li>{@link io.ledgersync.sync.run}: starting, resuming, stopping and listing runs ({@code SyncLauncher},
 *       {@code SyncRuns}), the one active run of each kind, and what a run says when it ends.</li>
 *   <li>{@link io.ledgersync.sync.partition}: a data set split into partitions, one per company
 *       ({@code DataSetPartitioner}), and what a partition's end does to {@code sync_state} and deletes.</li>
 *   <li>{@link io.ledgersync.sync.history}: what runs did, read from the job repository: reports, progress, detail,
 *       status, and the retention of old runs.</li>
 *   <li>{@link io.ledgersync.sync.write}: a page written: records mapped, unstorable ones set aside, the cursor
 *       advanced.</li>
 *   <li>{@link io.ledgersync.sync.walk}: a partition read page by page ({@code DataSetItemReader}): its plan
 *       (incremental or whole), its restart state ({@code PartitionContext}), drift and its recovery.</li>
 *   <li>{@link io.ledgersync.sync.dataset}: the data set files ({@code jobs/*.yml}): their catalogue, the tables they
 *       make and how a record maps to a row.</li>
 *   <li>{@code io.ledgersync.sync} itself: the words every part shares: the request ({@code SyncRequest}, with the
 *       kinds of run and their words; {@code SyncCommand}, the {@code sync} command line that makes one), the events,
 *       how a run or a partition stands ({@code RunState}: the one reading of a Batch status, and which runs are
 *       finished) and their outcomes, the properties.</li>
 * </ul>
 */
package io.ledgersync.sync;
