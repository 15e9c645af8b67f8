/**
 * A page written to the warehouse in the chunk's transaction: records mapped to rows, unstorable ones set aside in
 * rejected_records, the newest cursor value remembered for the watermark.
 */
package io.ledgersync.sync.write;
