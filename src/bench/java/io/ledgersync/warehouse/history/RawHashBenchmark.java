package io.ledgersync.warehouse.history;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/**
 * Measures, per sandbox invoice, the hash history mode computes for every record it writes (a first sync: every
 * record): the tree-based {@link TreeRawHash} that was, against the streaming {@link RawHash} on the record's bytes, in
 * alternate rounds of one thread, no I/O; the first rounds warm the JIT, the median of the last ones is the steady
 * state. Not a test: run it as bench/BENCHMARKS.md says.
 */
final class RawHashBenchmark {

    private static final int RECORDS = 20_000;
    private static final int ROUNDS = 15;
    private static final int MEASURED = 7;

    private RawHashBenchmark() {
    }

    public static void main(String[] args) {
        List<String> texts = new ArrayList<>(RECORDS);
        try (SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(1).withInvoicesPerCompany(RECORDS))) {
            String company = sandbox.dataSet().companyIds().get(0);
            for (int i = 0; i < RECORDS; i++) {
                texts.add(sandbox.dataSet().invoiceJson(company, i));
            }
        }
        List<byte[]> bytes = texts.stream().map(text -> text.getBytes(StandardCharsets.UTF_8)).toList();
        System.out.printf(Locale.ROOT, "%d sandbox invoices (%.0f bytes each on average), %d rounds, Java %s, %d cores%n", RECORDS,
                bytes.stream().mapToInt(b -> b.length).average().orElse(0), ROUNDS, Runtime.version(), Runtime.getRuntime().availableProcessors());
        double[] tree = new double[ROUNDS];
        double[] streaming = new double[ROUNDS];
        long checksum = 0;
        for (int round = 0; round < ROUNDS; round++) {
            long start = System.nanoTime();
            for (byte[] raw : bytes) {
                // as VersionWriter called it: a String of the bytes (Row.rawText), then the tree
                checksum += TreeRawHash.of(new String(raw, StandardCharsets.UTF_8)).charAt(0);
            }
            long between = System.nanoTime();
            for (byte[] raw : bytes) {
                checksum -= RawHash.of(raw).charAt(0);
            }
            long end = System.nanoTime();
            tree[round] = (between - start) / 1e3 / RECORDS;
            streaming[round] = (end - between) / 1e3 / RECORDS;
            System.out.printf(Locale.ROOT, "round %2d: tree %6.2f µs/record, streaming %6.2f µs/record%n", round + 1, tree[round], streaming[round]);
        }
        // the same hashes: every tree character subtracted again by the streaming one
        System.out.printf(Locale.ROOT, "median of the last %d rounds: tree %.2f µs/record, streaming %.2f µs/record, ratio %.2f (checksum %d, 0 = same hashes)%n",
                MEASURED, median(tree), median(streaming), median(streaming) / median(tree), checksum);
    }

    private static double median(double[] all) {
        double[] last = Arrays.copyOfRange(all, all.length - MEASURED, all.length);
        Arrays.sort(last);
        return last[MEASURED / 2];
    }
}
