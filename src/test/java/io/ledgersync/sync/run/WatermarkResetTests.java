package io.ledgersync.sync.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.partition.CompanySelection;
import io.ledgersync.warehouse.lock.InProcessRunLocks;
import io.ledgersync.warehouse.lock.RunLocks;
import io.ledgersync.warehouse.state.SyncStates;

class WatermarkResetTests {

    private static final DataSetCatalog CATALOG = DataSetCatalog.load("classpath*:jobs/*.yml");
    private static final Instant WATERMARK = Instant.parse("2026-11-21T02:10:30Z");

    private final SyncStates states = mock(SyncStates.class);
    private final CompanySelection companies = mock(CompanySelection.class);
    private final RunLocks locks = new InProcessRunLocks("ledgersync test/1");
    private final WatermarkReset reset = new WatermarkReset(CATALOG, companies, states, locks);

    @Test
    void theWatermarksOfTheNamedCompaniesAreListedThenClearedUnderEveryRunLock() {
        // given invoices watermarked for c1, c2 and c3
        when(states.watermarks("invoices")).thenReturn(Map.of("c3", WATERMARK, "c1", WATERMARK, "c2", WATERMARK));
        SyncRequest request = SyncRequest.of("invoices", "c1,c3");

        // when listed, then those of c1 and c3, by company
        assertThat(reset.watermarks(request)).extracting(WatermarkReset.Watermark::partition)
                .containsExactly("invoices of company c1", "invoices of company c3");

        // when reset, then those are cleared, and every run lock is free again
        assertThat(reset.reset(request)).hasSize(2);
        verify(states).clearWatermarks("invoices", List.of("c1", "c3"));
        verify(companies, org.mockito.Mockito.times(2)).select(request);
        assertThat(locks.tryAcquire("full")).isPresent();
    }

    @Test
    void aResetWhileARunIsActiveIsRefusedAndClearsNothing() {
        // given a deferred run holds its lock
        try (RunLocks.Held running = locks.tryAcquire("deferred").orElseThrow()) {
            // when a reset is asked, then it is refused naming the run's lock and holder
            assertThatThrownBy(() -> reset.reset(SyncRequest.of("invoices", null)))
                    .isInstanceOf(SyncAlreadyRunningException.class)
                    .hasMessage("A deferred sync run is active: held by ledgersync test/1 (this process); a reset would change"
                            + " what it reads: wait for it to end");
        }
        verify(states, never()).clearWatermarks(anyString(), anyList());
        assertThat(locks.tryAcquire("full")).as("the lock it took first is released").isPresent();
    }

    @Test
    void aDataSetThatIsAlwaysReadWholeIsRefusedNamingTheOnesWithWatermarks() {
        assertThatThrownBy(() -> reset.watermarks(SyncRequest.of("companies,invoices", null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("companies has no watermark to reset: every run reads it whole (the data sets with one are accounts,"
                        + " bills, credit_notes, customers, invoices, suppliers)");
    }

    @Test
    void anUnknownDataSetIsRefusedAsARunRefusesIt() {
        assertThatThrownBy(() -> reset.watermarks(SyncRequest.of("payments", null)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Unknown data set 'payments'");
        verify(companies, never()).select(any());
    }
}
