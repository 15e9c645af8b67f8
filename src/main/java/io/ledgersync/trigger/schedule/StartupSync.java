package io.ledgersync.trigger.schedule;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.stereotype.Component;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.sync.run.SyncShutdownException;

/**
 * When the service starts with {@code ledgersync.sync.on-startup=true}, runs a full sync in the
 * background so that a fresh installation shows synced data at once. It is the same request each
 * time, so a start after a stop, a crash or a kill resumes the unfinished run from its last committed pages.
 */
@Component
@ConditionalOnExpression("${ledgersync.sync.on-startup} and '${ledgersync.command:serve}' == 'serve'")
class StartupSync implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(StartupSync.class);

    private final SyncLauncher launcher;

    StartupSync(SyncLauncher launcher) {
        this.launcher = launcher;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        Thread thread = new Thread(() -> {
            try {
                launcher.run(SyncRequest.everything()); // the run logs its own summary
            } catch (SyncShutdownException e) {
                log.info("The startup sync did not start: {}", e.getMessage());
            } catch (RuntimeException e) {
                log.error("The startup sync could not run: {}", e.getMessage(), e);
            }
        }, "startup-sync");
        thread.setDaemon(true);
        thread.start();
    }
}
