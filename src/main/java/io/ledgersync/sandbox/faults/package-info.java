/**
 * The request faults scripted on a sandbox (refusals, rate limits, maintenance windows, latency, dropped
 * connections), the targets they apply to, and their combined verdict on each request, read on the sandbox's clock
 * and drawn from its seed. Uses only {@code data}: it stands beside {@code account}, not above it.
 */
package io.ledgersync.sandbox.faults;
