package io.ledgersync.sync.walk;

import java.time.Instant;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.ledgersync.source.Page;
import io.ledgersync.source.PageWalk;

/**
 * The passes of one partition's walk through its pages. The current pass is a {@link PageWalk}: it refuses a link back
 * to a page already read and checks the pass when its last page comes ({@link ShortWalk}). A {@link DriftWatch} looks
 * for page drift on the way; a pass that saw some is followed by one that recovers from it ({@link DriftRecovery}).
 * Its restart state is {@link RecoveryKeys}: a walk resumed inside a recovery pass goes on with that pass.
 *
 * <p>Not thread-safe: one per reader, used by the partition's thread.
 */
final class WalkPasses {

    private static final Logger log = LoggerFactory.getLogger(WalkPasses.class);

    private final String description;
    private final int pageMargin;
    private final DriftRecovery recovery;
    /** Told what drift a pass saw, when the pass that recovers from it begins. */
    private final Consumer<String> driftRecovered;
    /** The partition's walk as the partitioner planned it; null for a partition of a version before walks. */
    private Walk plan;
    /** The current pass through the pages. */
    private PageWalk pass;
    /** The page drift the current pass saw. */
    private DriftWatch drift = new DriftWatch();
    /** The drift seen and recovered so far in this walk, for the run's detail; null: none. */
    private String note;
    /** The recovery passes made so far. */
    private int recoveries;
    /** When the last pass that read everything again began; null: none did. */
    private Instant wholeFrom;

    /**
     * @param pageMargin pages read beyond those the first page announced before a pass is refused as endless
     * @param driftRecovered told what drift a pass saw, when the pass that recovers from it begins
     */
    WalkPasses(String description, int pageMargin, DriftRecovery recovery, Consumer<String> driftRecovered) {
        this.description = description;
        this.pageMargin = pageMargin;
        this.recovery = recovery;
        this.driftRecovered = driftRecovered;
    }

    /** Goes on with the pass the context left, which reads on at {@code position}. */
    void open(PartitionContext context, PagePosition position) {
        RecoveryKeys saved = context.recovery();
        // a walk resumed inside a recovery pass counts that pass's records only
        long passRecords = saved.passRecords().orElse(context.counts().recordsRead());
        long passPages = saved.passPages().orElse(context.counts().pagesRead());
        // A position inside a page (or after the last) re-reads that page, which is then counted again.
        boolean rereads = position.written() > 0;
        pass = new PageWalk(description, passRecords - position.written(), Math.max(0, passPages - (rereads ? 1 : 0)),
                pageMargin);
        note = saved.note();
        recoveries = saved.recoveries();
        plan = context.plan().walk().orElse(null);
        if (saved.passDrift() != null) {
            drift.seenBefore(saved.passDrift()); // seen before the restart, in this pass: recover at its end
        }
    }

    /** Refuses a {@code next} link back to a page already read, or to another page than the next. */
    void checkNext(String href) {
        pass.checkNext(href);
    }

    boolean hasRead(String href) {
        return pass.hasRead(href);
    }

    /** Takes a page of the current pass before it is handed out; its last page ends the pass, checked whole. */
    void add(Page page) {
        if (drift.check(page)) {
            log.info("{}: page drift: {}; recovered once this pass ends", description, drift.seen());
        }
        pass.add(page);
        if (page.nextHref() == null) {
            ShortWalk.check(pass);
        }
    }

    /** Whether the current pass saw page drift, so that its end begins a pass that recovers from it. */
    boolean recoveryDue() {
        return drift.seen() != null;
    }

    /** At the end of a pass: the pass that recovers from the drift it saw, or null when it saw none and the walk is done. */
    DriftRecovery.Pass endOfPass() {
        if (drift.seen() == null) {
            return null;
        }
        DriftRecovery.Pass next = recovery.next(plan, pass, drift, recoveries, description);
        recoveries++;
        note = (note == null ? "" : note + "; ") + "page drift: " + drift.seen() + " -> " + next.how();
        driftRecovered.accept(drift.seen());
        log.info("{}: page drift ({}): {}", description, drift.seen(), next.how());
        pass = new PageWalk(description, 0, 0, pageMargin);
        drift = new DriftWatch();
        if (next.wholeFrom() != null) {
            wholeFrom = next.wholeFrom();
        }
        return next;
    }

    /** Saves the drift met so far, and the current pass's counts once a recovery pass is under way. */
    void save(RecoveryKeys keys) {
        if (note != null) {
            keys.saveNote(note);
        }
        keys.saveRecoveries(recoveries);
        if (wholeFrom != null) {
            keys.saveWholeFrom(wholeFrom);
        }
        if (recoveries > 0) {
            keys.savePassCounts(pass.records(), pass.pages()); // a recovery pass counts on its own
        }
        keys.savePassDrift(drift.seen());
    }
}
