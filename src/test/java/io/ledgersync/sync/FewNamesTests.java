package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class FewNamesTests {

    @Test
    void givenFiveNamesOrFewerThenAllAreQuoted() {
        assertThat(FewNames.of(List.of("a", "b"))).isEqualTo("[a, b]");
        assertThat(FewNames.of(List.of("a", "b", "c", "d", "e"))).isEqualTo("[a, b, c, d, e]");
    }

    @Test
    void givenThousandsOfNamesThenTheFirstFiveAndHowManyMore() {
        List<String> names = IntStream.range(0, 5000).mapToObj(i -> "id-" + i).toList();

        assertThat(FewNames.of(names)).isEqualTo("[id-0, id-1, id-2, id-3, id-4] and 4995 more");
    }

    @Test
    void givenALongNameThenItIsCutTo64CharactersWithDots() {
        String cut = FewNames.one("x".repeat(10_000));

        assertThat(cut).isEqualTo("x".repeat(64) + "...");
        assertThat(FewNames.one("x".repeat(64))).isEqualTo("x".repeat(64));
    }
}
