/**
 * The client of the Data API ({@code docs/CONTRACT.md}): {@link io.ledgersync.source.DataApiClient} reads pages,
 * {@link io.ledgersync.source.PageWalk} records a walk along their {@code _links.next} and checks it against
 * {@code totalResults}, a page's records are {@link io.ledgersync.source.SourceRecord}s (their bytes, and what the
 * caller's {@link io.ledgersync.source.RecordParse} read of them, their id at least, in the one pass that decodes the
 * page), {@link io.ledgersync.source.CompanyIds} keeps a company id one segment of every path and
 * refuses dot segments, the client turns every status of §7.1 into a typed
 * {@link io.ledgersync.source.DataApiException}, and retries, throttles, limits and pauses through Resilience4j
 * instances named {@code dataApi}, configured by {@link io.ledgersync.source.DataApiProperties}
 * ({@code ledgersync.api.*}).
 *
 * <p>It reads the contract independently of {@code io.ledgersync.sandbox} and never imports it; the sandbox is only
 * a test fixture here.
 */
package io.ledgersync.source;
