package io.ledgersync.warehouse.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The record hash of history mode: the same for the same content however it is spelled, and byte for byte the hash the
 * first, tree-based {@link RawHash} stored ({@link TreeRawHash}): a warehouse's stored hashes must still
 * match after an upgrade, or its next read would version every record again.
 */
class RawHashTests {

    private static final JsonMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    @Test
    void sameContentSpelledDifferentlyHashesTheSame() {
        // as jsonb gives raw back: keys reordered, spaces, trailing zeros dropped
        String sent = "{\"id\":\"a\",\"total\":12.50,\"lines\":[{\"q\":1,\"amount\":100.0}],\"note\":null,\"paid\":false}";
        String stored = "{\"id\": \"a\", \"note\": null, \"paid\": false, \"lines\": [{\"amount\": 100, \"q\": 1.0}], \"total\": 12.5}";

        assertThat(RawHash.of(stored)).isEqualTo(RawHash.of(sent)).hasSize(32);
    }

    @Test
    void anyChangedValueChangesTheHash() {
        String record = "{\"id\":\"a\",\"total\":12.50,\"status\":\"Open\",\"lines\":[1,2]}";

        assertThat(List.of("{\"id\":\"a\",\"total\":12.51,\"status\":\"Open\",\"lines\":[1,2]}",
                "{\"id\":\"a\",\"total\":12.50,\"status\":\"Paid\",\"lines\":[1,2]}",
                "{\"id\":\"a\",\"total\":12.50,\"status\":\"Open\",\"lines\":[2,1]}",
                "{\"id\":\"a\",\"total\":12.50,\"status\":\"Open\",\"lines\":[1,2],\"x\":null}",
                "{\"id\":\"a\",\"total\":\"12.50\",\"status\":\"Open\",\"lines\":[1,2]}"))
                .allSatisfy(changed -> assertThat(RawHash.of(changed)).isNotEqualTo(RawHash.of(record)));
    }

    @Test
    void hashesAreTheTreeBasedHashesForEdgeCases() {
        List<String> records = List.of(
                "{}", "[]", "{\"a\":{},\"b\":[],\"c\":[{}]}",
                "{\"b\":1,\"a\":2,\"a\":3}", // a key given twice: its last value, as a tree keeps it
                "{\"z\":{\"y\":{\"x\":[{\"c\":1,\"b\":2}]},\"a\":0}}",
                "{\"n\":[0, -0.0, 0.000, 100, 1e2, 1.5E-7, -12.340, 123456789012345678901234567890.10, 9223372036854775808]}",
                "{\"s\":\"caf\\u00e9 \\\"quoted\\\" tab\\t newline\\n \\\\ slash\\/ \\ud83d\\ude00 \\ud800 lone\",\"é\":\"ü\"}",
                "{\"long\":\"" + "x".repeat(5000) + "\",\"t\":true,\"f\":false,\"n\":null}",
                "{\"sorted\":1,\"already\":2,\"Upper\":3,\"lower\":4,\"10\":5,\"9\":6}");

        assertThat(records).allSatisfy(record -> assertThat(RawHash.of(record)).as(record).isEqualTo(TreeRawHash.of(record)));
    }

    @Test
    void hashesAreTheTreeBasedHashesForSandboxInvoices() {
        List<String> invoices;
        try (SandboxServer server = SandboxServer.start(SandboxSettings.defaults().withCompanies(1).withInvoicesPerCompany(500))) {
            String company = server.dataSet().companyIds().get(0);
            invoices = IntStream.range(0, 500).mapToObj(i -> server.dataSet().invoiceJson(company, i)).toList();
        }

        assertThat(invoices).allSatisfy(invoice -> {
            assertThat(RawHash.of(invoice.getBytes(StandardCharsets.UTF_8))).isEqualTo(TreeRawHash.of(invoice));
            // and written anew by a tree, as Jackson prints its numbers
            assertThat(RawHash.of(JSON.readTree(invoice).toString())).isEqualTo(TreeRawHash.of(invoice));
        });
    }

