package io.ledgersync.sandbox;

import static io.ledgersync.sandbox.SandboxHttp.basic;
import static io.ledgersync.sandbox.SandboxHttp.invoicesPath;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;

import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;

/**
 * Sandbox responses, success pages and every error status, validated against the schemas of the two public OpenAPI
 * files ({@code Companies}/{@code Company}, {@code AccountingInvoices}/{@code AccountingInvoice}, {@code PagingInfo},
 * {@code ErrorMessage}, {@code DataStatuses}, {@code ApiKeys}), and the other data sets' pages against
 * {@code AccountingBill}, {@code AccountingSupplier}, {@code AccountingAccount} and {@code AccountingCustomer}. The
 * files are part of the repository ({@code src/test/resources/contract}, whose README says where they come from).
 */
class SandboxSchemaTests {

    /** The folder of the OpenAPI files on the test classpath. */
    private static final String CONTRACT = "/contract/";

    /** Each data set besides invoices, and the schema of the invoices file its records must match. */
    private static final Map<String, String> PAGES_OF = Map.of("bills", "AccountingBill", "suppliers",
            "AccountingSupplier", "accounts", "AccountingAccount", "customers", "AccountingCustomer", "creditNotes",
            "SandboxCreditNote");

    /**
     * The platform's accounts-receivable {@code CreditNote} is not among the contract's files (only the payable
     * {@code AccountingBillCreditNote} is); this is its field list from the platform's public documentation, typed
     * with the contract's own parts where the platform reuses them (invoice lines, payment allocations, customer
     * reference, dates, metadata), so that credit notes are checked as strictly as the rest.
     */
    private static final String CREDIT_NOTE_SCHEMA = """
            type: object
            allOf:
            - type: object
              properties:
                id: { type: string }
                creditNoteNumber: { type: string, nullable: true }
                customerRef: { $ref: '#/components/schemas/AccountingCustomer/definitions/accountingCustomerRef' }
                withholdingTax:
                  type: array
                  items: { $ref: '#/components/schemas/AccountingBill/allOf/0/properties/withholdingTax/items' }
                totalAmount: { type: number }
                totalDiscount: { type: number }
                subTotal: { type: number }
                additionalTaxAmount: { type: number }
                additionalTaxPercentage: { type: number }
                totalTaxAmount: { type: number }
                discountPercentage: { type: number }
                remainingCredit: { type: number }
                status: { type: string, enum: [Unknown, Draft, Submitted, Paid, Void, PartiallyPaid] }
                issueDate: { $ref: '#/components/schemas/DateTime' }
                allocatedOnDate: { type: string, nullable: true }
                currency: { $ref: '#/components/schemas/SourceAccount/properties/currency' }
                currencyRate: { type: number, nullable: true }
                lineItems:
                  type: array
                  items: { $ref: '#/components/schemas/AccountingInvoice/definitions/invoiceLineItem' }
                paymentAllocations:
                  type: array
                  items: { $ref: '#/components/schemas/AccountingPaymentAllocation' }
                note: { type: string, nullable: true }
                metadata: { $ref: '#/components/schemas/Metadata' }
                supplementalData: { $ref: '#/components/schemas/SupplementalData' }
            - $ref: '#/components/schemas/CommerceOrder/allOf/3'
            required: [totalAmount, totalDiscount, subTotal, totalTaxAmount, discountPercentage, remainingCredit,
              status]
            """;

    private static OpenApiInteractionValidator platform;
    private static OpenApiInteractionValidator invoices;
    @RegisterExtension
    static final SandboxHttp http = SandboxHttp.started(SandboxSettings.defaults().withCompanies(3)
            .withInvoicesPerCompany(300));
    private static final String company = http.companyId(0);

    @BeforeAll
    static void loadSpecifications() {
        platform = validator("public-platform-openapi.yaml");
        invoices = validator("public-invoices-openapi.yaml");
    }

    @Test
    void companiesPageMatchesCompaniesPagingInfoAndCompany() {
        HttpResponse<String> response = http.get("/companies?pageSize=2");

        assertValid(platform, "/companies", Request.Method.GET, response);
    }

    @Test
    void createdCompanyMatchesCompany() {
        HttpResponse<String> response = http.post("/companies", "{\"name\":\"Technicalium\",\"tags\":{\"a\":\"b\"}}");

        assertValid(platform, "/companies", Request.Method.POST, response);
    }

