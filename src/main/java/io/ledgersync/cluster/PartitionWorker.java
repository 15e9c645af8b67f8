package io.ledgersync.cluster;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.context.ApplicationContext;

import sun.misc.Signal;

/**
 * A worker process that stops in order on SIGTERM or Ctrl-C: it takes no more requests and hands its running
 * partitions back at their next page boundary ({@link HandBack}): each commits the page it is writing, and the worker
 * exits 0 without reading another. The broker requeues their requests, and the worker that takes one next resumes it
 * from there; a partition that ends first simply ends. When a page is still in progress after
 * {@code ledgersync.sync.shutdown-grace} (a Data API answering very slowly), the worker exits 128 + the signal's
 * number and that page is rolled back with the process, as a second signal does at once. Thread-safe.
 */
public final class PartitionWorker {

    private static final Logger log = LoggerFactory.getLogger(PartitionWorker.class);

    private final SimpleMessageListenerContainer listener;
    private final HandBack handBack;
    private final Duration grace;
    private final AtomicBoolean stopping = new AtomicBoolean();

    PartitionWorker(SimpleMessageListenerContainer listener, HandBack handBack, Duration grace) {
        this.listener = listener;
        this.handBack = handBack;
        this.grace = grace;
    }

    /** Handles SIGTERM and SIGINT for the {@code worker} command whose context this is. */
    public static void installSignals(ApplicationContext context) {
        PartitionWorker worker = context.getBean(PartitionWorker.class);
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                Signal.handle(new Signal(name), worker::onSignal);
            } catch (IllegalArgumentException e) {
                log.debug("SIG{} is not ours to handle: {}", name, e.getMessage());
            }
        }
    }

    /**
     * Takes no more requests, and holds the running partitions at their next page boundary.
     *
     * @return the partitions held back; null when a page was still in progress after the grace
     */
    List<String> stop() throws InterruptedException {
        // the container cancels its consumers at once, then waits for their partitions, which are being held: not here
        Thread consumers = new Thread(listener::stop, "stop-taking-requests");
        consumers.setDaemon(true);
        consumers.start();
        return handBack.close(grace);
    }

    private void onSignal(Signal signal) {
        if (!stopping.compareAndSet(false, true)) {
            System.err.println("Second signal (SIG" + signal.getName() + "): exiting at once; the running partitions go back to"
                    + " the queue and resume from their last committed page on another worker");
            Runtime.getRuntime().halt(128 + signal.getNumber());
        }
        log.info("SIG{} received: taking no more partitions, handing the {} running back at their next page boundary (at most {})",
                signal.getName(), handBack.running(), grace);
        List<String> heldBack;
        try {
            heldBack = stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            heldBack = null;
        }
        if (heldBack == null) {
            System.err.println(handBack.running() + " partition(s) still had a page in progress " + grace + " after SIG"
                    + signal.getName() + ": exiting; the page is rolled back and another worker resumes them from their last"
                    + " committed page");
            Runtime.getRuntime().halt(128 + signal.getNumber());
        }
        if (heldBack.isEmpty()) {
            log.info("Worker stopped: no partition was running");
            System.exit(0);
        }
        log.info("Worker stopped: handed back {} at a page boundary; another worker resumes {} from {} last committed page",
                String.join(", ", heldBack), heldBack.size() == 1 ? "it" : "them", heldBack.size() == 1 ? "its" : "their");
        Runtime.getRuntime().halt(0); // not exit: Spring's shutdown would wait for the held partitions
    }
}