    /**
     * Issue 28: the usual record is written without the parser ({@link ByteCanonical}), and hashes as the parser's way
     * does: numbers of every spelling, keys out of order and repeated, nesting, text beyond ASCII and whitespace.
     */
    @Test
    void usualRecordsTakeTheWayWithoutTheParserAndHashAsTheParsersWayDoes() {
        List<String> records = new ArrayList<>(List.of(
                "{}", "[]", " { \"b\" : [ 1 , 2 ] ,\n\t\"a\" : { } }\r\n", "{\"b\":1,\"a\":2,\"a\":3}", "{\"a\":1,\"a\":2}",
                "{\"n\":[0,-0,-0.0,0.000,100,120,1.0000,12.50,-12.340,0.0000001,0.000001,0.00001230,1e2,1.5E-7,-2E+3,0E5]}",
                "{\"n\":[123456789012345678901234567890.10,9223372036854775808,-9223372036854775809,1000000000000000000000]}",
                "{\"name\":\"Müller & Söhne 日本 😀\",\"t\":true,\"f\":false,\"z\":null}",
                "{\"sorted\":1,\"already\":2,\"Upper\":3,\"lower\":4,\"10\":5,\"9\":6,\"\":7}"));
        Random random = new Random(28);
        for (int i = 0; i < 2_000; i++) {
            records.add(randomValue(random, 0, true));
        }

        assertThat(records).allSatisfy(record -> {
            byte[] bytes = record.getBytes(StandardCharsets.UTF_8);
            assertThat(new ByteCanonical().write(bytes)).as("the usual way takes %s", record).isTrue();
            assertThat(RawHash.of(bytes)).as(record).isEqualTo(RawHash.ofParsed(bytes)).isEqualTo(TreeRawHash.of(record));
        });
    }

    /**
     * A string's end and length are found eight bytes at a time where they are plain text: a quote, an escape, a
     * character beyond ASCII or a control character at any place of a word, strings of every length around the word's,
     * as keys and as values, end and measure as the parser's way has them, or are left to it.
     */
    @Test
    void stringsAreMeasuredWordByWordAsTheParsersWayMeasuresThem() {
        List<String> usual = List.of("é", "日", "😀", "\u007f");
        for (int length = 0; length <= 26; length++) {
            for (int at = 0; at <= length; at++) {
                String before = "abcdefghijklmnopqrstuvwxyz".substring(0, at);
                String after = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".substring(at, length);
                for (String special : usual) {
                    String text = before + special + after;
                    String record = "{\"" + before + after + "\":\"" + text + "\",\"k" + before + "\":[\"" + text + "\"]}";
                    byte[] bytes = record.getBytes(StandardCharsets.UTF_8);
                    assertThat(new ByteCanonical().write(bytes)).as(record).isTrue();
                    assertThat(RawHash.of(bytes)).as(record).isEqualTo(RawHash.ofParsed(bytes)).isEqualTo(TreeRawHash.of(record));
                }
                String escaped = "{\"s\":\"" + before + "\\\"" + after + "\"}";
                assertThat(new ByteCanonical().write(escaped.getBytes(StandardCharsets.UTF_8))).as(escaped).isFalse();
                assertThat(RawHash.of(escaped)).as(escaped).isEqualTo(TreeRawHash.of(escaped));
                String nonAsciiKey = "{\"" + before + "é" + after + "\":1}";
                assertThat(new ByteCanonical().write(nonAsciiKey.getBytes(StandardCharsets.UTF_8))).as(nonAsciiKey).isFalse();
                assertThat(RawHash.of(nonAsciiKey)).as(nonAsciiKey).isEqualTo(TreeRawHash.of(nonAsciiKey));
                // a control character unescaped: JSON the parser refuses, so the usual way must not take it
                byte[] control = ("{\"s\":\"" + before + "\u0001" + after + "\"}").getBytes(StandardCharsets.UTF_8);
                assertThat(new ByteCanonical().write(control)).isFalse();
            }
        }
    }

