package io.ledgersync.sync.walk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import io.ledgersync.source.DataApiClient;
import io.ledgersync.source.DataSetNotReadyException;
import io.ledgersync.source.IncompleteReadException;
import io.ledgersync.source.Page;
import io.ledgersync.source.PageCapException;
import io.ledgersync.source.ServerErrorException;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.sync.PartitionOutcome;
import io.ledgersync.sync.PermanentFailures;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;

/**
 * The reader, one page an item, with prefetch on: what it fetches ahead, and that position, restart and failures stay
 * as without it; and what it does when its walk through the pages ends short of, or beyond, totalResults.
 */
@ExtendWith(OutputCaptureExtension.class)
class DataSetItemReaderTests {

    private static final String PATH = "/companies/c1/data/invoices";
    private static final int PAGE_MARGIN = 10;

    private final DataApiClient client = mock(DataApiClient.class);
    private final ExecutorService prefetcher = Executors.newCachedThreadPool();

    @AfterEach
    void stopPrefetcher() {
        prefetcher.shutdownNow();
    }

    @Test
    void fetchesTheNextPageWhileTheCurrentPageIsStillBeingRead() throws Exception {
        givenPages(2);
        CountDownLatch secondAsked = new CountDownLatch(1);
        when(client.fetchPage(eq(href(2)), any())).thenAnswer(invocation -> {
            secondAsked.countDown();
            return page(2, 2);
        });
        DataSetItemReader reader = open(new ExecutionContext());

        assertThat(ids(reader.read())).containsExactly("inv-1", "inv-2");

        assertThat(secondAsked.await(5, TimeUnit.SECONDS)).as("page 2 asked for while page 1 is being written").isTrue();
        assertThat(readAll(reader)).containsExactly("inv-3", "inv-4");
        verify(client, times(1)).fetchPage(eq(href(2)), any());
    }

    @Test
    void savesThePositionAfterThePageWrittenNotAfterThePrefetchedOneAndResumesFromIt() {
        givenPages(3);
        DataSetItemReader reader = open(new ExecutionContext());
        reader.read(); // page 1, written when its chunk commits
        verify(client, timeout(5_000)).fetchPage(eq(href(2)), any());
        ExecutionContext saved = new ExecutionContext();

        reader.update(saved);
        reader.close();

        assertThat(PartitionContext.of(saved).position().current()).contains(new PagePosition(href(2), 0));
        assertThat(readAll(open(saved))).as("the restarted reader goes on with page 2").containsExactly("inv-3", "inv-4", "inv-5", "inv-6");
    }

    @Test
    void aPositionInsideAPageSavedByAnEarlierVersionResumesWithTheRecordsNotWritten() {
        givenPages(3);
        ExecutionContext saved = new ExecutionContext();
        PartitionContext.of(saved).position().save(new PagePosition(href(2), 1));
        PartitionContext.of(saved).counts().save(3, 2, 3, 2);

        DataSetItemReader reader = open(saved);

        assertThat(readAll(reader)).containsExactly("inv-4", "inv-5", "inv-6");
        ExecutionContext after = new ExecutionContext();
        reader.update(after);
        assertThat(PartitionContext.of(after).counts().recordsRead()).as("3 before, 3 now").isEqualTo(6);
        assertThat(PartitionContext.of(after).counts().recordsReadThisExecution()).isEqualTo(3);
        assertThat(PartitionContext.of(after).counts().pagesRead()).as("pages fetched: 2 before, then page 2 again and page 3").isEqualTo(4);
    }

    @Test
    void aDataSetThatTurnsNotReadyOnAPrefetchedPageEndsAfterThePagesBeforeIt() {
        givenPages(2);
        when(client.fetchPage(eq(href(2)), any())).thenThrow(mock(DataSetNotReadyException.class));
        DataSetItemReader reader = open(new ExecutionContext());

        assertThat(readAll(reader)).containsExactly("inv-1", "inv-2");

        ExecutionContext saved = new ExecutionContext();
        reader.update(saved);
        assertThat(PartitionContext.of(saved).outcome().endedEarly()).contains(PartitionOutcome.DEFERRED);
    }

    @Test
    void aFailedPrefetchFailsTheReadOnlyWhenTheReaderGetsToThatPage() {
        givenPages(2);
        ServerErrorException failure = mock(ServerErrorException.class);
        when(client.fetchPage(eq(href(2)), any())).thenThrow(failure);
        DataSetItemReader reader = open(new ExecutionContext());

        assertThat(ids(reader.read())).containsExactly("inv-1", "inv-2");
        assertThatThrownBy(reader::read).isSameAs(failure);
    }

