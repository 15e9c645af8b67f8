package io.ledgersync.warehouse.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
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
}
