package io.ledgersync.sandbox.records;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;

/**
 * When the platform's copy of a document changed ({@code modifiedDate}), some time after its last business event
 * and before the "as of" day, and when the provider changed it ({@code sourceModifiedDate}): a little earlier, or
 * null for the providers that do not report it.
 */
record ChangeDates(Instant modified, Instant sourceModified) {

    static ChangeDates after(SeededRandom random, LocalDate lastEvent, LocalDate asOf) {
        Instant event = DateTimes.instant(lastEvent);
        Instant modified = event.plusSeconds(random.between(3_600, Duration.ofDays(45).toSeconds()));
        if (modified.isAfter(DateTimes.instant(asOf))) {
            modified = DateTimes.instant(asOf).minusSeconds(random.between(1, Duration.ofDays(1).toSeconds()));
        }
        // The provider's own edit precedes our copy of it; some providers do not report it at all.
        Instant sourceModified = null;
        if (random.percent(85)) {
            Instant earlier = modified.minusSeconds(random.between(60, Duration.ofDays(3).toSeconds()));
            sourceModified = earlier.isAfter(event) ? earlier : event;
        }
        return new ChangeDates(modified, sourceModified);
    }

    /** A settlement date after {@code issued}, within {@code maxDays}, and before the "as of" day. */
    static LocalDate settledAfter(SeededRandom random, LocalDate issued, int maxDays, LocalDate asOf) {
        LocalDate settled = issued.plusDays(random.between(0, maxDays));
        return settled.isBefore(asOf) ? settled : asOf.minusDays(1);
    }
}
