/**
 * The REST API under {@code /api}: runs started, stopped, restarted and listed, the status of every company data
 * set; HTTP Basic authentication with a throttle on failed logins, a request body limit, JSON-only POSTs, numbers as
 * plain digits, every error a problem detail (the firewall's and Tomcat's refusals too), and the OpenAPI description
 * (behind the same credentials, off in {@code prod}). All of it is {@code serve}'s: a {@code worker}'s port serves its health and metrics only
 * ({@link io.ledgersync.trigger.api.WorkerSecurityConfiguration}).
 */
package io.ledgersync.trigger.api;
