/**
 * The sandbox: our own implementation of the Data API ({@code docs/CONTRACT.md}), served over real HTTP by the
 * JDK's {@code HttpServer}, for tests, demos, benchmarks and a laptop run. It reads the contract independently of
 * {@code io.ledgersync.source} and uses no Spring; of the rest of ledgersync it imports only the generic
 * {@code io.ledgersync.yaml}, to read scenario files.
 *
 * <h2>Public API</h2>
 * <ul>
 *   <li>{@link io.ledgersync.sandbox.SandboxServer#start(SandboxSettings)} (or with a scenario file), then
 *       {@code baseUrl()}, {@code apiKey()}, {@code clock()}, {@code dataSet()}, {@code faults()},
 *       {@code createApiKey(..)}, {@code requestCount()}, {@code close()}.</li>
 *   <li>{@link io.ledgersync.sandbox.SandboxSettings}: bind address, size, seed, key, and the account (free trial or
 *       paid, its age) and the {@link java.time.Clock} every time-driven behaviour reads; tests pass a clock they
 *       move. {@code SandboxSettings.defaults()} is the one home of every default, also for the {@code sandbox}
 *       command's help and the embedded sandbox's configuration.</li>
 *   <li>{@link io.ledgersync.sandbox.SandboxFaults}: scripted 429 (token bucket per key, probability, next N), 503
 *       (maintenance window on the clock, next N), 500, latency, dropped connections on a
 *       {@link io.ledgersync.sandbox.faults.FaultTarget} (all requests, a path pattern, a company, a page), and with
 *       a {@link io.ledgersync.sandbox.DataSetScript} data set readiness (409), unsupported platforms (404) and page
 *       drift.</li>
 *   <li>{@link io.ledgersync.sandbox.SandboxDataSet}: the exact JSON served, for comparisons.</li>
 *   <li>{@link io.ledgersync.sandbox.SandboxCommand}: the standalone {@code sandbox} command.</li>
 * </ul>
 *
 * <h2>Parts</h2>
 * Each part uses only the parts below it ({@code ArchitectureTests.sandboxLayers}); a part's classes are
 * package-private unless a part above needs them.
 * <ul>
 *   <li>{@code io.ledgersync.sandbox}, the public face above: starting and stopping, settings, the command, the
 *       scripting API, and the scenario files ({@code SandboxScenario}, {@code ScenarioFile}).</li>
 *   <li>{@link io.ledgersync.sandbox.http}: the HTTP surface. The one {@code HttpHandler}, the routes, the
 *       resources, paging parameters and the page envelope, the error body, request bodies, rate-limit headers and
 *       the sync-settings resource.</li>
 *   <li>{@link io.ledgersync.sandbox.faults}: the request faults scripted on a sandbox and their verdict on each
 *       request. Beside the account, not above it: neither needs the other.</li>
 *   <li>{@link io.ledgersync.sandbox.account}: the account (plan, age, limits, daily quota) and its API keys.</li>
 *   <li>{@link io.ledgersync.sandbox.records}: the records, generated on demand from the seed, the JSON of each record,
 *       the query language and serving order, each data set's scripted state, and {@code ApiException}, the refusal
 *       every layer throws.</li>
 * </ul>
 *
 * <h2>What it serves</h2>
 * <ul>
 *   <li>{@code GET /companies} (paged; a company-scoped key sees only its companies), {@code POST /companies}
 *       ({@code {name, description, tags}} → 200 with the company, generated like the seeded ones so it has data
 *       sets too), {@code GET /companies/{id}}.</li>
 *   <li>Company data sets, paged with the same envelope (§2.3), one per entry of
 *       {@link io.ledgersync.sandbox.records.DataTypes} (adding a data set is one entry there, with its record,
 *       generator and writer): {@code /companies/{id}/data/customers} ({@code AccountingCustomer}), {@code invoices}
 *       ({@code AccountingInvoice}), {@code creditNotes} (the platform's accounts-receivable {@code CreditNote}),
 *       {@code suppliers} ({@code AccountingSupplier}), {@code bills} ({@code AccountingBill}) and {@code accounts}
 *       (the chart of accounts, {@code AccountingAccount}). Every one has the scriptable states, {@code query},
 *       {@code orderBy} and paging of invoices.</li>
 *   <li>{@code GET /companies/{id}/dataStatus} ({@code DataStatuses}): per served data type {@code dataType},
 *       {@code currentStatus} ({@code Complete} = readable, {@code Fetching} while syncing, {@code NotSupported}),
 *       keyed by the platform's {@code dataType} ({@code chartOfAccounts} for the {@code accounts} path),
 *       {@code lastSuccessfulSync}, {@code latestSyncId}, {@code latestSuccessfulSyncId}; a never-requested data
 *       type is left out.</li>
 *   <li>{@code GET/POST /apiKeys} ({@code ApiKeys}/{@code ApiKeyDetails}; POST answers 201 as in the spec), {@code
 *       DELETE /apiKeys/{id}} (204); {@code GET/POST /profile/syncSettings} and
 *       {@code /companies/{id}/syncSettings} ({@code SyncSettings}; POST answers 204).</li>
 *   <li>Records are a pure function of (seed, as-of day, company index, record index), generated page by page on
 *       demand; the same settings with the same "as of" day serve the same bytes. Generated dates run up to 540 days
 *       back from that day, never from now: {@code SandboxSettings.asOf} ({@code --as-of}, {@code
 *       ledgersync.sandbox.as-of}), by default the day of the sandbox's clock when it starts, so that a newcomer's
 *       invoices end around today; tests that compare dates or bytes across days give a fixed day. A million invoices cost no memory (see {@code bench/BENCHMARKS.md}). Records per company
 *       ({@code SandboxSettings.defaults()}): 40 customers, 1000 invoices, 100 credit notes, 25 suppliers, 400
 *       bills, 30 accounts; each is set with {@code withRecordsPerCompany(dataType, n)}, a scenario's
 *       {@code data.recordsPerCompany} or {@code ledgersync.sandbox.records-per-company.<dataType>}. Customers and
 *       suppliers need at least 1, accounts at least the 24 of the standard chart, because other records name them.
 *       </li>
 *   <li>One ledger: every reference resolves to a served record with the same id and name. Invoices and credit
 *       notes name customers ({@code customerRef.id}, {@code companyName}), bills name suppliers
 *       ({@code supplierRef.id}, {@code supplierName}), every line names the income (sales) or expense (purchases)
 *       account of its item, and every payment the business current account. Items and tax rates have fixed ids
 *       per company but no data set.</li>
 *   <li>Amounts are numbers with two decimals, {@code currencyRate} four; business dates ({@code issueDate},
 *       {@code dueDate}, {@code paidOnDate}, {@code allocatedOnDate}) have no zone, platform timestamps
 *       ({@code modifiedDate}, {@code sourceModifiedDate}, {@code created}, {@code lastSync}) are UTC with
 *       {@code Z}; {@code sourceModifiedDate} is null for about 15%; about 2% of invoices, credit notes, bills,
 *       customers and suppliers have {@code metadata.isDeleted = true}.</li>
 *   <li>Line items (invoices, credit notes, bills): 1 to 12 per document (1: 30%, 2: 25%, 3: 17%, 4: 12%, 5: 7%,
 *       6: 4%, 7-12: 5%), each with {@code description, unitAmount, quantity, discountAmount, subTotal, taxAmount,
 *       totalAmount, accountRef, discountPercentage, taxRateRef {id, name, effectiveTaxRate}, itemRef,
 *       trackingCategoryRefs []} and {@code isDirectIncome} (sales) or {@code lineNumber} ("1", "2", ...) and
 *       {@code isDirectCost} (bills). A document's {@code subTotal} and tax are the sums of its lines',
 *       {@code totalAmount = subTotal + tax}.</li>
 *   <li>Payment allocations (invoices, credit notes, bills): what was settled, {@code totalAmount - amountDue}
 *       ({@code - remainingCredit} for credit notes), in one payment (70%) or two to three; none when nothing was
 *       settled or the document is Void (written off). Each is {@code {payment: {id, note, reference, accountRef,
 *       currency, currencyRate, paidOnDate, totalAmount}, allocation: {currency, currencyRate, allocatedOnDate,
 *       totalAmount}}}; the payment pays that one document, so both totals are equal; the last one is paid on the
 *       invoice's {@code paidOnDate}. There is no payments data set.</li>
 *   <li>Invoices: {@code Paid} and {@code Void} mean {@code amountDue == 0}; {@code paidOnDate} is null unless
 *       {@code Paid}. Bills ({@code Unknown, Open, PartiallyPaid, Paid, Void, Draft}): the same rule on
 *       {@code amountDue}, a supplier's {@code reference}. Credit notes ({@code Unknown, Draft, Submitted, Paid,
 *       Void, PartiallyPaid}): {@code remainingCredit} 0 when Paid or Void, {@code allocatedOnDate} set only when
 *       Paid.</li>
 *   <li>Customers and suppliers: {@code id, customerName | supplierName, contactName, emailAddress (nullable),
 *       defaultCurrency (the company's), phone (nullable), addresses (one Billing address: type, line1, line2 null,
 *       city, region null, country, postalCode), contacts [] (customers), registrationNumber (nullable), taxNumber
 *       (nullable), status (Active, 10% Archived), modifiedDate, sourceModifiedDate (nullable), metadata.isDeleted,
 *       supplementalData.content null}.</li>
 *   <li>Accounts: the standard chart of a small business (24 accounts: income, cost of sales, operating expenses,
 *       two bank accounts, receivables, payables, VAT, equity) in that order, then numbered sub-accounts
 *       "Sundry expenses N" (nominal code 8000+N, a quarter of them Archived); {@code currentBalance} negative for
 *       credit balances (Income, Liability, Equity), {@code isBankAccount}, {@code fullyQualifiedCategory} such as
 *       {@code Expense.Operating}, {@code validDatatypeLinks []}.</li>
 *   <li>Query fields: every scalar of a record as served, the {@code id} and name of its customer or supplier
 *       reference ({@code customerRef.id}, {@code supplierRef.supplierName}, ...), and {@code metadata.isDeleted};
 *       lists (lines, allocations, addresses) cannot be queried, as on the platform.</li>
 * </ul>
 *
 * <h2>Scenario files</h2>
 * {@code java -jar target/ledgersync.jar sandbox --scenario=FILE} or {@code SandboxServer.start(settings, file)};
 * the example is {@code sandbox/scenarios/example.yml}. Every section and every key marked optional may be left out;
 * companies are named by index in {@code GET /companies} (0 = first) or by id. Every mistake, an unknown key
 * included, is an error naming the file, the line and the field, also one found only when scripting the started
 * sandbox, for example {@code x.yml line 34, faults[1].rateLimit.requestsPerSecond: must be more than 0}.
 * <pre>
 * data:     { companies: N, invoicesPerCompany: M, seed: S,       # command-line options override these
 *             recordsPerCompany: { bills: B, suppliers: S, accounts: A, ... } }  # any data set by name
 * account:  { freeTrial: true|false, ageDays: D }
 * keys:     [ { name: TEXT, key: VALUE (optional), companies: [index|id, ...] (optional: account-wide) } ]
 * dataSets: [ { company: index|id, dataType: any served data set (default invoices),
 *               ready: true | notRequested: true | readyAfterRequests: K | readyAfterSeconds: T | unsupported: true,
 *               driftAfterPages: { afterPages: P (default 1), insert: I, update: U, softDelete: S, hardDelete: H,
 *                                  late: L, lateBySeconds: T (every count default 0) },
 *               changeAtStart: { the same changes but afterPages, made as the sandbox starts } } ]
 * faults:   [ { target: { path: PATTERN, company: index|id, page: N } (optional: every request),
 *               and exactly one of:
 *               latencyMillis: MS
 *               rateLimit: { requestsPerSecond: R, burst: B (default R rounded up) }
 *               tooManyRequests: { next: N | probability: P, retryAfterSeconds: S (optional) }
 *               unavailable: { next: N, retryAfterSeconds: S (optional) }
 *               maintenance: { startAfterSeconds: S (default 0), durationSeconds: D }   # on the sandbox clock
 *               serverError: { next: N | probability: P }
 *               dropConnection: { next: N (default 1), afterBytes: B (default 0) } } ]
 * </pre>
 * In a path pattern {@code *} is one segment and {@code **} any number ({@code /companies/*}{@code /data/invoices}).
 *
 * <h2>Order of checks</h2>
 * Scripted faults (so a maintenance window refuses even a bad key, as a real outage would), then authentication
 * (401), then account expiry (402), then routing (404/405), then the company (404) and the key's scope (403), the
 * data type (404), the parameters (400), readiness (409).
 *
 * <h2>Decisions where the contract is silent</h2>
 * <ul>
 *   <li><b>pageSize above 5000</b> (§8 "not shown"): 400 {@code BadRequest: pageSize must not exceed the maximum page
 *       size of 5000, was N.} Refusing is better than clamping: a client asking for more learns at once. (The public
 *       {@code PagingInfo} schema says 2000; CONTRACT.md's 5000 wins.)</li>
 *   <li>Non-numeric, zero or negative {@code page}/{@code pageSize}: 400 naming the parameter and its range.</li>
 *   <li>A page past the end: 200 with empty {@code results}, the true {@code totalResults}, a {@code previous}
 *       link and no {@code next}.</li>
 *   <li>Links: {@code self} is the path without query; {@code current}, {@code previous}, {@code next} are
 *       {@code /<resource>?page=<n>&pageSize=<m>} followed by every other parameter of the request, in its order
 *       and percent-encoded ({@code &query=...&orderBy=...}), so a client following links keeps its result set.</li>
 *   <li>{@code query}: {@code = != ~ > < >= <=}, {@code &&} binding tighter than {@code ||}, {@code { }}, dotted
 *       properties; string equality and {@code ~} are case-insensitive; dates compare as instants, zone-less ones
 *       read as UTC, a bare date as its midnight UTC; null never matches except with {@code !=}. An unknown property
 *       or a malformed query is a 400 with the platform's texts.</li>
 *   <li>{@code orderBy=field} / {@code -field}: any query field; nulls last both ways; ties keep index order so
 *       pages never overlap; strings case-insensitive. An unknown field is 400 {@code Error parsing orderBy - Could
 *       not resolve property X on Dataset}. Sorting reads each record once for its key (records are not held) and
 *       caches the resulting order (at most about 8 million positions in all).</li>
 *   <li>Authentication: the key is the base64 of the key itself (not {@code user:password}); an unknown key is 401,
 *       a deleted ("outdated") key 403. The settings' key is account-wide; {@code POST /apiKeys} also accepts the
 *       sandbox's own {@code companies: [ids]} to make a key tied to those companies: 403 for any other company and
 *       for the account endpoints ({@code /apiKeys}, {@code POST /companies}, {@code /profile/syncSettings}).
 *       Ten keys in all, the settings' key included; the 11th is 409 with the spec's text.</li>
 *   <li>Account (free trial by default, age 0 at start, measured on the clock): the 51st company is 402
 *       {@code CompanyValidationException: Company limit exceeded} with validation {@code itemId Company},
 *       {@code validatorName CreateCompany}, a message ending with a documentation link, empty {@code warnings};
 *       seeded companies count. A {@code syncSchedule} under 24 hours on a free trial is "hourly": 402
 *       {@code SyncSettingsValidationException: Sync schedule not allowed}. Older than 365 days: every request 402
 *       {@code Payment Required} with an {@code Account expired...} message. A paid account has none of these.</li>
 *   <li>Not ready: 409 {@code The data set has not been requested.} (never requested) or {@code The data set is
 *       still syncing: its sync is not complete.}; only reads that pass every other check count towards "ready
 *       after K requests".</li>
 *   <li>Page drift: inserted records appear first in the default order (newest first), so every later record moves
 *       back; revised records keep their id and get a new {@code modifiedDate} (the sandbox clock at the change) and
 *       a changed {@code note} (invoices, credit notes, bills), {@code contactName} (customers, suppliers) or
 *       {@code description} (accounts). Soft-deleted records are revised with {@code metadata.isDeleted = true} and stay;
 *       hard-deleted ones leave every page and {@code totalResults}; late changes are revised now but dated
 *       {@code lateBy} in the past. Each kind of change in one batch takes records spread over the whole data set that
 *       no other kind of it took. Scripted by {@code DataSetScript} (at once or after N pages) and by the scenario
 *       file.</li>
 *   <li>Error texts without an exception name where the platform's own examples have none (403, 409, 429, 500,
 *       503, 402); {@code <ExceptionName>: <text>} elsewhere. Every error body has {@code statusCode, service
 *       ("PublicApi"), error, correlationId} (a fresh random UUID per response), plus {@code validation} on 402.</li>
 *   <li>Rate-limit headers: every response carries {@code X-Rate-Limit-Limit/-Remaining/-Reset}, counted against
 *       the documented daily quota (never enforced) unless a {@code rateLimit} fault applies, whose bucket they
 *       then describe. {@code Retry-After} is whole seconds, rounded up.</li>
 *   <li>A dropped connection sends the headers with the full {@code Content-Length}, the first N bytes, and closes.
 *       Latency is a real sleep (not the clock), for crash and benchmark tests.</li>
 *   <li>A request line the JDK's {@code HttpServer} cannot parse (for example a bad percent escape in the URI)
 *       is answered by the JDK itself with a plain-text 400, before the sandbox sees it; no client of ours sends
 *       one.</li>
 * </ul>
 */
package io.ledgersync.sandbox;