    @ParameterizedTest
    @ValueSource(strings = {"?pageSize=2000", "?page=2&pageSize=100&query=status%3DPaid", "?orderBy=-totalAmount"})
    void invoicesPagesMatchAccountingInvoicesPagingInfoAndAccountingInvoice(String parameters) {
        HttpResponse<String> response = http.get(invoicesPath(company) + parameters);

        assertValid(invoices, invoicesPath(company), Request.Method.GET, response);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bills", "suppliers", "accounts", "customers", "creditNotes"})
    void everyOtherDataSetsPagesMatchTheirSchemaAndPagingInfo(String dataType) {
        String path = "/companies/" + company + "/data/" + dataType;

        assertValid(invoices, path, Request.Method.GET, http.get(path + "?pageSize=2000"));
        assertValid(invoices, path, Request.Method.GET, http.get(path + "?page=2&pageSize=7&orderBy=-modifiedDate"));
    }

    @Test
    void theAddedOperationsStillRejectBodiesThatBreakTheSchemas() {
        String bills = "/companies/" + company + "/data/bills";
        String page = http.get(bills + "?pageSize=5").body();

        assertThat(messages(invoices, bills, 200, page.replaceFirst("\"status\":\"[A-Za-z]+\"",
                "\"status\":\"Submitted\""))).isNotEmpty();
        assertThat(messages(invoices, bills, 200, page.replaceFirst("\"quantity\":\\d+", "\"quantity\":\"2\"")))
                .isNotEmpty();
        String notes = "/companies/" + company + "/data/creditNotes";
        assertThat(messages(invoices, notes, 200, http.get(notes + "?pageSize=5").body()
                .replaceFirst("\"remainingCredit\":[-0-9.]+", "\"remainingCredit\":\"none\""))).isNotEmpty();
    }

    @Test
    void dataStatusMatchesDataStatuses() {
        http.faults().dataSet(http.companyId(1), "customers").readyAfterRequests(1);

        assertValid(platform, "/companies/" + company + "/dataStatus", Request.Method.GET,
                http.get("/companies/" + company + "/dataStatus"));
        String syncing = http.companyId(1);
        assertValid(platform, "/companies/" + syncing + "/dataStatus", Request.Method.GET,
                http.get("/companies/" + syncing + "/dataStatus"));
    }

    @Test
    void apiKeysMatchApiKeysAndApiKeyDetails() {
        assertValid(platform, "/apiKeys", Request.Method.POST, http.post("/apiKeys", "{\"name\":\"schema\"}"));
        assertValid(platform, "/apiKeys", Request.Method.GET, http.get("/apiKeys"));
    }

    @Test
    void syncSettingsMatchSyncSettings() {
        assertValid(platform, "/profile/syncSettings", Request.Method.GET, http.get("/profile/syncSettings"));
    }

    @Test
    void everyErrorStatusOfTheInvoicesOperationMatchesErrorMessage() {
        String other = http.companyId(1);
        String third = http.companyId(2);
        assertValid(invoices, invoicesPath(company), Request.Method.GET,
                http.get(invoicesPath(company) + "?query=status%3D%3D"), 400);
        assertValid(invoices, invoicesPath(company), Request.Method.GET,
                http.getAs("wrong-key", invoicesPath(company)), 401);
        assertValid(invoices, invoicesPath(company), Request.Method.GET,
                http.getAs(http.server().createApiKey("scoped", other), invoicesPath(company)), 403);
        assertValid(invoices, invoicesPath("nope"), Request.Method.GET, http.get(invoicesPath("nope")), 404);
        http.faults().dataSet(third, "invoices").notRequested();
        assertValid(invoices, invoicesPath(third), Request.Method.GET, http.get(invoicesPath(third)), 409);
        http.faults().path("/companies/*/data/invoices").tooManyRequestsNext(1, Duration.ofSeconds(1))
                .serverErrorNext(1).unavailableNext(1, Duration.ofSeconds(1));
        assertValid(invoices, invoicesPath(company), Request.Method.GET, http.get(invoicesPath(company)), 429);
        assertValid(invoices, invoicesPath(company), Request.Method.GET, http.get(invoicesPath(company)), 500);
        assertValid(invoices, invoicesPath(company), Request.Method.GET, http.get(invoicesPath(company)), 503);
    }

    @Test
    void accountLimitErrorsMatchErrorMessageWithValidation() {
        try (SandboxServer full = SandboxServer.start(SandboxSettings.defaults().withCompanies(50)
                .withInvoicesPerCompany(1))) {
            HttpResponse<String> refused = new SandboxHttp(full).post("/companies", "{\"name\":\"x\"}");
            assertValid(platform, "/companies", Request.Method.POST, refused, 402);
        }
    }

    @Test
    void methodNotAllowedBodyMatchesErrorMessage() {
        // No operation of the specifications declares a 405; its body is the same ErrorMessage as their 400.
        HttpResponse<String> response = http.send("PUT", "/companies", basic(http.server().apiKey()));

        assertThat(response.statusCode()).isEqualTo(405);
        ValidationReport report = platform.validateResponse("/companies", Request.Method.POST,
                SimpleResponse.Builder.status(400).withContentType("application/json").withBody(response.body())
                        .build());
        assertThat(report.getMessages()).as(response.body()).isEmpty();
    }

    @Test
    void validatorRejectsBodiesThatBreakTheSchemas() {
        // so that the passing tests above mean something: the same bodies, broken, are reported
        String page = http.get(invoicesPath(company) + "?pageSize=5").body();
        String badStatus = page.replaceFirst("\"status\":\"[A-Za-z]+\"", "\"status\":\"Sold\"");
        String badTotal = page.replaceFirst("\"totalResults\":300", "\"totalResults\":\"300\"");
        String badError = http.get(invoicesPath("nope")).body().replaceFirst("\"statusCode\":404",
                "\"statusCode\":\"404\"");

        assertThat(messages(invoices, invoicesPath(company), 200, badStatus)).isNotEmpty();
        assertThat(messages(invoices, invoicesPath(company), 200, badTotal)).isNotEmpty();
        assertThat(messages(invoices, invoicesPath(company), 404, badError)).isNotEmpty();
    }

    private static ValidationReport messagesReport(OpenApiInteractionValidator validator, String path, int status,
            String body) {
        return validator.validateResponse(path, Request.Method.GET,
                SimpleResponse.Builder.status(status).withContentType("application/json").withBody(body).build());
    }

    private static java.util.List<ValidationReport.Message> messages(OpenApiInteractionValidator validator,
            String path, int status, String body) {
        return messagesReport(validator, path, status, body).getMessages().stream()
                .filter(message -> !documentedNull(message)).toList();
    }

    private static void assertValid(OpenApiInteractionValidator validator, String path, Request.Method method,
            HttpResponse<String> response) {
        assertValid(validator, path, method, response, response.statusCode() == 201 ? 201 : 200);
    }

    private static void assertValid(OpenApiInteractionValidator validator, String path, Request.Method method,
            HttpResponse<String> response, int expectedStatus) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(expectedStatus);
        ValidationReport report = validator.validateResponse(path, method,
                SimpleResponse.Builder.status(response.statusCode())
                        .withContentType(response.headers().firstValue("Content-Type").orElse(""))
                        .withBody(response.body()).build());
        assertThat(report.getMessages().stream().filter(message -> !documentedNull(message)).toList())
                .as(response.body().substring(0, Math.min(400, response.body().length()))).isEmpty();
    }

