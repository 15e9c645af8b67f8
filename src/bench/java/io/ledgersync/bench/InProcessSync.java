package io.ledgersync.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringApplicationRunListener;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.PayloadApplicationEvent;
import org.springframework.util.function.ThrowingSupplier;

import io.ledgersync.LedgersyncApplication;
import io.ledgersync.source.DataApiProperties;
import io.ledgersync.sync.SyncEvent;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.history.RunLookup;
import io.ledgersync.sync.history.SyncReport;

/**
 * One {@code sync} command run in this JVM through {@link LedgersyncApplication#run}, the code path of
 * {@code java -jar ledgersync.jar sync} but {@code System.exit}, with what the run did: its exit code, its times, when
 * each data set's last partition ended, and its report as the command prints it. The command's standard output and
 * error (its log, its summary) go to a file. Not thread-safe: one command at a time, since it swaps
 * {@code System.out}.
 */
final class InProcessSync {

    /**
     * @param commandSeconds the whole command: start (migrations included), the run, the stop
     * @param runSeconds the run alone, from its start to its end as the job repository has them
     * @param dataSetEnds per data set in catalog order, seconds from the run's start to the end of its last partition
     * @param api the Data API settings the command ran with
     */
    record Result(int exitCode, double commandSeconds, double runSeconds, SyncReport report, Map<String, Double> dataSetEnds,
            DataApiProperties api) {
    }

    private InProcessSync() {
    }

    /** @param settings {@code --key=value} settings after the word {@code sync} */
    static Result run(List<String> settings, Path log) throws IOException {
        List<String> args = new ArrayList<>(List.of("sync"));
        args.addAll(settings);
        Recorder recorder = new Recorder();
        PrintStream out = System.out;
        PrintStream err = System.err;
        int exitCode;
        long start = System.nanoTime();
        try (PrintStream captured = new PrintStream(Files.newOutputStream(log), true, StandardCharsets.UTF_8)) {
            System.setOut(captured);
            System.setErr(captured);
            exitCode = SpringApplication.withHook(application -> recorder, (ThrowingSupplier<Integer>) () ->
                    LedgersyncApplication.run(args.toArray(String[]::new), captured, captured));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        double commandSeconds = (System.nanoTime() - start) / 1e9;
        if (recorder.report == null) {
            throw new IllegalStateException("the sync command ran no run (exit code " + exitCode + "): see " + log);
        }
        Map<String, Double> ends = new LinkedHashMap<>();
        for (String dataSet : recorder.dataSets) {
            Long end = recorder.lastPartitionEnd.get(dataSet);
            if (end != null) {
                ends.put(dataSet, (end - recorder.runStart) / 1e9);
            }
        }
        return new Result(exitCode, commandSeconds, recorder.report.duration().toMillis() / 1000.0, recorder.report, ends,
                recorder.api);
    }

    /** Listens to the run's events, and reads its report once the command's runner is done but the context still open. */
    private static final class Recorder implements SpringApplicationRunListener, ApplicationListener<ApplicationEvent> {

        private final Map<String, Long> lastPartitionEnd = new ConcurrentHashMap<>();
        private volatile long runId = -1;
        private volatile long runStart;
        private List<String> dataSets = List.of();
        private SyncReport report;
        private DataApiProperties api;

        @Override
        public void contextPrepared(ConfigurableApplicationContext context) {
            context.addApplicationListener(this);
        }

        @Override
        public void onApplicationEvent(ApplicationEvent event) {
            if (!(event instanceof PayloadApplicationEvent<?> payload) || !(payload.getPayload() instanceof SyncEvent sync)) {
                return;
            }
            if (sync instanceof SyncEvent.RunStarted started) {
                runId = started.runId();
                runStart = System.nanoTime();
            } else if (sync instanceof SyncEvent.PartitionFinished finished) {
                // each data set's latest partition end: the company data sets run side by side
                lastPartitionEnd.put(finished.dataSet(), System.nanoTime());
            }
        }

        @Override
        public void ready(ConfigurableApplicationContext context, Duration timeTaken) {
            if (runId < 0) {
                return;
            }
            dataSets = context.getBean(DataSetCatalog.class).all().stream().map(DataSet::name).toList();
            RunLookup lookup = context.getBean(RunLookup.class);
            report = SyncReport.of(lookup.partitions(lookup.execution(runId)), dataSets);
            api = context.getBean(DataApiProperties.class);
        }
    }
}
