package io.ledgersync.sync.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.core.task.TaskExecutor;

/** A night's partitions share {@code concurrency} threads, reused from one partition to the next (issue 27). */
class PartitionThreadsTests {

    @Test
    void givenManyPartitionsWhenTheyRunThenAtMostConcurrencyAtOnceOnThatManyReusedDaemonThreads() {
        TaskExecutor threads = SyncJobConfiguration.partitionThreads(2);
        Set<Thread> used = ConcurrentHashMap.newKeySet();
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        for (int i = 0; i < 200; i++) {
            threads.execute(() -> {
                mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
                used.add(Thread.currentThread());
                Thread.onSpinWait();
                running.decrementAndGet();
                done.incrementAndGet();
            });
        }

        await().until(() -> done.get() == 200);
        assertThat(mostAtOnce.get()).isLessThanOrEqualTo(2);
        assertThat(used).hasSizeLessThanOrEqualTo(2)
                .allSatisfy(thread -> assertThat(thread.isDaemon()).as("a pool never shut down must not hold the JVM").isTrue())
                .allSatisfy(thread -> assertThat(thread.getName()).startsWith("sync-"));
    }
}
