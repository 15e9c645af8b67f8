package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;


/** Loops in the next chain and reads that disagree with totalResults (CONTRACT.md §2.3 rule 2). */
class PageTallyTests {

    private final PageTally tally = new PageTally("/companies");

    @Test
    void aCompleteReadPasses() {
        tally.add(page(1, 2, 5, "/companies?page=2&pageSize=2"));
        tally.add(page(2, 2, 5, "/companies?page=3&pageSize=2"));
        tally.add(page(3, 1, 5, null));

        assertThatCode(tally::verifyComplete).doesNotThrowAnyException();
        assertThat(tally.records()).isEqualTo(5);
    }

    @Test
    void anEmptyDataSetIsOneEmptyPage() {
        tally.add(page(1, 0, 0, null));

        assertThatCode(tally::verifyComplete).doesNotThrowAnyException();
    }

    @Test
    void fewerRecordsThanTotalResultsIsReported() {
        // given pages that lost a record: 2 + 1 records where 5 are announced
        tally.add(page(1, 2, 5, "/companies?page=2&pageSize=2"));
        tally.add(page(2, 1, 5, null));

        // then the end of paging reports it instead of accepting it
        assertThatThrownBy(tally::verifyComplete).isInstanceOfSatisfying(IncompleteReadException.class, e -> {
            assertThat(e.recordsRead()).isEqualTo(3);
            assertThat(e.totalResults()).isEqualTo(5);
            assertThat(e.pagesRead()).isEqualTo(2);
            assertThat(e.expectedPages()).isEqualTo(3);
            assertThat(e.getMessage()).contains("/companies").contains("3 records").contains("totalResults 5");
        });
    }

    @Test
    void morePagesThanRule2AllowsIsReported() {
        tally.add(page(1, 2, 2, "/companies?page=2&pageSize=2"));
        tally.add(page(2, 0, 2, null));

        assertThatThrownBy(tally::verifyComplete).isInstanceOf(IncompleteReadException.class)
                .hasMessageContaining("ended after 2 pages").hasMessageContaining("in 1 pages");
    }

    @Test
    void aNextLinkBackToAnyEarlierPageIsALoop() {
        tally.add(page(1, 2, 10, "/companies?page=2&pageSize=2"));
        tally.add(page(2, 2, 10, "/companies?page=3&pageSize=2"));

        // the link leads back to page 1, with its parameters in another order
        assertThatThrownBy(() -> tally.checkNext("/companies?pageSize=2&page=1"))
                .isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("repeats a page already read");
    }

    @Test
    void aPageNumberThatComesBackUnderAnotherHrefIsALoop() {
        tally.add(page(1, 2, 10, "/companies?page=2&pageSize=2"));

        assertThatThrownBy(() -> tally.add(new Page("/companies?page=2&pageSize=2&x=1", records(2), 1, 2, 10, null)))
                .isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("page 1 was already read");
    }

    private static Page page(int number, int records, long total, String next) {
        return new Page("/companies?page=" + number + "&pageSize=2", records(records), number, 2, total, next);
    }

    private static List<SourceRecord> records(int count) {
        return Collections.nCopies(count, new SourceRecord("{\"id\":\"x\"}"));
    }
}
