package io.ledgersync.sync.walk;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;

import org.junit.jupiter.api.Test;

/** The ids of a pass, kept small: every id read twice is found, and the table stays a few longs an id. */
class IdHashesTests {

    private final IdHashes ids = new IdHashes();

    @Test
    void anIdAddedAgainIsRefused() {
        assertThat(ids.add("inv-1")).isTrue();
        assertThat(ids.add("inv-2")).isTrue();

        assertThat(ids.add("inv-1")).isFalse();
        assertThat(ids.size()).isEqualTo(2);
    }

    @Test
    void aHundredThousandDifferentIdsAreAllKeptAndEachIsFoundAgainAfterTheTableGrew() {
        UUID first = new UUID(7, 0);
        for (int i = 0; i < 100_000; i++) {
            assertThat(ids.add(new UUID(7, i).toString())).as("id %d is new", i).isTrue();
        }

        assertThat(ids.size()).isEqualTo(100_000);
        assertThat(ids.add(first.toString())).isFalse();
        for (int i = 0; i < 100_000; i += 997) {
            assertThat(ids.add(new UUID(7, i).toString())).isFalse();
        }
    }

    @Test
    void theTableTakesAtMostFourLongsAnId() {
        for (int i = 0; i < 300_000; i++) {
            ids.add("invoice-" + i);
        }

        assertThat(ids.capacity()).isLessThanOrEqualTo(4 * 300_000);
    }

    @Test
    void theHashZeroIsKeptLikeAnyOther() {
        assertThat(ids.addHash(0)).isTrue();
        assertThat(ids.addHash(0)).isFalse();
        assertThat(ids.addHash(1)).isTrue();
        assertThat(ids.size()).isEqualTo(2);
    }

    @Test
    void idsThatDifferInOneCharacterHashApart() {
        assertThat(IdHashes.hash("a1b2")).isNotEqualTo(IdHashes.hash("a1b3"));
        assertThat(IdHashes.hash("ab")).isNotEqualTo(IdHashes.hash("ba"));
        assertThat(IdHashes.hash("")).isNotEqualTo(IdHashes.hash("\u0000"));
    }
}
