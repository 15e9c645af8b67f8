/**
 * The REST API under {@code /api}: runs started, stopped, restarted and listed, the status of every company data
 * set; HTTP Basic authentication with a throttle on failed logins, JSON-only POSTs, every error a problem detail, and
 * the OpenAPI description.
 */
package io.ledgersync.trigger.api;
