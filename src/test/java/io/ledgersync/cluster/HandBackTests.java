package io.ledgersync.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.core.step.StepExecution;

/** A stopping worker hands its partitions back at a page boundary: {@link HandBack} as the worker's threads see it. */
class HandBackTests {

    private final HandBack handBack = new HandBack();

    @Test
    void beforeTheWorkerStopsAPartitionReadsOn() {
        handBack.started();

        CompletableFuture<Void> read = CompletableFuture.runAsync(handBack::beforeRead);

        await().alias("the read goes on: nothing is held").until(read::isDone);
        assertThat(handBack.running()).isOne();
    }

    @Test
    void aStoppingWorkerHoldsItsPartitionAtTheNextPageBoundaryAndNamesIt() throws Exception {
        AtomicInteger pagesRead = new AtomicInteger();
        CountDownLatch reading = new CountDownLatch(1);
        Thread partition = partitionThread("invoices:company-c1", () -> {
            reading.countDown();
            while (true) {
                handBack.beforeRead(); // once closed, never returns
                pagesRead.incrementAndGet();
            }
        });
        reading.await();

        List<String> heldBack = handBack.close(Duration.ofMinutes(1));

        assertThat(heldBack).containsExactly("invoices:company-c1");
        int held = pagesRead.get();
        partition.interrupt(); // as a listener container shutting down does: still held, no page is begun
        await().until(() -> partition.getState() == Thread.State.WAITING);
        assertThat(pagesRead).as("pages read once held").hasValue(held);
        assertThat(partition.isAlive()).isTrue();
    }

    @Test
    void aPartitionThatEndsBeforeItsNextPageIsNotHandedBack() throws Exception {
        CountDownLatch closed = new CountDownLatch(1);
        handBack.started();
        Thread ending = new Thread(() -> {
            try {
                closed.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            handBack.ended(); // the page it was writing was its last
        });
        ending.start();
        closed.countDown();

        assertThat(handBack.close(Duration.ofMinutes(1))).isEmpty();
        assertThat(handBack.running()).isZero();
    }

    @Test
    void aPageStillInProgressWhenTheGraceRunsOutIsReported() throws Exception {
        handBack.started(); // reads a page that does not come back

        assertThat(handBack.close(Duration.ofMillis(20))).isNull();
    }

    /** A daemon thread running a partition's step: a held one waits for the end of the test JVM. */
    private Thread partitionThread(String stepName, Runnable pages) {
        StepExecution step = new StepExecution(stepName, new JobExecution(1L, new JobInstance(1L, "sync"), new JobParameters()));
        Thread thread = new Thread(() -> {
            handBack.started();
            StepSynchronizationManager.register(step);
            pages.run();
        });
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
