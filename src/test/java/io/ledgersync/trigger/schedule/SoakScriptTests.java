package io.ledgersync.trigger.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The soak's year of platform days: the same seed scripts the same year, the faults come when they say. */
class SoakScriptTests {

    private static final Map<String, Integer> BASE = Map.of("invoices", 40, "bills", 12);
    private static final Duration LATE_BY = Duration.ofHours(10);

    @Test
    void theSameSeedScriptsTheSameYear() {
        assertThat(year(new SoakScript(27, 3, BASE))).isEqualTo(year(new SoakScript(27, 3, BASE)));
        assertThat(year(new SoakScript(27, 3, BASE))).isNotEqualTo(year(new SoakScript(28, 3, BASE)));
    }

    @Test
    void everyCompanyDataSetChangesEveryDayAndLateChangesAreDatedBeforeTheNightsRun() {
        SoakScript.Day day = new SoakScript(27, 3, BASE).day(0, false, LATE_BY);

        assertThat(day.changes()).hasSize(3 * BASE.size());
        assertThat(year(new SoakScript(27, 3, BASE))).flatMap(SoakScript.Day::changes)
                .filteredOn(change -> change.changes().late() > 0).isNotEmpty()
                .allSatisfy(change -> assertThat(change.changes().lateBy()).isEqualTo(LATE_BY));
    }

    @Test
    void notReadyAndFailureStartEvery91DaysAndTheFailureEndsAfterThreeDays() {
        List<SoakScript.Day> year = year(new SoakScript(27, 3, BASE));

        assertThat(year).filteredOn(SoakScript.Day::notReadyStarts).extracting(SoakScript.Day::day)
                .containsExactly(5, 96, 187, 278);
        assertThat(year).filteredOn(SoakScript.Day::failureStarts).extracting(SoakScript.Day::day)
                .containsExactly(12, 103, 194, 285);
        assertThat(year).filteredOn(SoakScript.Day::failureEnds).extracting(SoakScript.Day::day)
                .containsExactly(15, 106, 197, 288);
    }

    @Test
    void driftComesOnEveryFourthSaturday() {
        SoakScript script = new SoakScript(27, 3, BASE);
        List<Integer> drifts = new ArrayList<>();
        for (int day = 0; day < 365; day++) {
            // day 0 is a Saturday, as the soak's first day is
            if (script.day(day, day % 7 == 0, LATE_BY).driftBeforeFullRefresh()) {
                drifts.add(day);
            }
        }
        assertThat(drifts).startsWith(0, 28, 56).allSatisfy(day -> assertThat(day % 28).isZero());
    }

    @Test
    void hardDeletesStopBeforeHalfADataSetIsGoneSoNoYearEmptiesIt() {
        List<SoakScript.Day> year = year(new SoakScript(27, 3, BASE));

        for (int company = 0; company < 3; company++) {
            for (String type : BASE.keySet()) {
                int c = company;
                int removed = year.stream().flatMap(day -> day.changes().stream())
                        .filter(change -> change.company() == c && change.dataType().equals(type))
                        .mapToInt(change -> change.changes().hardDelete()).sum();
                assertThat(removed * 2).as("%s of company %d", type, company).isLessThan(BASE.get(type));
                assertThat(removed).as("%s of company %d", type, company).isPositive();
            }
        }
    }

    private static List<SoakScript.Day> year(SoakScript script) {
        List<SoakScript.Day> days = new ArrayList<>();
        for (int day = 0; day < 365; day++) {
            days.add(script.day(day, false, LATE_BY));
        }
        return days;
    }
}
