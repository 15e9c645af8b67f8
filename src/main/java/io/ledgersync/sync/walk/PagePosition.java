package io.ledgersync.sync.walk;

/**
 * A walk's restart position: the href of the page to read next and how many of its records are already written.
 * Immutable.
 */
public record PagePosition(String href, int written) {
}
