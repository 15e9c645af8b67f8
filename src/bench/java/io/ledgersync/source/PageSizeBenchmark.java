package io.ledgersync.source;

import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

import io.ledgersync.ConfigDefaults;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/**
 * Measures fetch + parse time per record for each candidate page size against the sandbox over
 * loopback, to choose {@code ledgersync.api.page-size}. Not a test: run it as bench/BENCHMARKS.md says.
 */
final class PageSizeBenchmark {

    private static final int[] PAGE_SIZES = {100, 500, 1000, 5000};
    private static final int RECORDS = 20_000;
    private static final int WARMUP_ROUNDS = 3;
    private static final int ROUNDS = 7;
    private static final double MODELLED_RTT_MS = 50.0;

    private PageSizeBenchmark() {
    }

    public static void main(String[] args) {
        try (SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(1).withInvoicesPerCompany(RECORDS))) {
            String path = "/companies/" + sandbox.dataSet().companyIds().get(0) + "/data/invoices";
            System.out.printf("%d invoices of one company, %d warm-up + %d measured full reads per page size, Java %s, %d cores%n",
                    RECORDS, WARMUP_ROUNDS, ROUNDS, Runtime.version(), Runtime.getRuntime().availableProcessors());
            System.out.println("| page size | pages | median full read (ms) | µs per record | median ms per page | KiB per page | µs per record with a 50 ms round trip |");
            System.out.println("|---:|---:|---:|---:|---:|---:|---:|");
            for (int pageSize : PAGE_SIZES) {
                DataApiClient client = client(sandbox, pageSize);
                for (int i = 0; i < WARMUP_ROUNDS; i++) {
                    readAll(client, path);
                }
                double[] millis = new double[ROUNDS];
                long[] bytesAndPages = null;
                for (int i = 0; i < ROUNDS; i++) {
                    long start = System.nanoTime();
                    bytesAndPages = readAll(client, path);
                    millis[i] = (System.nanoTime() - start) / 1e6;
                }
                Arrays.sort(millis);
                double median = millis[ROUNDS / 2];
                long pages = bytesAndPages[1];
                double perRecordMicros = median * 1000 / RECORDS;
                double withRtt = perRecordMicros + MODELLED_RTT_MS * 1000 / pageSize;
                System.out.printf(Locale.ROOT, "| %d | %d | %.1f | %.2f | %.2f | %.0f | %.2f |%n", pageSize, pages, median,
                        perRecordMicros, median / pages, bytesAndPages[0] / 1024.0 / pages, withRtt);
            }
        }
    }

    /** Reads every page; returns the records' JSON bytes and the page count, so nothing is optimised away. */
    private static long[] readAll(DataApiClient client, String path) {
        long bytes = 0;
        long pages = 0;
        for (String href = client.firstPageHref(path); href != null; ) {
            Page page = client.fetchPage(href);
            pages++;
            for (SourceRecord record : page.results()) {
                bytes += record.rawJson().length();
            }
            href = page.nextHref();
        }
        return new long[] {bytes, pages};
    }

    private static DataApiClient client(SandboxServer sandbox, int pageSize) {
        // The client-side rate limiter would measure itself, not the page size: lift it here.
        DataApiProperties properties = ConfigDefaults.bind("ledgersync.api", DataApiProperties.class).withPageSize(pageSize)
                .withRateLimit(new DataApiProperties.RateLimit(100_000, Duration.ofSeconds(1)));
        return new DataApiClient(new DataApiEndpoint(sandbox.baseUrl(), sandbox.apiKey()), properties,
                SourceConfiguration.jsonMapper(), null, Clock.systemUTC(), Sleeper.THREAD);
    }
}
