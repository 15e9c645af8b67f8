/**
 * The client of the Data API ({@code contract/CONTRACT.md}): {@link io.ledgersync.source.DataApiClient} reads pages
 * and follows {@code _links.next}, turns every status of §7.1 into a typed
 * {@link io.ledgersync.source.DataApiException}, and retries, throttles, limits and pauses through Resilience4j
 * instances named {@code dataApi}, configured by {@link io.ledgersync.source.DataApiProperties}
 * ({@code ledgersync.api.*}).
 *
 * <p>It reads the contract independently of {@code io.ledgersync.sandbox} and never imports it; the sandbox is only
 * a test fixture here.
 */
package io.ledgersync.source;