    @Test
    void aNextLinkBackToAnEarlierPageIsRefusedAsALoopWithThePageThatCarriesIt() {
        when(client.firstPageHref(PATH, null)).thenReturn(href(1));
        when(client.fetchPage(eq(href(1)), any())).thenReturn(page(1, 3));
        Page loopingBack = new Page(href(2), List.of(record(3), record(4)), 2, 2, 6, href(1));
        when(client.fetchPage(eq(href(2)), any())).thenReturn(loopingBack);
        DataSetItemReader reader = open(new ExecutionContext());

        assertThat(ids(reader.read())).containsExactly("inv-1", "inv-2");
        // the page that carries the link is refused whole: never written, never a resume point (issue 17)
        assertThatThrownBy(reader::read).isInstanceOf(io.ledgersync.source.MalformedResponseException.class)
                .hasMessageContaining("runs in a loop");
        verify(client, times(1)).fetchPage(eq(href(1)), any()); // not even prefetched again
    }

    @Test
    void aLastPageShortOfTotalResultsFailsThePartitionBeforeItIsHandedOutAndKeepsTheResumePointBeforeIt() {
        // given two pages of two records whose second, without a next link, announces 5 records: page 3 was due
        when(client.firstPageHref(PATH, null)).thenReturn(href(1));
        when(client.fetchPage(eq(href(1)), any())).thenReturn(new Page(href(1), List.of(record(1), record(2)), 1, 2, 5, href(2)));
        when(client.fetchPage(eq(href(2)), any())).thenReturn(new Page(href(2), List.of(record(3), record(4)), 2, 2, 5, null));
        DataSetItemReader reader = open(new ExecutionContext());
        assertThat(ids(reader.read())).containsExactly("inv-1", "inv-2");
        ExecutionContext afterPage1 = new ExecutionContext();
        reader.update(afterPage1);

        // when the reader gets to page 2, then the partition fails (CONTRACT.md §2.3 rule 2, issue 17) without handing it out
        assertThatThrownBy(reader::read).isInstanceOf(IncompleteReadException.class)
                .hasMessageContaining("invoices of company c1 ended after 2 pages and 4 records")
                .hasMessageContaining("announces totalResults 5 in 3 pages");
        assertThat(PartitionContext.of(afterPage1).position().current()).contains(new PagePosition(href(2), 0));
    }

    @Test
    void aWalkPastThePagesAnnouncedPlusTheMarginFailsThePartition() {
        // given a source whose next link never ends: every page announces 4 records in 2 pages
        when(client.firstPageHref(PATH, null)).thenReturn(href(1));
        for (int number = 1; number <= 20; number++) {
            when(client.fetchPage(eq(href(number)), any()))
                    .thenReturn(new Page(href(number), List.of(record(2 * number - 1), record(2 * number)), number, 2, 4, href(number + 1)));
        }
        DataSetItemReader reader = open(new ExecutionContext());

        // then it reads 2 announced pages plus the margin, and fails on the next (issue 17)
        for (int read = 0; read < 2 + PAGE_MARGIN; read++) {
            assertThat(reader.read()).isNotNull();
        }
        assertThatThrownBy(reader::read).isInstanceOf(PageCapException.class)
                .hasMessageContaining("page 13 of invoices of company c1 is past the page cap")
                .hasMessageContaining("announced 2 page(s)").hasMessageContaining("ledgersync.sync.page-margin");
    }

    @Test
    void aRestartedReadCountsWhatItReadBeforeTheRestartAndFindsItComplete(CapturedOutput output) {
        // given a read stopped after page 1 of 3
        givenPages(3);
        DataSetItemReader first = open(new ExecutionContext());
        first.read();
        ExecutionContext saved = new ExecutionContext();
        first.update(saved);
        first.close();

        // when a restarted reader reads the rest, then the whole walk agrees with totalResults: nothing to report
        assertThat(readAll(open(saved))).containsExactly("inv-3", "inv-4", "inv-5", "inv-6");
        assertThat(output).doesNotContain("announces totalResults");
    }

    @Test
    void aPartitionStoppedRightAfterItsLastPageCommittedResumesWithoutAskingForThatPageAgain() {
        // given a walk of 2 pages whose last page committed, and then the step stopped before asking for more (SIGTERM)
        givenPages(2);
        DataSetItemReader first = open(new ExecutionContext());
        first.read();
        first.read();
        ExecutionContext saved = new ExecutionContext();
        first.update(saved);
        first.close();
        assertThat(PartitionContext.of(saved).position().walkEnded()).isTrue();

        // when it resumes, then it has nothing to read and asks for nothing: a stop costs no page fetched twice
        DataSetItemReader resumed = open(saved);
        assertThat(resumed.read()).isNull();
        ExecutionContext after = new ExecutionContext(saved);
        resumed.update(after);
        verify(client, times(1)).fetchPage(eq(href(2)), any());
        PartitionContext context = PartitionContext.of(after);
        assertThat(context.counts().recordsRead()).as("the whole walk").isEqualTo(4);
        assertThat(context.counts().pagesRead()).isEqualTo(2);
        assertThat(context.counts().recordsReadThisExecution()).as("nothing read by the resumed execution").isZero();
        assertThat(context.counts().pagesReadThisExecution()).isZero();
    }

