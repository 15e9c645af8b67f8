/**
 * The sandbox's HTTP surface: {@link io.ledgersync.sandbox.http.DataApiHandler}, the one handler of every request,
 * and behind it the routes, the company and account resources, the sync-settings resource, paging parameters and
 * the page envelope (CONTRACT.md §2.3, §4.1), the error body (§2.4), request bodies and the rate-limit headers
 * (§13). Uses the parts below it ({@code faults}, {@code account}, {@code data}), never the sandbox's public face.
 */
package io.ledgersync.sandbox.http;
