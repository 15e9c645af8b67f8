package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A record's id: the one rule that walks, drift checks, rejections and writers all read it by. */
class SourceRecordTests {

    /** Records whose id the text alone, cut at the first quote, would give wrongly or not at all. */
    private static final String[] RECORDS = {
            "{\"id\":\"inv-1\",\"note\":\"x\"}",
            "{ \"note\": \"x\", \"id\": \"inv-2\" }",
            "{\"id\":\"in\\\"v\",\"note\":\"x\"}",
            "{\"id\":\"caf\\u00e9-\u65e5\u672c-\ud83d\ude00\"}",
            "{\"id\":\"first\",\"customerRef\":{\"id\":\"cust-1\"},\"id\":\"last\"}",
            "{\"customerRef\":{\"id\":\"cust-1\"},\"lineItems\":[{\"id\":\"li-1\"}]}",
            "{\"\\u0069d\":\"escaped-name\"}",
            "{\"id\":12345678901234567890}",
            "{\"id\":-0}",
            "{\"id\":1.50}",
            "{\"id\":1e3}",
            "{\"id\":true}",
            "{\"id\":\"\"}",
            "{\"note\":\"x\"}",
    };

    @Test
    void theIdIsReadWithoutParsingTheWholeRecordAndIsWhatATreeOfItHolds() {
        for (String raw : RECORDS) {
            JsonNode tree = new SourceRecord(raw).json().get("id");
            String expected = tree == null || tree.isNull() ? null : tree.asString();

            assertThat(new SourceRecord(raw).id()).as(raw).isEqualTo(expected);
        }
        assertThat(new SourceRecord(RECORDS[4]).id()).as("the last of a repeated field, as on a tree").isEqualTo("last");
        assertThat(new SourceRecord(RECORDS[5]).id()).as("nested ids are not the record's").isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"id\":null}", "{\"id\":{\"value\":\"a\"}}", "{\"id\":[\"a\"]}", "{\"id\":\"a\",\"id\":null}"})
    void aNullAnObjectOrAListIsNoId(String raw) {
        assertThat(new SourceRecord(raw).id()).isNull();
    }

    @Test
    void aRecordCutFromAPageHasTheIdReadInThePassThatCutIt() {
        StringBuilder body = new StringBuilder("{\"results\": [");
        for (int i = 0; i < RECORDS.length; i++) {
            body.append(i == 0 ? "" : ", ").append(RECORDS[i]);
        }
        body.append("], \"pageNumber\": 1, \"pageSize\": 100, \"totalResults\": ").append(RECORDS.length).append("}");

        List<SourceRecord> cut = new ResponseDecoder(JsonMapper.builder().build())
                .decodePage("GET /p", "/p", body.toString().getBytes(StandardCharsets.UTF_8)).results();

        assertThat(cut).extracting(SourceRecord::id)
                .containsExactlyElementsOf(java.util.Arrays.stream(RECORDS).map(raw -> new SourceRecord(raw).id()).toList());
        assertThat(cut).as("equal to the records of the same text").containsExactly(
                java.util.Arrays.stream(RECORDS).map(SourceRecord::new).toArray(SourceRecord[]::new));
    }
}
