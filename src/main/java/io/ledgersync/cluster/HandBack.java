package io.ledgersync.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.springframework.batch.core.listener.ItemReadListener;
import org.springframework.batch.core.scope.context.StepContext;
import org.springframework.batch.core.scope.context.StepSynchronizationManager;

/**
 * How a stopping worker hands its running partitions back at a page boundary. It counts the partitions running in
 * this worker; once {@link #close closed}, a partition about to read its next page, its last page committed, is
 * <em>held</em> there: its thread waits for the process to end and never reads again. When every running partition
 * has ended or is held, nothing of this worker is half done, and it can exit: the broker requeues the held
 * partitions' requests, which were never acknowledged, and the worker that takes one resumes it from the page held
 * back, as after a crash, but without a page rolled back or a partition waited for.
 *
 * <p>Holding, not failing: a partition that ended here would be marked FAILED or STOPPED in the job repository and
 * not run again. Held, it stays STARTED, which is what a redelivered request runs from. Thread-safe.
 */
final class HandBack implements ItemReadListener<Object> {

    private final CountDownLatch processEnds = new CountDownLatch(1); // never counted down: the process halts
    private final List<String> held = new ArrayList<>(); // guarded by this
    private int running; // guarded by this
    private boolean closed; // guarded by this

    synchronized void started() {
        running++;
    }

    synchronized void ended() {
        running--;
        notifyAll();
    }

    synchronized int running() {
        return running;
    }

    /** Before each read of a page: holds the partition once the worker is stopping. */
    @Override
    public void beforeRead() {
        synchronized (this) {
            if (!closed) {
                return;
            }
            held.add(partitionName());
            notifyAll();
        }
        holdUntilTheProcessEnds();
    }

    /**
     * Holds every running partition at its next page boundary, and waits for all of them to end or be held.
     *
     * @param grace how long to wait at most
     * @return the partitions held back, by step name; null when the grace ran out with a page still in progress
     */
    synchronized List<String> close(Duration grace) throws InterruptedException {
        closed = true;
        long deadline = System.nanoTime() + grace.toNanos();
        while (held.size() < running) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return List.copyOf(held);
    }

    private void holdUntilTheProcessEnds() {
        while (true) {
            try {
                processEnds.await();
            } catch (InterruptedException e) {
                // a listener container shutting down interrupts its consumers: reading on would start a page the halt
                // then cuts in half, so this thread keeps waiting for the halt
            }
        }
    }

    private static String partitionName() {
        StepContext context = StepSynchronizationManager.getContext();
        return context == null ? "a partition" : context.getStepExecution().getStepName();
    }
}
