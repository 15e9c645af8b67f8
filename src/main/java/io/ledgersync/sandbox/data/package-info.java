/**
 * What the sandbox serves: companies, invoices and customers generated on demand as a pure function of (seed,
 * company, index), the JSON of each record, the query language and the serving order of a request (CONTRACT.md
 * §10), the scripted state of each data set, and {@link io.ledgersync.sandbox.data.ApiException}, the refusal that
 * every part throws. The lowest part of the sandbox: it uses none of the others.
 */
package io.ledgersync.sandbox.data;
