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
 * record): the tree-based {@link TreeRawHash} that was, the streaming parser's way ({@link RawHash#ofParsed}) and
 * {@link RawHash#of} as shipped (the usual record without the parser, {@link ByteCanonical}), on the record's bytes, in
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
        double[] usual = new double[ROUNDS];
        long treeSum = 0; // the first character of every hash, summed per way: equal sums for the same hashes
        long parsedSum = 0;
        long shippedSum = 0;
        for (int round = 0; round < ROUNDS; round++) {
            long start = System.nanoTime();
            for (byte[] raw : bytes) {
                // as VersionWriter called it: a String of the bytes (Row.rawText), then the tree
                treeSum += TreeRawHash.of(new String(raw, StandardCharsets.UTF_8)).charAt(0);
            }
            long between = System.nanoTime();
            for (byte[] raw : bytes) {
                parsedSum += RawHash.ofParsed(raw).charAt(0);
            }
            long parsed = System.nanoTime();
            for (byte[] raw : bytes) {
                shippedSum += RawHash.of(raw).charAt(0);
            }
            long end = System.nanoTime();
            tree[round] = (between - start) / 1e3 / RECORDS;
            streaming[round] = (parsed - between) / 1e3 / RECORDS;
            usual[round] = (end - parsed) / 1e3 / RECORDS;
            System.out.printf(Locale.ROOT, "round %2d: tree %6.2f µs/record, streaming parser %6.2f µs/record, shipped (bytes) %6.2f µs/record%n",
                    round + 1, tree[round], streaming[round], usual[round]);
        }
        System.out.printf(Locale.ROOT, "median of the last %d rounds: tree %.2f, streaming parser %.2f, shipped (bytes) %.2f µs/record;"
                + " shipped / streaming parser %.2f (same hashes: %b)%n", MEASURED, median(tree), median(streaming), median(usual),
                median(usual) / median(streaming), treeSum == parsedSum && parsedSum == shippedSum);
    }

    private static double median(double[] all) {
        double[] last = Arrays.copyOfRange(all, all.length - MEASURED, all.length);
        Arrays.sort(last);
        return last[MEASURED / 2];
    }
}
