package io.ledgersync.sync;

import io.ledgersync.source.IncompleteReadException;
import io.ledgersync.source.PageWalk;

/**
 * What a partition does when its walk ends short of, or past, what the source announced (CONTRACT.md §2.3 rule 2):
 * a last page (no {@code _links.next}) while {@code totalResults} says more pages are due, or fewer or more records
 * than announced. The one place that decides it, called on the last page before that page is handed on, so that a
 * failure leaves the page unwritten and the partition's resume point before it.
 *
 * <p>Issue 17: such a walk is a failed partition, never a completed one (it was a warning, and the run ended
 * COMPLETED, exit 0, with records missing). Issue 13: where the partition recovers from page drift
 * ({@link DriftRecovery}), a short walk is one more sign of drift, and the partition reads again instead of failing;
 * it fails when the drift outlasts the recovery passes. Stateless, so thread-safe.
 */
final class ShortWalk {

    private ShortWalk() {
    }

    /**
     * Checks the walk that the last page just ended.
     *
     * @param drift where the short walk is noted as page drift, to recover; null: the partition fails
     * @throws IncompleteReadException naming what was read against what was announced, when there is no recovery
     */
    static void check(PageWalk walk, DriftWatch drift) {
        try {
            walk.verifyComplete();
        } catch (IncompleteReadException endedShort) {
            if (drift == null) {
                fail(endedShort);
            }
            drift.shortRead(endedShort.getMessage());
        }
    }

    private static void fail(IncompleteReadException endedShort) {
        throw endedShort;
    }
}
