/**
 * The client account behind every request: its plan, age, daily quota and limits (CONTRACT.md §7.2, §8, §13) and its
 * API keys with Basic authentication (§5). Uses only {@code data}.
 */
package io.ledgersync.sandbox.account;
