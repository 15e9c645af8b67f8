/**
 * A partition read page by page along {@code _links.next} ({@link io.ledgersync.sync.walk.DataSetItemReader}):
 * <ul>
 *   <li>its plan: {@link io.ledgersync.sync.walk.WalkPlanner} decides whether a partition reads incrementally from its
 *       watermark or whole, {@link io.ledgersync.sync.walk.Walk} is that decision and the query it sends;</li>
 *   <li>its restart state in the step's execution context: {@link io.ledgersync.sync.walk.PartitionContext}, in parts:
 *       the plan ({@code PlanKeys}), the page position ({@code PositionKeys}), the counts ({@code CountKeys}), the
 *       outcome ({@code OutcomeKeys}), the drift recovery ({@code RecoveryKeys});</li>
 *   <li>fetching, one page ahead when prefetching ({@code PageFetch}, {@code Prefetch}), and the run's stop check;</li>
 *   <li>its passes through the pages ({@code WalkPasses}): each checked at its end ({@code ShortWalk}), watched for
 *       page drift ({@code DriftWatch}) and followed by a pass that recovers from it ({@code DriftRecovery}).</li>
 * </ul>
 */
package io.ledgersync.sync.walk;
