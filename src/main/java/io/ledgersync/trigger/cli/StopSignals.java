package io.ledgersync.trigger.cli;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationContext;

import io.ledgersync.sync.SyncProperties;
import io.ledgersync.sync.run.RunsStopped;
import io.ledgersync.sync.run.SyncLauncher;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGTERM and SIGINT (Ctrl-C) for a command that runs syncs ({@code sync}, {@code serve}): the first
 * signal stops every run of the process at its next page boundary, waiting at most
 * {@code ledgersync.sync.shutdown-grace}, and then hands over to the command ({@link Then}); a second
 * signal exits at once, leaving the run for the next start to recover and resume.
 *
 * <p>Why not a shutdown hook alone: the JVM's own handler starts the shutdown at once, so the
 * {@code sync} command could not finish on its main thread, print its summary and choose its exit
 * code; and a second Ctrl-C could not cut a long wait short. {@code sun.misc.Signal} is the JDK's
 * supported way (module jdk.unsupported) to replace that handler.
 *
 * <p>Thread-safe: each signal arrives on a thread of its own; the first one wins.
 */
public final class StopSignals implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(StopSignals.class);
    private static final List<String> SIGNALS = List.of("TERM", "INT");

    /** What the command does once its runs stopped, or the grace ran out. */
    @FunctionalInterface
    public interface Then {
        void accept(RunsStopped stopped, Signal signal);
    }

    private final SyncLauncher launcher;
    private final Duration grace;
    private final Then then;
    private final AtomicReference<Signal> received = new AtomicReference<>();
    private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();

    private StopSignals(SyncLauncher launcher, Duration grace, Then then) {
        this.launcher = launcher;
        this.grace = grace;
        this.then = then;
    }

    /** Handles SIGTERM and SIGINT until {@link #close()}, which puts back the handlers there were. */
    public static StopSignals install(SyncLauncher launcher, Duration grace, Then then) {
        StopSignals signals = new StopSignals(launcher, grace, then);
        for (String name : SIGNALS) {
            Signal signal = new Signal(name);
            try {
                signals.previous.put(signal, Signal.handle(signal, signals::handle));
            } catch (IllegalArgumentException e) {
                // the JVM keeps it (-Xrs) or the OS does: that signal keeps its usual meaning
                log.debug("SIG{} is not ours to handle: {}", name, e.getMessage());
            }
        }
        return signals;
    }

    /**
     * The service's handling: once its runs stopped, one line on standard error says what became of
     * them, and the JVM exits through the shutdown hooks (the web server and the database pool close
     * as usual) with 0 when its runs stopped at a page boundary or none was running, and 128 + the signal's number
     * when a run outlasted the grace. Unlike {@code sync}, whose {@link ExitCode#STOPPED} tells cron that the run did
     * not finish, a service that stopped in order did what was asked: its runs are STOPPED, resumable, and its next
     * start resumes them ({@code StartupSync}); a non-zero code would make {@code ./mvnw spring-boot:run}, systemd and
     * container tools report a failure for every Ctrl-C.
     */
    public static StopSignals installForService(ApplicationContext context) {
        return install(context.getBean(SyncLauncher.class), context.getBean(SyncProperties.class).shutdownGrace(),
                (stopped, signal) -> {
                    int exit = ExitCode.COMPLETED.code();
                    if (!stopped.allEnded()) {
                        System.err.println("Sync run(s) " + stopped.stillRunning() + " did not stop within the shutdown grace after"
                                + " SIG" + signal.getName() + ": exiting; the next start recovers and resumes them");
                        exit = 128 + signal.getNumber();
                    } else if (!stopped.stopped().isEmpty()) {
                        System.err.println("Sync run(s) " + stopped.stopped() + " stopped by SIG" + signal.getName()
                                + " at a page boundary, keeping what they committed: the next start resumes them");
                    }
                    System.exit(exit);
                });
    }

    /** The signal that asked this process to stop, if one did: "TERM", "INT". */
    public String receivedName() {
        Signal signal = received.get();
        return signal == null ? null : signal.getName();
    }

    private void handle(Signal signal) {
        if (!received.compareAndSet(null, signal)) {
            // a person pressing Ctrl-C twice means it
            System.err.println("Second signal (SIG" + signal.getName() + "): exiting at once; the next start recovers and resumes"
                    + " the run from its last committed pages");
            Runtime.getRuntime().halt(128 + signal.getNumber());
        }
        log.info("SIG{} received: stopping the running syncs at their next page boundary (at most {}; a second signal exits at"
                + " once)", signal.getName(), grace);
        then.accept(launcher.stopAll(grace), signal);
    }

    @Override
    public void close() {
        previous.forEach(Signal::handle);
    }
}
