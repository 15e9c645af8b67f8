/**
 * What the sandbox serves: companies and the company data sets of {@link io.ledgersync.sandbox.records.DataTypes}
 * (customers, invoices, credit notes, suppliers, bills, the chart of accounts) generated on demand as a pure function
 * of (seed, company, index), one ledger whose references all resolve; the JSON of each record, the query language and
 * the serving order of a request (CONTRACT.md §10), the scripted state of each data set ({@code DataSetState}: its
 * {@code Readiness} and its {@code DataSetDrift}, which a request sees as a {@code DriftSnapshot}), and
 * {@link io.ledgersync.sandbox.records.ApiException}, the refusal that every part throws. The lowest part of the
 * sandbox: it uses none of the others.
 */
package io.ledgersync.sandbox.records;
