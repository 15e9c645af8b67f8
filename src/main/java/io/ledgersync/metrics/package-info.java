/**
 * The meters that Spring Batch and Resilience4j do not already export: runs, pages, records,
 * partitions and freshness per data set, built from the sync's application events and the job
 * repository. No meter is tagged per company: see docs/metrics-and-alerts.md.
 */
package io.ledgersync.metrics;
