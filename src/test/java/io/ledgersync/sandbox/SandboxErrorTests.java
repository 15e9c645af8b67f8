package io.ledgersync.sandbox;

import static io.ledgersync.sandbox.SandboxHttp.basic;
import static io.ledgersync.sandbox.SandboxHttp.invoicesPath;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import tools.jackson.databind.JsonNode;

/** Authentication (§5) and the error body (§2.4, §7.3) on every kind of refusal. */
class SandboxErrorTests {

    @RegisterExtension
    static final SandboxHttp http = SandboxHttp.started(SandboxSettings.defaults().withCompanies(2)
            .withInvoicesPerCompany(10).withApiKey("a-test-key"));
    private static final String companyId = http.companyId(0);

    @Test
    void missingApiKeyIs401WithTheErrorBody() {
        // when a request carries no Authorization header
        HttpResponse<String> response = http.send("GET", "/companies", null);

        // then it is refused with the §2.4 body
        assertThat(response.statusCode()).isEqualTo(401);
        JsonNode error = errorBody(response);
        assertThat(error.get("error").asString()).startsWith("Unauthorized: ").contains("Authorization: Basic");
    }

    @Test
    void incorrectApiKeyIs401SayingTheKeyIsIncorrect() {
        // when the key is well-formed but wrong (§5 rule 2)
        HttpResponse<String> response = http.send("GET", invoicesPath(companyId), basic("not-the-key"));

        // then the error says so in the platform's words
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(errorBody(response).get("error").asString())
                .isEqualTo("Unauthorized: The supplied API key is incorrect.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bearer a-test-key", "Basic", "Basic !!!not-base64!!!", "a-test-key", "Digest x=y"})
    void malformedAuthorizationIs401(String header) {
        HttpResponse<String> response = http.send("GET", "/companies", header);

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(errorBody(response).get("error").asString()).startsWith("Unauthorized: ");
    }

    @Test
    void userColonPasswordFormOfTheKeyIsNotTheKey() {
        // given a client that sends the key as a user name with an empty password
        String header = "Basic " + Base64.getEncoder()
                .encodeToString("a-test-key:".getBytes(StandardCharsets.UTF_8));

        // then it is refused: the credentials are the base64 of the key itself
        assertThat(http.send("GET", "/companies", header).statusCode()).isEqualTo(401);
    }

    @Test
    void correctApiKeyIsAcceptedWhateverTheCaseOfTheScheme() {
        String credentials = basic("a-test-key").substring("Basic ".length());

        assertThat(http.send("GET", "/companies", "basic " + credentials).statusCode()).isEqualTo(200);
        assertThat(http.send("GET", "/companies", "Basic " + credentials).statusCode()).isEqualTo(200);
    }

    @Test
    void everyErrorResponseHasItsOwnCorrelationId() {
        // when the same failing request is sent twice
        String first = errorBody(http.send("GET", "/companies", null)).get("correlationId").asString();
        String second = errorBody(http.send("GET", "/companies", null)).get("correlationId").asString();

        // then each response is identified separately
        assertThat(first).isNotEqualTo(second);
    }

    @Test
    void unknownCompanyIs404NamingTheCompanyAndTheRecord() {
        // when the invoices of a company that does not exist are read
        String unknown = UUID.randomUUID().toString();
        HttpResponse<String> response = http.get(invoicesPath(unknown));

        // then 404 with "<ExceptionName>: <description naming the company and record>" (§7.3 rule 3)
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(errorBody(response).get("error").asString())
                .matches("^[A-Za-z]+: .*")
                .contains(unknown)
                .contains("invoices");
    }

    @Test
    void unsupportedDataTypeOfAKnownCompanyIs404InThePlatformsWords() {
        // when a data type the sandbox does not serve is read for a real company
        HttpResponse<String> response = http.get("/companies/" + companyId + "/data/journalEntries");

        // then 404 of the form "Datatype <name> not supported by platform(s) <name>" (§7.1)
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(errorBody(response).get("error").asString())
                .matches("^NotFound: Datatype journalEntries not supported by platform\\(s\\) .+\\.$");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/company", "/companies/x", "/companies/x/data", "/v2/companies", "/companies/a/b/c"})
    void unknownPathIs404WithTheErrorBody(String path) {
        HttpResponse<String> response = http.get(path);

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(errorBody(response).get("error").asString()).startsWith("NotFound: ");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"PUT|/companies|GET, POST", "DELETE|/companies|GET, POST",
            "PUT|/companies/{company}/data/invoices|GET", "PATCH|/companies/{company}/data/invoices|GET",
            "POST|/companies/{company}/dataStatus|GET", "GET|/apiKeys/some-id|DELETE"})
    void wrongMethodIs405WithTheErrorBodyAndAllowHeader(String method, String path, String allow) {
        // when a known resource is called with a method it does not take
        HttpResponse<String> response = http.send(method, path.replace("{company}", companyId),
                basic("a-test-key"));

        // then 405, saying which method is allowed
        assertThat(response.statusCode()).isEqualTo(405);
        assertThat(response.headers().firstValue("Allow")).hasValue(allow);
        assertThat(errorBody(response).get("error").asString()).startsWith("MethodNotAllowed: ").contains(method);
    }

    @Test
    void authenticationIsCheckedBeforeAnythingElse() {
        // a wrong key on an unknown path, a wrong method and bad paging all give 401, not 404, 405 or 400
        assertThat(http.send("GET", "/nowhere", null).statusCode()).isEqualTo(401);
        assertThat(http.send("POST", "/companies", null).statusCode()).isEqualTo(401);
        assertThat(http.send("GET", "/companies?page=0", basic("wrong")).statusCode()).isEqualTo(401);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "status%3D%3D|Error parsing query - Malformed query.",
            "%7Bstatus%3DPaid|Error parsing query - Malformed query.",
            "status%3DPaid%26%26|Error parsing query - Malformed query.",
            "totalAmount%3Elots|Error parsing query - Malformed query.",
            "colour%3Dred|Error parsing query - Could not resolve property colour on Dataset"})
    void invalidQueryIs400WithThePlatformsText(String query, String text) {
        HttpResponse<String> response = http.get(invoicesPath(companyId) + "?query=" + query);

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(errorBody(response).get("error").asString()).isEqualTo("BadRequest: " + text);
    }

    /** §7.3 rules 1 and 2: the four fields, statusCode equal to the HTTP status, and JSON content type. */
    private static JsonNode errorBody(HttpResponse<String> response) {
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        JsonNode body = SandboxHttp.json(response.body());
        assertThat(body.propertyNames()).containsExactly("statusCode", "service", "error", "correlationId");
        assertThat(body.get("statusCode").asInt()).isEqualTo(response.statusCode());
        assertThat(body.get("service").asString()).isEqualTo("PublicApi");
        assertThat(body.get("correlationId").asString()).matches(SandboxHttp.UUID_FORM);
        return body;
    }
}
