/**
 * The REST API under {@code /api}: runs started, stopped, restarted and listed, the status of every company data
 * set; HTTP Basic authentication with a throttle on failed logins, JSON-only POSTs, every error a problem detail, and
 * the OpenAPI description. All of it is {@code serve}'s: a {@code worker}'s port serves its health and metrics only
 * ({@link io.ledgersync.trigger.api.WorkerSecurityConfiguration}).
 */
package io.ledgersync.trigger.api;
