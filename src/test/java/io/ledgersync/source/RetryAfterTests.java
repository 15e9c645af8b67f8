package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

/** The Retry-After header in both of its forms (RFC 9110 §10.2.3), read against an injected clock. */
class RetryAfterTests {

    private final FakeTime time = new FakeTime();

    @Test
    void delaySecondsAreReadAsSeconds() {
        assertThat(RetryAfter.parse("120", time)).isEqualTo(Duration.ofSeconds(120));
        assertThat(RetryAfter.parse(" 7 ", time)).isEqualTo(Duration.ofSeconds(7));
    }

    @Test
    void zeroIsZeroAndTheFloorIsTheBackoffsBusiness() {
        assertThat(RetryAfter.parse("0", time)).isEqualTo(Duration.ZERO);
    }

    @Test
    void anHttpDateIsTheTimeUntilThatDateOnTheInjectedClock() {
        // given the fake clock at 2026-03-02T10:00:00Z
        // when the header names 10:01:30 of that day
        Duration wait = RetryAfter.parse("Mon, 02 Mar 2026 10:01:30 GMT", time);

        // then the wait is 90 s
        assertThat(wait).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void anHttpDateInThePastMeansNoWait() {
        assertThat(RetryAfter.parse("Mon, 02 Mar 2026 09:00:00 GMT", time)).isEqualTo(Duration.ZERO);
    }

    @Test
    void absentOrUnreadableIsNull() {
        assertThat(RetryAfter.parse(null, time)).isNull();
        assertThat(RetryAfter.parse("", time)).isNull();
        assertThat(RetryAfter.parse("soon", time)).isNull();
        assertThat(RetryAfter.parse("-5", time)).isNull();
        assertThat(RetryAfter.parse("1.5", time)).isNull();
    }

    @Test
    void moreSecondsThanALongHoldsIsAVeryLongWait() {
        assertThat(RetryAfter.parse("99999999999999999999999", time)).isEqualTo(Duration.ofSeconds(Long.MAX_VALUE));
    }
}
