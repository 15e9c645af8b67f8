package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;


/** The record of a walk through pages: loops in the next chain, and reads that disagree with totalResults (CONTRACT.md §2.3 rule 2). */
class PageWalkTests {

    private final PageWalk walk = new PageWalk("/companies");

    @Test
    void aCompleteReadPasses() {
        walk.add(page(1, 2, 5, "/companies?page=2&pageSize=2"));
        walk.add(page(2, 2, 5, "/companies?page=3&pageSize=2"));
        walk.add(page(3, 1, 5, null));

        assertThatCode(walk::verifyComplete).doesNotThrowAnyException();
        assertThat(walk.records()).isEqualTo(5);
    }

    @Test
    void anEmptyDataSetIsOneEmptyPage() {
        walk.add(page(1, 0, 0, null));

        assertThatCode(walk::verifyComplete).doesNotThrowAnyException();
    }

    @Test
    void fewerRecordsThanTotalResultsIsReported() {
        // given pages that lost a record: 2 + 1 records where 5 are announced
        walk.add(page(1, 2, 5, "/companies?page=2&pageSize=2"));
        walk.add(page(2, 1, 5, null));

        // then the end of paging reports it instead of accepting it
        assertThatThrownBy(walk::verifyComplete).isInstanceOfSatisfying(IncompleteReadException.class, e -> {
            assertThat(e.recordsRead()).isEqualTo(3);
            assertThat(e.totalResults()).isEqualTo(5);
            assertThat(e.pagesRead()).isEqualTo(2);
            assertThat(e.expectedPages()).isEqualTo(3);
            assertThat(e.getMessage()).contains("/companies").contains("3 records").contains("totalResults 5");
        });
    }

    @Test
    void morePagesThanRule2AllowsIsReported() {
        walk.add(page(1, 2, 2, "/companies?page=2&pageSize=2"));
        walk.add(page(2, 0, 2, null));

        assertThatThrownBy(walk::verifyComplete).isInstanceOf(IncompleteReadException.class)
                .hasMessageContaining("ended after 2 pages").hasMessageContaining("in 1 pages");
    }

    @Test
    void aNextLinkBackToAnyEarlierPageIsALoop() {
        walk.add(page(1, 2, 10, "/companies?page=2&pageSize=2"));
        walk.add(page(2, 2, 10, "/companies?page=3&pageSize=2"));

        // the link leads back to page 1, with its parameters in another order
        assertThatThrownBy(() -> walk.checkNext("/companies?pageSize=2&page=1"))
                .isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("repeats a page already read");
    }

    @Test
    void aPageNumberThatComesBackUnderAnotherHrefIsALoop() {
        walk.add(page(1, 2, 10, "/companies?page=2&pageSize=2"));

        assertThatThrownBy(() -> walk.add(new Page("/companies?page=2&pageSize=2&x=1", records(2), 1, 2, 10, null)))
                .isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("page 1 was already read");
    }

    @Test
    void aResumedWalkCountsThePagesAndRecordsBeforeItsFirstPage() {
        // given a walk interrupted after 2 pages of 2 records, resumed at page 3
        PageWalk resumed = new PageWalk("/companies", 4, 2);

        // when it reads the last two pages
        resumed.add(page(3, 2, 7, "/companies?page=4&pageSize=2"));
        resumed.add(page(4, 1, 7, null));

        // then it is complete as a whole
        assertThatCode(resumed::verifyComplete).doesNotThrowAnyException();
        assertThat(resumed.records()).isEqualTo(7);
        assertThat(resumed.pages()).isEqualTo(4);
    }

    @Test
    void aResumedWalkStillReportsRecordsLostBeforeOrAfterTheInterruption() {
        PageWalk resumed = new PageWalk("/companies", 3, 2);

        resumed.add(page(3, 2, 7, "/companies?page=4&pageSize=2"));
        resumed.add(page(4, 1, 7, null));

        assertThatThrownBy(resumed::verifyComplete).isInstanceOfSatisfying(IncompleteReadException.class,
                e -> assertThat(e.recordsRead()).isEqualTo(6));
    }

    @Test
    void aNextLinkToAnotherPageThanTheNextIsRefusedWithThePageThatCarriesIt() {
        // CONTRACT.md §2.3 rule 4: next is the page after this one; a far page would skip records
        assertThatThrownBy(() -> walk.add(page(1, 2, 10, "/companies?page=99999999999&pageSize=2")))
                .isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("names page '99999999999', not page 2 after page 1");
        assertThatThrownBy(() -> new PageWalk("/companies").add(page(1, 2, 10, "/companies?pageSize=2&page=-1")))
                .hasMessageContaining("names page '-1'");
    }

    @Test
    void aWalkFailsOnThePageAfterThoseTheFirstPageAnnouncedPlusTheMargin() {
        PageWalk capped = new PageWalk("/companies", 0, 0, 1);
        capped.add(page(1, 2, 4, "/companies?page=2&pageSize=2"));
        capped.add(page(2, 2, 4, "/companies?page=3&pageSize=2"));
        capped.add(page(3, 0, 4, "/companies?page=4&pageSize=2")); // the margin

        assertThatThrownBy(() -> capped.add(page(4, 0, 4, "/companies?page=5&pageSize=2")))
                .isInstanceOf(PageCapException.class)
                .hasMessageContaining("page 4 of /companies is past the page cap: the first page announced 2 page(s)");
    }

    @Test
    void anEmptyDataSetIsOnePageEvenWithoutAMargin() {
        PageWalk noMargin = new PageWalk("/companies", 0, 0, 0);

        assertThatCode(() -> noMargin.add(page(1, 0, 0, null))).doesNotThrowAnyException();
    }

    @Test
    void aResumedWalkCapsFromTheFirstPageItReads() {
        PageWalk resumed = new PageWalk("/companies", 4, 2, 0);
        resumed.add(page(3, 2, 6, null));

        assertThatThrownBy(() -> new PageWalk("/companies", 6, 3, 0).add(page(4, 0, 6, null)))
                .isInstanceOf(PageCapException.class);
    }

    private static Page page(int number, int records, long total, String next) {
        return new Page("/companies?page=" + number + "&pageSize=2", records(records), number, 2, total, next);
    }

    private static List<SourceRecord> records(int count) {
        return Collections.nCopies(count, new SourceRecord("{\"id\":\"x\"}"));
    }
}
