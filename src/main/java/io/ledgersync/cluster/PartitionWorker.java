package io.ledgersync.cluster;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.context.ApplicationContext;

import sun.misc.Signal;

/**
 * A worker process that stops in order on SIGTERM or Ctrl-C: it takes no more requests, gives its running
 * partitions {@code ledgersync.sync.shutdown-grace} to finish, and exits 0; a partition still running then is
 * handed back: its request goes back to the queue unacknowledged, its page in progress is rolled back with the
 * process, and the worker that takes it next resumes from its last committed page. Exit 128 + the signal's number
 * then, as a second signal does at once. Thread-safe.
 */
public final class PartitionWorker {

    private static final Logger log = LoggerFactory.getLogger(PartitionWorker.class);

    private final SimpleMessageListenerContainer listener;
    private final PartitionRequests requests;
    private final Duration grace;
    private final AtomicBoolean stopping = new AtomicBoolean();

    PartitionWorker(SimpleMessageListenerContainer listener, PartitionRequests requests, Duration grace) {
        this.listener = listener;
        this.requests = requests;
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
     * Takes no more requests and waits at most the grace for the running partitions.
     *
     * @return whether none is running any more
     */
    boolean stopTakingRequests() {
        listener.stop(); // blocks until the consumers are idle or the container's shutdown timeout (the grace) ran out
        return requests.running() == 0;
    }

    private void onSignal(Signal signal) {
        if (!stopping.compareAndSet(false, true)) {
            System.err.println("Second signal (SIG" + signal.getName() + "): exiting at once; the running partitions go back to"
                    + " the queue and resume from their last committed page on another worker");
            Runtime.getRuntime().halt(128 + signal.getNumber());
        }
        log.info("SIG{} received: taking no more partitions, waiting at most {} for the {} running", signal.getName(), grace,
                requests.running());
        if (stopTakingRequests()) {
            log.info("Worker stopped: no partition was left running");
            System.exit(0);
        }
        System.err.println(requests.running() + " partition(s) did not finish within the shutdown grace after SIG" + signal.getName()
                + ": handed back to the queue, another worker resumes them from their last committed page");
        Runtime.getRuntime().halt(128 + signal.getNumber());
    }
}
