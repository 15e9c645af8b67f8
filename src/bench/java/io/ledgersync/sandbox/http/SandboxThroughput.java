package io.ledgersync.sandbox.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import tools.jackson.core.JsonGenerator;

import io.ledgersync.sandbox.SandboxHttp;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sandbox.records.Companies;
import io.ledgersync.sandbox.records.JsonOutput;
import io.ledgersync.sandbox.records.PageableRecords;
import io.ledgersync.sandbox.records.ServingOrder;

/**
 * The sandbox benchmark (run by {@code bench/sandbox-throughput.sh}, not by the test suite): pages/s and MB/s serving
 * 5000-record invoice pages of a company with 1,000,000 invoices over loopback HTTP, one client thread, and the same
 * pages generated and serialized without HTTP as the baseline. Prints the median of several rounds. It lives in
 * {@code sandbox.http} because the baseline writes pages with that package's own page writer.
 */
public final class SandboxThroughput {

    private static final int PAGE_SIZE = 5000;
    private static final int INVOICES = 1_000_000;

    private SandboxThroughput() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int pagesPerRound = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        Runtime runtime = Runtime.getRuntime();
        System.gc();
        long heapBefore = runtime.totalMemory() - runtime.freeMemory();
        SandboxSettings settings = SandboxSettings.defaults().withCompanies(1).withInvoicesPerCompany(INVOICES);
        try (SandboxServer server = SandboxServer.start(settings)) {
            String company = server.dataSet().companyIds().get(0);
            String path = server.baseUrl() + SandboxHttp.invoicesPath(company);
            HttpClient client = HttpClient.newHttpClient();
            String authorization = SandboxHttp.basic(server.apiKey());
            // Warm-up: JIT, connection, first pages.
            measureHttp(client, path, authorization, 3, 1);
            // The same records as the server's: the same settings make the same bytes.
            Companies companies = new Companies(1, settings.recordsPerCompany(), settings.seed(), settings.recordsAsOf(), settings.clock());
            measureInProcess(companies, company, 3, 1);
            List<double[]> http = new ArrayList<>();
            List<double[]> inProcess = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                // Pages spread over the whole million: no page is cheaper for being near the start.
                int firstPage = 1 + round * (INVOICES / PAGE_SIZE / rounds);
                http.add(measureHttp(client, path, authorization, pagesPerRound, firstPage));
                inProcess.add(measureInProcess(companies, company, pagesPerRound, firstPage));
            }
            System.gc();
            long heapAfter = runtime.totalMemory() - runtime.freeMemory();
            System.out.printf("java %s, %d cores, max heap %d MB%n", System.getProperty("java.version"),
                    runtime.availableProcessors(), runtime.maxMemory() >> 20);
            System.out.printf("data set: 1 company x %,d invoices, pages of %d records, %d rounds x %d pages%n",
                    INVOICES, PAGE_SIZE, rounds, pagesPerRound);
            report("HTTP (loopback, 1 client)", http);
            report("baseline: generate + serialize, no HTTP", inProcess);
            System.out.printf("heap in use after serving: %d MB (before the sandbox started: %d MB)%n",
                    heapAfter >> 20, heapBefore >> 20);
        }
    }

    /** {pages/s, MB/s, bytes per page} for one round. */
    private static double[] measureHttp(HttpClient client, String path, String authorization, int pages,
            int firstPage) throws IOException, InterruptedException {
        long bytes = 0;
        long start = System.nanoTime();
        for (int i = 0; i < pages; i++) {
            HttpRequest request = HttpRequest.newBuilder(URI.create(path + "?pageSize=" + PAGE_SIZE + "&page="
                    + (firstPage + i))).header("Authorization", authorization).build();
            HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("page " + (firstPage + i) + " answered " + response.statusCode());
            }
            try (InputStream body = response.body()) {
                bytes += body.transferTo(OutputStream.nullOutputStream());
            }
        }
        return rates(pages, bytes, System.nanoTime() - start);
    }

    private static double[] measureInProcess(Companies companies, String company, int pages, int firstPage) {
        PageableRecords<?> records = companies.dataSet(companies.find(company), "invoices");
        long bytes = 0;
        long start = System.nanoTime();
        for (int i = 0; i < pages; i++) {
            PageRequest request = new PageRequest(firstPage + i, PAGE_SIZE, null, null, java.util.Map.of());
            CountingStream out = new CountingStream();
            try (JsonGenerator generator = JsonOutput.generator(out)) {
                PageJson.write(generator, records, request, ServingOrder.all(records.size()));
            }
            bytes += out.count;
        }
        return rates(pages, bytes, System.nanoTime() - start);
    }

    private static double[] rates(int pages, long bytes, long nanos) {
        double seconds = nanos / 1e9;
        return new double[] {pages / seconds, bytes / seconds / 1e6, (double) bytes / pages};
    }

    private static void report(String what, List<double[]> rounds) {
        System.out.printf("%-42s median %6.1f pages/s  %6.1f MB/s  (%.2f MB a page; rounds: %s pages/s)%n", what,
                median(rounds, 0), median(rounds, 1), median(rounds, 2) / 1e6,
                rounds.stream().map(r -> String.format("%.1f", r[0])).toList());
    }

    private static double median(List<double[]> rounds, int column) {
        List<Double> values = new ArrayList<>(rounds.stream().map(r -> r[column]).toList());
        Collections.sort(values);
        return values.get(values.size() / 2);
    }

    private static final class CountingStream extends OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
