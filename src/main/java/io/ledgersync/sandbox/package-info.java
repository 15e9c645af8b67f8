/**
 * The sandbox: our own implementation of the Data API ({@code contract/data-api.md}), served over real HTTP by the
 * JDK's {@code HttpServer}, for tests, demos and a laptop run. It reads the contract independently of
 * {@code io.ledgersync.source} and imports nothing from the rest of ledgersync.
 *
 * <h2>What it serves</h2>
 * <ul>
 *   <li>{@code GET /companies} and {@code GET /companies/{companyId}/data/invoices}, paged (§2.3, §4.1):
 *       {@code page} default 1, {@code pageSize} default 100, maximum 5000.</li>
 *   <li>Records are a pure function of (seed, company index, record index), generated page by page on demand;
 *       the same settings serve the same bytes, and dates are fixed relative to an "as of" day (2025-07-01),
 *       never to now.</li>
 *   <li>Companies follow the {@code Company} schema (plus {@code platform}, which older responses carry);
 *       invoices follow {@code AccountingInvoice}. Amounts are numbers with two decimals, {@code currencyRate}
 *       has four. As in the platform's own examples, business dates ({@code issueDate}, {@code dueDate},
 *       {@code paidOnDate}) have no zone ({@code 2025-03-04T00:00:00}) and platform timestamps
 *       ({@code modifiedDate}, {@code sourceModifiedDate}, {@code created}, {@code lastSync}) are UTC with
 *       {@code Z}. {@code Paid} and {@code Void} mean {@code amountDue == 0}; {@code paidOnDate} is null unless
 *       {@code Paid}; about 2% of invoices have {@code metadata.isDeleted = true}.</li>
 * </ul>
 *
 * <h2>Decisions where the contract is silent</h2>
 * <ul>
 *   <li><b>pageSize above 5000</b> (§8 "not shown"): 400 {@code BadRequest: pageSize must not exceed the maximum
 *       page size of 5000, was N.} Refusing is better than clamping: a client asking for more learns at once,
 *       rather than reading pages whose size differs from the one it asked for.</li>
 *   <li>Non-numeric, zero or negative {@code page}/{@code pageSize}: 400 naming the parameter and its range.</li>
 *   <li>A page past the end: 200 with empty {@code results}, the true {@code totalResults}, a {@code previous}
 *       link and no {@code next}.</li>
 *   <li>Links: {@code self} is the path without query; {@code current}, {@code previous}, {@code next} are
 *       {@code /<resource>?page=<n>&pageSize=<m>}; when the request has a {@code query} it is appended
 *       ({@code &query=<percent-encoded>}) so that a client following links keeps its filter (rule 4).</li>
 *   <li>{@code query}: {@code = != ~ > < >= <=}, {@code &&}, {@code ||}, {@code { }}, dotted properties; string
 *       equality is case-insensitive; dates compare as instants, zone-less ones read as UTC. An unknown property
 *       or a malformed query is a 400 with the platform's texts. {@code orderBy} is ignored for now: records
 *       always come in index order.</li>
 *   <li>Authentication comes first, for every path: a request without the right key gets 401 even on an unknown
 *       path. The key is compared as the base64 of the key itself (not {@code user:password}).</li>
 *   <li>Unknown company: 404 {@code NotFound: Company <id> was not found, so its invoices cannot be read.} A
 *       known company and another data type: 404 {@code NotFound: Datatype <type> not supported by platform(s)
 *       <platform>.} Any other path: 404. A known path with a method other than GET (POST /companies is not
 *       implemented yet): 405 with {@code Allow: GET}.</li>
 *   <li>Every error body is exactly {@code statusCode, service ("PublicApi"), error ("<ExceptionName>: <text>"),
 *       correlationId} (a fresh random UUID per response).</li>
 *   <li>A request line the JDK's {@code HttpServer} cannot parse (for example a bad percent escape in the URI)
 *       is answered by the JDK itself with a plain-text 400, before the sandbox sees it; no client of ours
 *       sends one.</li>
 *   <li>{@code X-Rate-Limit-Limit/-Remaining/-Reset} are sent on every response, counted against the documented
 *       daily quota, never enforced.</li>
 * </ul>
 */
package io.ledgersync.sandbox;
