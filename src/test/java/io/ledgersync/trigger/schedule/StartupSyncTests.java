package io.ledgersync.trigger.schedule;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.SyncRequest.Kind;
import io.ledgersync.sync.run.RunHandle;
import io.ledgersync.sync.run.SyncLauncher;

/** What a start of the service runs: first what the last stop left unfinished, then, if nothing was, the startup sync. */
class StartupSyncTests {

    private final SyncLauncher launcher = mock(SyncLauncher.class);

    @Test
    void givenAStoppedFullRefreshWhenTheServiceStartsThenItIsResumedInsteadOfAStartupSync() {
        when(launcher.resumeLeftUnfinished(Kind.INCREMENTAL)).thenReturn(Optional.of(handle(6)));
        when(launcher.resumeLeftUnfinished(Kind.DEFERRED)).thenReturn(Optional.empty());

        new StartupSync(launcher, true).run(null);

        verify(launcher).resumeLeftUnfinished(Kind.INCREMENTAL);
        verify(launcher).resumeLeftUnfinished(Kind.DEFERRED);
        verify(launcher, never()).run(any());
    }

    @Test
    void givenNothingLeftUnfinishedWhenTheServiceStartsThenItRunsTheStartupSync() {
        when(launcher.resumeLeftUnfinished(any())).thenReturn(Optional.empty());

        new StartupSync(launcher, true).run(null);

        verify(launcher, timeout(10_000)).run(SyncRequest.everything());
    }

    @Test
    void givenNoStartupSyncWhenTheServiceStartsThenWhatTheLastStopLeftIsStillResumed() {
        when(launcher.resumeLeftUnfinished(Kind.INCREMENTAL)).thenReturn(Optional.empty());
        when(launcher.resumeLeftUnfinished(Kind.DEFERRED)).thenReturn(Optional.of(handle(7)));

        new StartupSync(launcher, false).run(null);

        verify(launcher).resumeLeftUnfinished(Kind.DEFERRED);
        verify(launcher, never()).run(any());
    }

    @Test
    void givenTheRepositoryCannotBeReadWhenTheServiceStartsThenItStillStartsAndRunsTheStartupSync() {
        when(launcher.resumeLeftUnfinished(any())).thenThrow(new IllegalStateException("database down"));

        new StartupSync(launcher, true).run(null);

        verify(launcher, timeout(10_000)).run(SyncRequest.everything());
    }

    private static RunHandle handle(long runId) {
        return new RunHandle(runId, true, new CompletableFuture<>());
    }
}
