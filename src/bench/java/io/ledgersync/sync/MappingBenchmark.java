package io.ledgersync.sync;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.dataset.RecordMapper;

/**
 * Measures, per sandbox invoice, the CPU work between a page and the warehouse that is ours: mapping a record to a
 * row ({@link RecordMapper}, jobs/invoices.yml) and writing its raw JSON as a field of PostgreSQL's binary COPY
 * ({@code CopyBinary.jsonb} on its bytes, reached by reflection as it is private to the warehouse; before issue 28's
 * binary COPY this step escaped the bytes for the text format). One thread, no I/O;
 * the first rounds show the JIT warming up, the median of the last ones the steady state. Not a test: run it as
 * bench/BENCHMARKS.md says.
 */
final class MappingBenchmark {

    private static final int RECORDS = 50_000;
    private static final int ROUNDS = 15;
    private static final int MEASURED = 7;

    private MappingBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        List<SourceRecord> records = new ArrayList<>(RECORDS);
        String company;
        try (SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(1).withInvoicesPerCompany(RECORDS))) {
            company = sandbox.dataSet().companyIds().get(0);
            for (int i = 0; i < RECORDS; i++) {
                records.add(new SourceRecord(sandbox.dataSet().invoiceJson(company, i)));
            }
        }
        RecordMapper mapper = new RecordMapper(DataSetCatalog.load("file:jobs/*.yml").get("invoices"));
        Class<?> copyBinary = Class.forName("io.ledgersync.warehouse.dialect.CopyBinary");
        java.lang.reflect.Constructor<?> newText = copyBinary.getDeclaredConstructor(int.class);
        Method escape = copyBinary.getDeclaredMethod("jsonb", byte[].class);
        Method length = copyBinary.getDeclaredMethod("length");
        Method clear = copyBinary.getDeclaredMethod("clear");
        for (java.lang.reflect.AccessibleObject member : List.of(newText, escape, length, clear)) {
            member.setAccessible(true);
        }
        System.out.printf(Locale.ROOT, "%d sandbox invoices (%.0f bytes of JSON each on average), %d rounds, Java %s, %d cores%n",
                RECORDS, records.stream().mapToInt(r -> r.rawJson().length()).average().orElse(0), ROUNDS, Runtime.version(),
                Runtime.getRuntime().availableProcessors());
        double[] map = new double[ROUNDS];
        double[] escaping = new double[ROUNDS];
        long checksum = 0;
        for (int round = 0; round < ROUNDS; round++) {
            long start = System.nanoTime();
            for (SourceRecord record : records) {
                checksum += mapper.toRow(record, company).values().length;
            }
            long mapped = System.nanoTime();
            Object text = newText.newInstance(1 << 17);
            for (SourceRecord record : records) {
                escape.invoke(text, (Object) record.raw());
                int written = (int) length.invoke(text);
                if (written >= 1 << 16) {
                    checksum += written;
                    clear.invoke(text);
                }
            }
            long escaped = System.nanoTime();
            map[round] = (mapped - start) / 1e3 / RECORDS;
            escaping[round] = (escaped - mapped) / 1e3 / RECORDS;
            System.out.printf(Locale.ROOT, "round %2d: map %6.2f µs/record, COPY field %5.2f µs/record%n", round + 1, map[round], escaping[round]);
        }
        System.out.printf(Locale.ROOT, "median of the last %d rounds: map %.2f µs/record, COPY field %.2f µs/record (checksum %d)%n",
                MEASURED, median(map), median(escaping), checksum);
    }

    private static double median(double[] all) {
        double[] last = Arrays.copyOfRange(all, all.length - MEASURED, all.length);
        Arrays.sort(last);
        return last[MEASURED / 2];
    }
}
