package io.ledgersync.trigger.schedule;

import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.stereotype.Component;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.SyncRequest.Kind;
import io.ledgersync.sync.run.RunHandle;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.sync.run.SyncShutdownException;

/**
 * What the service runs as soon as it is up, in the background. First the runs an earlier process left unfinished:
 * the latest incremental or full run and the latest deferred run, when they were stopped (Ctrl-C, SIGTERM, the API) or
 * their process died, are resumed from their last committed pages, whatever request they had, so that the stop line's
 * "the next start resumes them" holds also for a full refresh or a run of some data sets. Then, with
 * {@code ledgersync.sync.on-startup=true}, an incremental run of everything, so that a fresh installation shows synced
 * data at once; not when an incremental or full run was resumed instead, which holds that lock until it ends.
 * Resuming does not depend on {@code on-startup}: it finishes work that was already started, it starts none.
 */
@Component
@ConditionalOnExpression("'${ledgersync.command:serve}' == 'serve'")
class StartupSync implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(StartupSync.class);

    private final SyncLauncher launcher;
    private final boolean onStartup;

    StartupSync(SyncLauncher launcher, @Value("${ledgersync.sync.on-startup}") boolean onStartup) {
        this.launcher = launcher;
        this.onStartup = onStartup;
    }

    /**
     * Resumes before it returns, so that a request or a schedule that comes right after the start finds the lock held by
     * the resumed run, never by this look; the startup sync, which takes as long as it takes, runs in the background.
     */
    @Override
    public void run(ApplicationArguments arguments) {
        Optional<RunHandle> resumed;
        try {
            resumed = resume(Kind.INCREMENTAL);
            resume(Kind.DEFERRED);
        } catch (SyncShutdownException e) {
            return; // stopping already: the next start resumes them
        } catch (RuntimeException e) {
            // the service still serves; the next launch of the same request, or a restart through the API, resumes it
            log.error("Could not resume the runs left unfinished by the last stop: {}", e.getMessage(), e);
            resumed = Optional.empty();
        }
        if (!onStartup) {
            return;
        }
        if (resumed.isPresent()) {
            log.info("No startup sync: sync run {} resumes instead what the last stop left unfinished", resumed.get().runId());
            return;
        }
        Thread thread = new Thread(this::startupSync, "startup-sync");
        thread.setDaemon(true);
        thread.start();
    }

    private void startupSync() {
        try {
            launcher.run(SyncRequest.everything()); // the run logs its own summary
        } catch (SyncShutdownException e) {
            log.info("The startup sync did not start: {}", e.getMessage());
        } catch (RuntimeException e) {
            log.error("The startup sync could not run: {}", e.getMessage(), e);
        }
    }

    /** Resumes the run of this kind's lock that an earlier process left unfinished, if any. */
    private Optional<RunHandle> resume(Kind kind) {
        Optional<RunHandle> resumed = launcher.resumeLeftUnfinished(kind);
        resumed.ifPresent(handle -> log.info("Sync run {} resumes at start what the last stop left unfinished", handle.runId()));
        return resumed;
    }
}