    /**
     * {@code paidOnDate} and {@code sourceModifiedDate} are plain {@code DateTime} strings in the schema, yet the
     * platform sends null for an unpaid invoice and for a provider that reports no change date (CONTRACT.md §11:
     * "sourceModifiedDate ... may be null"); the sandbox does too, and only that null is forgiven here.
     */
    private static boolean documentedNull(ValidationReport.Message message) {
        return message.getMessage().matches("\\[Path '/results/\\d+/(paidOnDate|sourceModifiedDate)'\\] Instance type"
                + " \\(null\\) does not match any allowed primitive type \\(allowed: \\[\"string\"\\]\\)");
    }

    /** The file as a 3.0 document the validator checks fully (see {@link OpenApi30}). */
    private static String asOpenApi30(String file) {
        String text = contractFile(file);
        assertThat(text).startsWith("openapi: 3.1.0");
        return file.equals("public-invoices-openapi.yaml")
                ? OpenApi30.rewrite(text, PAGES_OF, Map.of("SandboxCreditNote", CREDIT_NOTE_SCHEMA))
                : OpenApi30.rewrite(text);
    }

    private static String contractFile(String file) {
        try (InputStream in = SandboxSchemaTests.class.getResourceAsStream(CONTRACT + file)) {
            assertThat(in).as("src/test/resources" + CONTRACT + file + " on the test classpath").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The platform file refers to parameter schemas from a few schemas ({@code Connection.id} among them), which the
     * validator's loader rejects as a whole; the parser itself reads those references, so the document is parsed
     * here and handed over; any parse message other than those (and two about webhooks, which no response uses)
     * still fails the test.
     */
    private static OpenApiInteractionValidator validator(String file) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(true);
        options.setResolveCombinators(true);
        SwaggerParseResult parsed = new OpenAPIParser().readContents(asOpenApi30(file), null, options);
        assertThat(parsed.getOpenAPI()).as(String.valueOf(parsed.getMessages())).isNotNull();
        // 3.1-only keywords (schema examples, info.summary) are dropped with a message; nothing else may be.
        assertThat(parsed.getMessages()).allMatch(message -> message.matches("attribute .+ is unexpected")
                || message.startsWith("webhooks."));
        // The validator forbids properties a schema does not list, which JSON Schema does not, and which breaks every
        // allOf (each part rejects the other part's properties); the contract says clients tolerate unknown fields.
        return OpenApiInteractionValidator.createFor(parsed.getOpenAPI())
                .withLevelResolver(LevelResolver.create()
                        .withLevel("validation.schema.additionalProperties", ValidationReport.Level.IGNORE).build())
                .build();
    }
}