    @Test
    void aLastPageAfterWhichDriftIsLeftToRecoverDoesNotEndTheWalk() {
        // given a walk whose total grew between its pages: its last page ends the pass, not the walk
        when(client.firstPageHref(org.mockito.ArgumentMatchers.eq(PATH), org.mockito.ArgumentMatchers.any())).thenReturn(href(1));
        when(client.fetchPage(eq(href(1)), any())).thenReturn(new Page(href(1), List.of(record(1), record(2)), 1, 2, 3, href(2)));
        when(client.fetchPage(eq(href(2)), any())).thenReturn(new Page(href(2), List.of(record(3), record(4)), 2, 2, 4, null))
                .thenReturn(new Page(href(2), List.of(record(3), record(4)), 2, 2, 4, null));
        DataSetItemReader first = openRecovering(new ExecutionContext());
        first.read();
        first.read();
        ExecutionContext saved = walkContext();
        first.update(saved);
        first.close();

        // then it is not marked ended, and a resumed reader goes on to the pass that recovers from the drift
        assertThat(PartitionContext.of(saved).position().walkEnded()).isFalse();
        DataSetItemReader resumed = openRecovering(saved);
        assertThat(resumed.read()).as("the last page again (nothing of it unwritten)").isNotNull();
        assertThat(ids(resumed.read())).as("the catch-up's first page").containsExactly("inv-1", "inv-2");
    }

    @Test
    void aWalkWhoseDataSetKeepsMovingIsCaughtUpAtMostThreeTimesThenFailsItsPartition() {
        // given a data set whose total grows between page 1 and page 2 on every pass
        when(client.firstPageHref(org.mockito.ArgumentMatchers.eq(PATH), org.mockito.ArgumentMatchers.any())).thenReturn(href(1));
        when(client.fetchPage(eq(href(1)), any())).thenReturn(new Page(href(1), List.of(record(1), record(2)), 1, 2, 3, href(2)));
        when(client.fetchPage(eq(href(2)), any())).thenReturn(new Page(href(2), List.of(record(3), record(4)), 2, 2, 4, null));
        DataSetItemReader reader = openRecovering(new ExecutionContext());

        // then each pass ends in a catch-up read (records were pushed back, none skipped), three of them
        for (int pass = 0; pass < 4; pass++) {
            assertThat(ids(reader.read())).containsExactly("inv-1", "inv-2");
            assertThat(ids(reader.read())).containsExactly("inv-3", "inv-4");
        }
        assertThatThrownBy(reader::read).isInstanceOf(DriftRecovery.PageDriftException.class)
                .hasMessageContaining("kept changing under the walk").hasMessageContaining("after 3 recovery passes");
        verify(client, times(3)).firstPageHref(PATH, "modifiedDate>=1969-12-31T23:00:00Z");
    }

    @Test
    void aWalkRestartedInsideARecoveryPassGoesOnWithThatPassAndItsHistory() {
        // given a walk that saw drift, started its catch-up pass, and committed that pass's first page
        when(client.firstPageHref(org.mockito.ArgumentMatchers.eq(PATH), org.mockito.ArgumentMatchers.any())).thenReturn(href(1));
        when(client.fetchPage(eq(href(1)), any())).thenReturn(new Page(href(1), List.of(record(1), record(2)), 1, 2, 3, href(2)))
                .thenReturn(new Page(href(1), List.of(record(1), record(2)), 1, 2, 4, href(2)));
        when(client.fetchPage(eq(href(2)), any())).thenReturn(new Page(href(2), List.of(record(3), record(4)), 2, 2, 4, null));
        DataSetItemReader first = openRecovering(new ExecutionContext());
        first.read();
        first.read();
        assertThat(ids(first.read())).as("the catch-up's first page").containsExactly("inv-1", "inv-2");
        ExecutionContext saved = walkContext();
        first.update(saved);
        first.close();

        // when a restarted reader goes on, then it reads the pass's rest, finds it complete and keeps what happened
        DataSetItemReader restarted = openRecovering(saved);
        assertThat(readAll(restarted)).containsExactly("inv-3", "inv-4");
        ExecutionContext after = new ExecutionContext(saved);
        restarted.update(after);
        PartitionContext context = PartitionContext.of(after);
        assertThat(context.recovery().recoveries()).isEqualTo(1);
        assertThat(context.recovery().note()).contains("totalResults went from 3 to 4 at page 2").contains("caught up with the changes");
        assertThat(context.recovery().passRecords()).hasValue(4);
    }

