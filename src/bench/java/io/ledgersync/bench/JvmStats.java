package io.ledgersync.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.OperatingSystemMXBean;

/**
 * The memory and GC figures of the measured section of one benchmark JVM. Peak heap is given twice: the highest heap in
 * use as sampled (which mostly says how large the young generation was let grow), and the highest heap still in use
 * right after a collection, the live set, which is what grows if a sync holds on to what it read.
 */
final class JvmStats implements AutoCloseable {

    record Figures(double cpuSeconds, long gcCount, long gcMillis, long peakUsedBytes, long peakLiveBytes) {
    }

    private final AtomicLong peakLive = new AtomicLong();
    private final AtomicLong peakUsed = new AtomicLong();
    private final long gcCountBefore;
    private final long gcMillisBefore;
    private final long cpuBefore;
    private final Thread sampler;
    private volatile boolean running = true;

    private JvmStats() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener((notification, handback) -> {
                if (!running || !GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
                    return;
                }
                GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
                long live = 0;
                for (Map.Entry<String, MemoryUsage> pool : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
                    live += pool.getValue().getUsed();
                }
                peakLive.accumulateAndGet(live - nonHeap(info), Math::max);
            }, null, null);
        }
        gcCountBefore = gcCount();
        gcMillisBefore = gcMillis();
        cpuBefore = cpuNanos();
        // Sampled, because the MXBeans' own peaks cannot be reset across all pools at one instant.
        sampler = new Thread(() -> {
            while (running) {
                peakUsed.accumulateAndGet(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "bench-heap-sampler");
        sampler.setDaemon(true);
        sampler.start();
    }

    /** Starts counting from a collected heap, so that what came before the measured section is not counted. */
    static JvmStats start() {
        System.gc();
        return new JvmStats();
    }

    Figures stop() {
        running = false;
        sampler.interrupt();
        return new Figures((cpuNanos() - cpuBefore) / 1e9, gcCount() - gcCountBefore, gcMillis() - gcMillisBefore,
                peakUsed.get(), peakLive.get());
    }

    @Override
    public void close() {
        running = false;
        sampler.interrupt();
    }

    /** The after-GC figures cover every pool the collector names; Metaspace and the code cache are not heap. */
    private static long nonHeap(GarbageCollectionNotificationInfo info) {
        long nonHeap = 0;
        for (Map.Entry<String, MemoryUsage> pool : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            String name = pool.getKey();
            if (name.contains("Metaspace") || name.contains("Code") || name.contains("Class Space") || name.contains("CodeHeap")) {
                nonHeap += pool.getValue().getUsed();
            }
        }
        return nonHeap;
    }

    private static long gcCount() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }

    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionTime).sum();
    }

    private static long cpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