    /** What the way without the parser leaves to it, and what that way then hashes: as before. */
    @Test
    void recordsOutsideTheUsualAreLeftToTheParsersWayAndHashAsBefore() {
        List<String> records = List.of(
                "{\"s\":\"an escape \\\" inside\"}", "{\"s\":\"caf\\u00e9\"}", "{\"é\":1,\"e\":2}",
                "{\"a\":\"\\ud800 lone\"}");
        assertThat(records).allSatisfy(record -> {
            assertThat(new ByteCanonical().write(record.getBytes(StandardCharsets.UTF_8))).as(record).isFalse();
            assertThat(RawHash.of(record)).as(record).isEqualTo(TreeRawHash.of(record));
        });
        // bytes that are not UTF-8 (a surrogate, an overlong slash) and JSON that is broken are left to the parser too
        List<byte[]> notUsual = List.of(new byte[] {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'},
                new byte[] {'"', (byte) 0xC0, (byte) 0xAF, '"'}, "{\"a\":1".getBytes(StandardCharsets.UTF_8),
                "{\"a\":01}".getBytes(StandardCharsets.UTF_8), "[1,]".getBytes(StandardCharsets.UTF_8),
                "{\"a\":1} x".getBytes(StandardCharsets.UTF_8), "{\"a\":tru}".getBytes(StandardCharsets.UTF_8));
        assertThat(notUsual).allSatisfy(bytes -> assertThat(new ByteCanonical().write(bytes)).isFalse());
    }

    /** Sandbox invoices, every one, take the way without the parser (what a first sync of W1 hashes). */
    @Test
    void sandboxInvoicesTakeTheWayWithoutTheParser() {
        try (SandboxServer server = SandboxServer.start(SandboxSettings.defaults().withCompanies(1).withInvoicesPerCompany(200))) {
            String company = server.dataSet().companyIds().get(0);
            ByteCanonical usual = new ByteCanonical();
            assertThat(IntStream.range(0, 200).mapToObj(i -> server.dataSet().invoiceJson(company, i)))
                    .allSatisfy(invoice -> assertThat(usual.write(invoice.getBytes(StandardCharsets.UTF_8))).isTrue());
        }
    }

    private static String randomValue(Random random, int depth, boolean object) {
        int kind = object ? 0 : random.nextInt(depth > 3 ? 4 : 6);
        return switch (kind) {
            case 0 -> {
                StringBuilder members = new StringBuilder("{");
                int count = random.nextInt(6);
                for (int m = 0; m < count; m++) {
                    members.append(m > 0 ? "," : "").append(random.nextBoolean() ? " " : "").append('"')
                            .append(KEYS.get(random.nextInt(KEYS.size()))).append("\":").append(randomValue(random, depth + 1, false));
                }
                yield members.append('}').toString();
            }
            case 1 -> randomNumber(random);
            case 2 -> '"' + TEXTS.get(random.nextInt(TEXTS.size())) + '"';
            case 3 -> List.of("true", "false", "null").get(random.nextInt(3));
            case 4 -> {
                StringBuilder items = new StringBuilder("[");
                int count = random.nextInt(4);
                for (int m = 0; m < count; m++) {
                    items.append(m > 0 ? ", " : "").append(randomValue(random, depth + 1, false));
                }
                yield items.append(']').toString();
            }
            default -> randomValue(random, depth + 1, true);
        };
    }

    private static final List<String> KEYS = List.of("id", "amount", "a", "b", "B", "lineItems", "x1", "x10", "x2", "_k", "");
    private static final List<String> TEXTS = List.of("", "plain", "GBP", "naïve café", "日本語", "emoji 😀 and more", "tab-less text");

    /** Integers, decimals with zeros before and after, exponents: the spellings BigDecimal lays out differently. */
    private static String randomNumber(Random random) {
        String sign = random.nextInt(4) == 0 ? "-" : "";
        String whole = random.nextInt(5) == 0 ? "0" : Long.toString((random.nextLong() & Long.MAX_VALUE) >>> random.nextInt(64));
        StringBuilder number = new StringBuilder(sign).append(whole);
        if (random.nextBoolean()) {
            number.append('.').append("0".repeat(random.nextInt(8))).append(random.nextInt(1000)).append("0".repeat(random.nextInt(4)));
        }
        if (random.nextInt(8) == 0) {
            number.append(random.nextBoolean() ? 'e' : 'E').append(List.of("", "+", "-").get(random.nextInt(3))).append(random.nextInt(30));
        }
        return number.toString();
    }
}