    @Test
    void knowsTheWalkEndedOnceItHandedOutTheLastPageSoThatNoEmptyChunkIsNeededToFindTheEnd() {
        givenPages(2);
        DataSetItemReader reader = open(new ExecutionContext());
        assertThat(reader.walkEnded()).as("before the first page").isFalse();

        reader.read();
        assertThat(reader.walkEnded()).as("page 1 has a next link").isFalse();
        reader.read();

        assertThat(reader.walkEnded()).as("page 2 has none").isTrue();
        verify(client, times(2)).fetchPage(any(), any());
    }

    @Test
    void aLastPageAfterPageDriftDoesNotEndTheWalkWhoseRecoveryPassIsStillToCome() {
        when(client.firstPageHref(org.mockito.ArgumentMatchers.eq(PATH), org.mockito.ArgumentMatchers.any())).thenReturn(href(1));
        when(client.fetchPage(eq(href(1)), any())).thenReturn(new Page(href(1), List.of(record(1), record(2)), 1, 2, 3, href(2)));
        when(client.fetchPage(eq(href(2)), any())).thenReturn(new Page(href(2), List.of(record(3), record(4)), 2, 2, 4, null));
        DataSetItemReader reader = openRecovering(new ExecutionContext());
        reader.read();

        reader.read(); // the last page of a pass that saw totalResults move

        assertThat(reader.walkEnded()).isFalse();
        assertThat(ids(reader.read())).as("the recovery pass").containsExactly("inv-1", "inv-2");
    }

    @Test
    void aReadEndedEarlyByANotReadyDataSetHasEndedItsWalk() {
        when(client.firstPageHref(PATH, null)).thenReturn(href(1));
        when(client.fetchPage(eq(href(1)), any())).thenThrow(mock(DataSetNotReadyException.class));
        DataSetItemReader reader = open(new ExecutionContext());

        assertThat(reader.read()).isNull();

        assertThat(reader.walkEnded()).isTrue();
    }

    /** A reader without prefetch, of a partition planned to walk whole. */
    private DataSetItemReader openRecovering(ExecutionContext context) {
        DataSetItemReader reader = reader(null);
        if (context.isEmpty()) {
            walkContext().entrySet().forEach(entry -> context.put(entry.getKey(), entry.getValue()));
        }
        reader.open(context);
        return reader;
    }

    private static ExecutionContext walkContext() {
        return PartitionContext.newPartition("invoices", "c1", new Walk(Walk.Kind.FULL, null, java.time.Instant.EPOCH));
    }

    /** Pages of two records each, linked by next, the last without. */
    private void givenPages(int pages) {
        when(client.firstPageHref(PATH, null)).thenReturn(href(1));
        for (int number = 1; number <= pages; number++) {
            when(client.fetchPage(eq(href(number)), any())).thenReturn(page(number, pages));
        }
    }

    /** A reader with prefetch, of the context as given. */
    private DataSetItemReader open(ExecutionContext context) {
        DataSetItemReader reader = reader(prefetcher);
        reader.open(context);
        return reader;
    }

    /** A reader as the job builds one, with the catch-up lookback and the recovery passes of the packaged defaults. */
    private DataSetItemReader reader(ExecutorService prefetch) {
        DataSet invoices = DataSetCatalog.load("classpath*:jobs/*.yml").get("invoices");
        return new DataSetItemReader(client, "invoices", PATH, "invoices of company c1", 1L, new PermanentFailures(),
                event -> { }, prefetch, PAGE_MARGIN,
                new DriftRecovery(invoices, java.time.Duration.ofHours(1), 3, java.time.Clock.systemUTC()));
    }

    private static List<String> readAll(DataSetItemReader reader) {
        List<String> ids = new ArrayList<>();
        for (Page page = reader.read(); page != null; page = reader.read()) {
            ids.addAll(ids(page));
        }
        return ids;
    }

    private static List<String> ids(Page page) {
        return page.results().stream().map(SourceRecord::id).toList();
    }

    private static Page page(int number, int pages) {
        List<SourceRecord> records = List.of(record(2 * number - 1), record(2 * number));
        return new Page(href(number), records, number, 2, 2L * pages, number < pages ? href(number + 1) : null);
    }

    private static SourceRecord record(int id) {
        return new SourceRecord("{\"id\": \"inv-" + id + "\"}");
    }

    private static String href(int page) {
        return PATH + "?page=" + page + "&pageSize=2";
    }
}
