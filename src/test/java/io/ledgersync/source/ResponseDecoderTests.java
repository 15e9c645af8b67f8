package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tools.jackson.databind.json.JsonMapper;

/** The envelope of CONTRACT.md §2.3 and the error body of §2.4, as the client decodes them. */
class ResponseDecoderTests {

    private final ResponseDecoder decoder = new ResponseDecoder(JsonMapper.builder().build());

    @Test
    void decodesAPageKeepingRecordsWholeAndIgnoringUnknownFields() {
        Page page = decode("""
                {"results": [{"id": "a", "extra": {"nested": [1, 2]}}], "pageNumber": 2, "pageSize": 1,
                 "totalResults": 3, "surprise": true,
                 "_links": {"self": {"href": "/companies"}, "next": {"href": "/companies?page=3&pageSize=1"}}}
                """);

        assertThat(page.results()).hasSize(1);
        assertThat(page.results().get(0).id()).isEqualTo("a");
        assertThat(page.results().get(0).rawJson()).isEqualTo("{\"id\": \"a\", \"extra\": {\"nested\": [1, 2]}}");
        assertThat(page.pageNumber()).isEqualTo(2);
        assertThat(page.next()).contains("/companies?page=3&pageSize=1");
    }

    @Test
    void rule5_aPageWithoutNextLinkIsTheLast() {
        Page page = decode("""
                {"results": [], "pageNumber": 1, "pageSize": 100, "totalResults": 0, "_links": {"self": {"href": "/companies"}}}
                """);

        assertThat(page.next()).isEmpty();
    }

