package io.ledgersync.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

import io.ledgersync.LedgersyncApplication;
import io.ledgersync.source.DataApiClient;
import io.ledgersync.source.Page;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.sync.SinkOnly;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.warehouse.Warehouse;

/**
 * One measurement in a JVM of its own, started by {@link PipelineBenchmark}: the application context is started as
 * {@code sync} would start it (same configuration, same beans), then only the measured section is timed and its heap
 * and GC counted. Prints one {@code RESULT key=value ...} line. Arguments: the mode ({@code source}, {@code sink},
 * {@code pipeline}), then Spring properties as {@code --key=value}.
 */
final class Measurement {

    static final String COMPANIES = "companies";
    static final String INVOICES = "invoices";
    private static final String INVOICES_PATH = "/companies/%s/data/invoices";

    private Measurement() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        String[] properties = java.util.Arrays.copyOfRange(args, 1, args.length);
        SpringApplication application = new SpringApplication(LedgersyncApplication.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        // Neither serve (schedule, startup sync) nor sync (runs at startup): the benchmark drives the beans itself.
        application.setDefaultProperties(Map.of("ledgersync.command", "bench"));
        int exit = 0;
        try (ConfigurableApplicationContext context = application.run(properties)) {
            int concurrency = context.getEnvironment().getRequiredProperty("ledgersync.sync.concurrency", Integer.class);
            Map<String, Object> result = switch (mode) {
                case "source" -> source(context.getBean(DataApiClient.class), concurrency);
                case "sink" -> sink(context, concurrency);
                case "pipeline" -> pipeline(context);
                default -> throw new IllegalArgumentException("mode " + mode);
            };
            StringBuilder line = new StringBuilder("RESULT mode=").append(mode);
            result.forEach((key, value) -> line.append(' ').append(key).append('=').append(value));
            System.out.println(line);
        } catch (Exception | Error e) {
            e.printStackTrace();
            exit = 1;
        }
        System.exit(exit);
    }

    /** (a) Fetch and decode every page, companies first, then each company's invoices in parallel; keep nothing. */
    private static Map<String, Object> source(DataApiClient client, int concurrency) throws Exception {
        AtomicLong records = new AtomicLong();
        JvmStats stats = JvmStats.start();
        long start = System.nanoTime();
        readAll(client, concurrency, (companyId, page) -> records.addAndGet(page.results().size()));
        double seconds = (System.nanoTime() - start) / 1e9;
        return figures(records.get(), seconds, stats.stop());
    }

    /** (b) Fetch every record first (not timed), then upsert them from memory through the production writer. */
    private static Map<String, Object> sink(ConfigurableApplicationContext context, int concurrency) throws Exception {
        DataApiClient client = context.getBean(DataApiClient.class);
        List<SourceRecord> companies = new ArrayList<>();
        Map<String, List<SourceRecord>> invoices = new LinkedHashMap<>();
        readAll(client, concurrency, (companyId, page) -> {
            if (companyId == null) {
                companies.addAll(page.results());
            } else {
                synchronized (invoices) {
                    invoices.computeIfAbsent(companyId, id -> new ArrayList<>()).addAll(page.results());
                }
            }
        });
        long records = companies.size() + invoices.values().stream().mapToLong(List::size).sum();
        SinkOnly sink = new SinkOnly(context);
        JvmStats stats = JvmStats.start();
        long held = java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long start = System.nanoTime();
        sink.write(COMPANIES, companies, INVOICES, invoices, client.pageSize(), concurrency);
        double seconds = (System.nanoTime() - start) / 1e9;
        Map<String, Object> figures = figures(records, seconds, stats.stop());
        figures.put("inputHeldMb", mb(held));
        figures.put("rows", context.getBean(Warehouse.class).count(INVOICES));
        return figures;
    }

    /** (c) The real sync job of the companies and their invoices, as {@code ledgersync sync} runs it. */
    private static Map<String, Object> pipeline(ConfigurableApplicationContext context) {
        SyncLauncher launcher = context.getBean(SyncLauncher.class);
        JvmStats stats = JvmStats.start();
        long start = System.nanoTime();
        SyncReport report = launcher.run(new SyncRequest(List.of(COMPANIES, INVOICES), List.of()));
        double seconds = (System.nanoTime() - start) / 1e9;
        JvmStats.Figures jvm = stats.stop();
        if (!report.successful()) {
            throw new IllegalStateException("the sync failed: " + report.summary() + " " + report.failures());
        }
        Map<String, Object> figures = figures(report.records(COMPANIES) + report.records(INVOICES), seconds, jvm);
        figures.put("rows", context.getBean(Warehouse.class).count(INVOICES));
        return figures;
    }

    interface PageSink {
        void accept(String companyId, Page page);
    }

    private static void readAll(DataApiClient client, int concurrency, PageSink sink) throws Exception {
        List<String> companyIds = new ArrayList<>();
        eachPage(client, "/" + COMPANIES, page -> {
            sink.accept(null, page);
            page.results().forEach(company -> companyIds.add(company.id()));
        });
        ExecutorService partitions = Executors.newFixedThreadPool(concurrency);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (String companyId : companyIds) {
                done.add(partitions.submit(() -> {
                    eachPage(client, String.format(INVOICES_PATH, companyId), page -> sink.accept(companyId, page));
                    return null;
                }));
            }
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            partitions.shutdownNow();
        }
    }

    /** Every page of {@code path}, from the first along {@code _links.next}, as the sync's reader fetches them. */
    private static void eachPage(DataApiClient client, String path, Consumer<Page> action) {
        for (String href = client.firstPageHref(path); href != null; ) {
            Page page = client.fetchPage(href);
            action.accept(page);
            href = page.nextHref();
        }
    }

    private static Map<String, Object> figures(long records, double seconds, JvmStats.Figures jvm) {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("records", records);
        figures.put("seconds", String.format(Locale.ROOT, "%.3f", seconds));
        figures.put("cpuSeconds", String.format(Locale.ROOT, "%.2f", jvm.cpuSeconds()));
        figures.put("gcCount", jvm.gcCount());
        figures.put("gcMillis", jvm.gcMillis());
        figures.put("peakUsedMb", mb(jvm.peakUsedBytes()));
        figures.put("peakLiveMb", mb(jvm.peakLiveBytes()));
        return figures;
    }

    private static long mb(long bytes) {
        return Math.round(bytes / 1048576.0);
    }
}
