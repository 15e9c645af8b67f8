/**
 * A partition read page by page along {@code _links.next}: the plan of the walk (incremental from a watermark, or
 * whole), its restart state in the step's execution context ({@link io.ledgersync.sync.walk.PartitionContext}),
 * prefetching, and page drift seen and recovered.
 */
package io.ledgersync.sync.walk;
