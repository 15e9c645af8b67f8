package io.ledgersync.sync.walk;

import io.ledgersync.source.Page;
import io.ledgersync.source.SourceRecord;

/**
 * Watches one pass of a walk for signs that the data set moved under it (page drift): {@code totalResults} changing
 * between pages, or an id read twice (records pushed back a page by inserts ahead of the walk). A walk that ends short
 * of what it announced fails its partition ({@link ShortWalk}); a restart resumes it. What it saw is a line of text for the run's
 * detail; whether records were pushed forward (shrinking: some may have been skipped) decides how to recover.
 *
 * <p>Not thread-safe: one per pass, used by the partition's thread. Ids are remembered for the pass only, as 64-bit
 * hashes ({@link IdHashes}: a pass reads the whole company data set, and its ids must not fill the heap); a resumed
 * walk starts remembering anew.
 */
final class DriftWatch {

    private final IdHashes ids = new IdHashes();
    private long lastTotal = -1;
    private String seen;
    private boolean shrank;

    /** Checks a page of this pass; true when it shows drift for the first time. */
    boolean check(Page page) {
        boolean before = seen != null;
        if (lastTotal >= 0 && page.totalResults() != lastTotal) {
            note("totalResults went from " + lastTotal + " to " + page.totalResults() + " at page " + page.pageNumber());
            shrank |= page.totalResults() < lastTotal;
        }
        lastTotal = page.totalResults();
        for (SourceRecord record : page.results()) {
            String id = record.id(); // read when the page was decoded: no second parse of each record
            if (id != null && !ids.add(id)) {
                note("id " + id + " read twice (page " + page.pageNumber() + ")");
                break;
            }
        }
        return !before && seen != null;
    }

    /** Drift this pass saw before a restart: how the data set moved is not known, so it is read again whole. */
    void seenBefore(String what) {
        note(what);
        shrank = true;
    }

    /** What drift this pass saw, or null. */
    String seen() {
        return seen;
    }

    /** Whether records may have moved forward past the walk (deleted ahead of it): only a walk of everything finds those. */
    boolean mayHaveSkipped() {
        return shrank;
    }

    private void note(String what) {
        seen = seen == null ? what : seen;
    }
}
