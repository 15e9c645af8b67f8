package io.ledgersync.sandbox.faults;

/**
 * The parts of a request that decide which faults apply to it, read before the request is authenticated or routed.
 *
 * @param companyId the company of a {@code /companies/{companyId}/...} path, or null
 * @param page      the requested page (1 without a {@code page} parameter, 0 when it is unreadable)
 * @param clientKey the {@code Authorization} header as sent, which keys a rate limit's token bucket
 */
public record RequestSummary(String method, String path, String companyId, int page,
        String clientKey) {
}