    @Test
    void rule2_pageCountIsTotalResultsOverPageSizeRoundedUp() {
        Page page = decode("""
                {"results": [], "pageNumber": 1, "pageSize": 100, "totalResults": 250, "_links": {}}
                """);

        assertThat(page.pageCount()).isEqualTo(3);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "not JSON at all            | <html>Bad gateway</html>                                                     | not valid JSON",
            "truncated body             | {\"results\": [{\"id\": \"a\"}, {\"id\":                                      | not valid JSON",
            "empty body                 | ``                                                                           | empty",
            "array instead of object    | [1, 2]                                                                       | not a JSON object",
            "missing results            | {\"pageNumber\": 1, \"pageSize\": 1, \"totalResults\": 0}                    | 'results' is missing",
            "results not an array       | {\"results\": {}, \"pageNumber\": 1, \"pageSize\": 1, \"totalResults\": 0}   | 'results' is not an array",
            "record not an object       | {\"results\": [42], \"pageNumber\": 1, \"pageSize\": 1, \"totalResults\": 1} | not a JSON object",
            "pageNumber is a string     | {\"results\": [], \"pageNumber\": \"1\", \"pageSize\": 1, \"totalResults\": 0} | 'pageNumber' is not a non-negative integer",
            "negative totalResults      | {\"results\": [], \"pageNumber\": 1, \"pageSize\": 1, \"totalResults\": -5}  | 'totalResults' is not a non-negative integer",
            "fractional pageSize        | {\"results\": [], \"pageNumber\": 1, \"pageSize\": 1.5, \"totalResults\": 0} | 'pageSize' is not a non-negative integer",
            "absurd pageNumber          | {\"results\": [], \"pageNumber\": 99999999999999, \"pageSize\": 1, \"totalResults\": 0} | 'pageNumber' is not a non-negative integer",
            "missing totalResults       | {\"results\": [], \"pageNumber\": 1, \"pageSize\": 1}                        | 'totalResults' is missing",
            "links not an object        | {\"results\": [], \"pageNumber\": 1, \"pageSize\": 1, \"totalResults\": 0, \"_links\": []} | '_links' is not an object",
            "next without href          | {\"results\": [], \"pageNumber\": 1, \"pageSize\": 1, \"totalResults\": 0, \"_links\": {\"next\": {}}} | no href string",
            "next href not a string     | {\"results\": [], \"pageNumber\": 1, \"pageSize\": 1, \"totalResults\": 0, \"_links\": {\"next\": {\"href\": 2}}} | no href string",
    })
    void malformedPageRaisesOneClearExceptionNamingTheRequest(String name, String body, String problem) {
        assertThatThrownBy(() -> decode(body))
                .isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("GET /companies?page=1&pageSize=100")
                .hasMessageContaining(problem);
    }

    @Test
    void decodesTheErrorBodyWithValidationMessages() {
        ApiError error = decoder.decodeError(402, bytes("""
                {"statusCode": 402, "service": "PublicApi", "error": "CompanyValidationException: Company limit exceeded",
                 "correlationId": "7d0c1a1e-0000-4000-8000-000000000001",
                 "validation": {"errors": [{"itemId": "Company", "message": "Company limit exceeded. See https://docs"}], "warnings": []}}
                """));

        assertThat(error.statusCode()).isEqualTo(402);
        assertThat(error.exceptionName()).isEqualTo("CompanyValidationException");
        assertThat(error.correlationId()).isEqualTo("7d0c1a1e-0000-4000-8000-000000000001");
        assertThat(error.validationMessages()).containsExactly("Company limit exceeded. See https://docs");
    }

    @Test
    void eachRecordIsCutFromTheBodyAsSentWhateverItsCharacters() {
        String first = "{\"id\": \"caf\u00e9-\u65e5\u672c-\ud83d\ude00\", \"note\": \"a } ] \\\" { [ b\", \"n\": [1, {\"x\": null}]}";
        String second = "{\"id\":\"\u00fc\"}";
        Page page = decode("{\"results\": [" + first + ",\n " + second + "], \"pageNumber\": 1, \"pageSize\": 2, \"totalResults\": 2}");

        assertThat(page.results()).extracting(SourceRecord::rawJson).containsExactly(first, second);
        assertThat(page.results().get(0).id()).isEqualTo("caf\u00e9-\u65e5\u672c-\ud83d\ude00");
        assertThat(page.results().get(1).json().get("id").asString()).isEqualTo("\u00fc");
    }

    /** Issue 28: a record's raw is its bytes in the response, cut once, whatever lies between and inside its tokens. */
    @Test
    void eachRecordKeepsExactlyItsBytesInTheResponseWithOddWhitespaceEscapesAndNestedArrays() {
        String first = "{\n\t\"id\" :\r\n \"x\\u00e9\\\"\\\\\\n\" , \"m\u00fcnze\": \"\u20ac \ud83d\ude00\",\"a\":[[1,[2,[]]],[],{\"b\":[{}]}] }";
        String second = "{}";
        String third = "{\"id\":7,\"lines\":[ {\"n\":[ ] } ]\t}";
        String body = "{ \"results\" :\n[ " + first + "\r\n,\t" + second + " ," + third + "\n] ,\"pageNumber\":1, \"pageSize\": 3, \"totalResults\": 3}";

        Page page = decode(body);

        assertThat(page.results()).extracting(record -> new String(record.raw(), StandardCharsets.UTF_8))
                .containsExactly(first, second, third);
        assertThat(page.results().get(0).raw()).isEqualTo(bytes(first));
        assertThat(page.results()).extracting(SourceRecord::id).containsExactly("x\u00e9\"\\\n", null, "7");
        assertThat(page.results().get(0).json().path("a").get(0).get(1).get(1).isArray()).isTrue();
    }

    /** Issue 28: each record is read once, by the caller's parse, in the pass that decodes the page; ids come from it. */
    @Test
    void eachRecordIsReadOnceByTheCallersParseInThePassThatDecodesThePage() {
        java.util.List<tools.jackson.databind.JsonNode> read = new java.util.ArrayList<>();
        RecordParse trees = parser -> {
            tools.jackson.databind.JsonNode tree = parser.readValueAsTree(); // leaves the parser at the record's end
            read.add(tree);
            return () -> "read-" + tree.path("id").asString();
        };
        String body = "{\"results\": [{\"id\": \"a\", \"n\": [[1], {\"id\": \"inner\"}]}, {\"id\": \"b\"}], \"pageNumber\": 1,"
                + " \"pageSize\": 2, \"totalResults\": 2}";

        Page page = decoder.decodePage("GET /x", "/x", bytes(body), trees);

        assertThat(read).hasSize(2);
        assertThat(page.results()).extracting(SourceRecord::id).containsExactly("read-a", "read-b");
        assertThat(page.results()).extracting(SourceRecord::rawJson)
                .containsExactly("{\"id\": \"a\", \"n\": [[1], {\"id\": \"inner\"}]}", "{\"id\": \"b\"}");
        assertThat(page.results().get(1).parsed().id()).isEqualTo("read-b");
    }

    @Test
    void aSyntaxErrorDeepInsideARecordFailsThePage() {
        assertThatThrownBy(() -> decode("""
                {"results": [{"id": "a", "lines": [{"amount": 1,, "x": 2}]}], "pageNumber": 1, "pageSize": 1, "totalResults": 1}
                """)).isInstanceOf(MalformedResponseException.class).hasMessageContaining("not valid JSON");
    }

    @Test
    void bytesThatAreNotUtf8InsideARecordFailThePage() {
        byte[] body = bytes("{\"results\": [{\"id\": \"a?b\"}], \"pageNumber\": 1, \"pageSize\": 1, \"totalResults\": 1}");
        body[new String(body, StandardCharsets.UTF_8).indexOf('?')] = (byte) 0xC3; // a lead byte followed by no continuation

        assertThatThrownBy(() -> decoder.decodePage("GET /companies?page=1&pageSize=100", "/companies?page=1&pageSize=100", body))
                .isInstanceOf(MalformedResponseException.class).hasMessageContaining("not valid JSON");
    }

    @Test
    void anErrorBodyThatIsNotJsonStillYieldsItsText() {
        ApiError error = decoder.decodeError(503, bytes("Service Unavailable"));

        assertThat(error.error()).isEqualTo("Service Unavailable");
        assertThat(error.correlationId()).isNull();
    }

    private Page decode(String body) {
        return decoder.decodePage("GET /companies?page=1&pageSize=100", "/companies?page=1&pageSize=100", bytes(body));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
