package io.ledgersync.trigger.schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import io.ledgersync.sandbox.records.DataSetState.Changes;

/**
 * What the platform does on each day of a soak, drawn from a seed: the same seed always scripts the same year.
 * Every company data set gets a few updates and inserts a day, now and then a soft delete, a hard delete or a change
 * committed late (dated before the previous night's run); every fourth Saturday company 0's invoices drift under the
 * next full refresh's walk; every 91 days company 1's invoices are not ready for three days (409) and, a week later,
 * company 2's bills answer 500 for three days. Hard deletes stop while fewer than half of a data set's generated
 * records are left, so that no year of them can empty a data set (or trip the full refresh's safety bound).
 * Not thread-safe.
 */
final class SoakScript {

    /** The days (from 0) of the first three-day faults; they come back every {@link #FAULT_PERIOD} days. */
    static final int FIRST_NOT_READY = 5;
    static final int FIRST_FAILURE = 12;
    static final int FAULT_PERIOD = 91;
    static final int FAULT_DAYS = 3;

    /** One company data set's changes on one day. */
    record Change(int company, String dataType, Changes changes) {
    }

    /** A day's script: the changes made at noon, and the faults that start that day. */
    record Day(int day, List<Change> changes, boolean driftBeforeFullRefresh, boolean notReadyStarts, boolean failureStarts,
            boolean failureEnds) {
    }

    private final Random random;
    private final int companies;
    private final Map<String, Integer> baseSize;
    private final Map<String, Integer> removed = new HashMap<>();

    /**
     * @param baseSize the records generated per company for each data type the soak changes ({@code invoices}, ...)
     */
    SoakScript(long seed, int companies, Map<String, Integer> baseSize) {
        this.random = new Random(seed);
        this.companies = companies;
        // sorted: Map.copyOf's order changes from one JVM to the next, and with it which data set draws what
        this.baseSize = Collections.unmodifiableSortedMap(new TreeMap<>(baseSize));
    }

    /**
     * The script of day {@code day}; days must be asked in order, from 0.
     *
     * @param saturday whether the day is the one before the weekly full refresh
     * @param lateBy how far before now a late change is dated: more than since the previous night's run
     */
    Day day(int day, boolean saturday, Duration lateBy) {
        List<Change> changes = new ArrayList<>();
        for (int company = 0; company < companies; company++) {
            for (Map.Entry<String, Integer> type : baseSize.entrySet()) {
                changes.add(new Change(company, type.getKey(), changes(company, type.getKey(), type.getValue(), lateBy)));
            }
        }
        boolean drift = saturday && (day / 7) % 4 == 0;
        int inPeriod = day % FAULT_PERIOD;
        return new Day(day, changes, drift, inPeriod == FIRST_NOT_READY, inPeriod == FIRST_FAILURE,
                inPeriod == FIRST_FAILURE + FAULT_DAYS);
    }

    private Changes changes(int company, String dataType, int base, Duration lateBy) {
        String key = company + "/" + dataType;
        int gone = removed.getOrDefault(key, 0);
        int insert = random.nextInt(3);
        int update = random.nextInt(4);
        int softDelete = random.nextInt(10) == 0 ? 1 : 0;
        int late = random.nextInt(10) == 0 ? 1 : 0;
        int hardDelete = random.nextInt(20) == 0 && (gone + 1) * 2 < base ? 1 : 0;
        removed.put(key, gone + hardDelete);
        return new Changes(insert, update, softDelete, hardDelete, late, late > 0 ? lateBy : Duration.ZERO);
    }

    /** The records generated per company for each data type the script changes. */
    Map<String, Integer> baseSize() {
        return baseSize;
    }
}
