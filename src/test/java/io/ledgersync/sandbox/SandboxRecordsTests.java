package io.ledgersync.sandbox;

import static io.ledgersync.sandbox.SandboxHttp.invoicesPath;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import tools.jackson.databind.JsonNode;

/** What the records are: determinism, the schema shapes, and the invariants of invoices. */
class SandboxRecordsTests {

    /** Properties of {@code AccountingInvoice}, including {@code modifiedDate}s from CommerceOrder/allOf/3. */
    private static final Set<String> INVOICE_PROPERTIES = Set.of("id", "invoiceNumber", "customerRef",
            "salesOrderRefs", "issueDate", "dueDate", "paidOnDate", "currency", "currencyRate", "lineItems",
            "paymentAllocations", "withholdingTax", "totalDiscount", "subTotal", "additionalTaxAmount",
            "additionalTaxPercentage", "totalTaxAmount", "totalAmount", "amountDue", "discountPercentage", "status",
            "note", "metadata", "supplementalData", "modifiedDate", "sourceModifiedDate");
    private static final Set<String> LINE_ITEM_PROPERTIES = Set.of("description", "unitAmount", "quantity",
            "discountAmount", "subTotal", "taxAmount", "totalAmount", "accountRef", "discountPercentage",
            "taxRateRef", "itemRef", "trackingCategoryRefs", "tracking", "isDirectIncome");
    /** {@code Company} properties, plus {@code platform}, which the sandbox adds on purpose. */
    private static final Set<String> COMPANY_PROPERTIES = Set.of("id", "name", "description", "platform",
            "redirect", "lastSync", "created", "createdByUserName", "products", "tags", "referenceParentCompany",
            "referenceSubsidiaryCompanies", "dataConnections");
    /** {@code Connection} says additionalProperties: false, so nothing else may appear. */
    private static final Set<String> CONNECTION_PROPERTIES = Set.of("id", "integrationId", "integrationKey",
            "sourceId", "sourceType", "platformName", "linkUrl", "status", "lastSync", "created",
            "dataConnectionErrors", "connectionInfo");

    private static final Pattern MONEY = Pattern.compile("-?\\d+\\.\\d{2}");
    private static final Pattern LOCAL_DATE_TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}");
    private static final Pattern UTC_DATE_TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
    private static final int INVOICES = 1000;
    /** A fixed "as of" day: these tests compare bytes and dates, which must not move with the day they run on. */
    private static final LocalDate AS_OF = LocalDate.of(2025, 7, 1);

    @RegisterExtension
    static final SandboxHttp http = SandboxHttp.started(SandboxSettings.defaults().withCompanies(3)
            .withInvoicesPerCompany(INVOICES).withAsOf(AS_OF));
    private static final String companyId = http.companyId(2);
    private static List<JsonNode> invoices;

    @BeforeAll
    static void readTheInvoices() {
        invoices = http.getJson(invoicesPath(companyId) + "?pageSize=5000").get("results").values().stream()
                .toList();
    }

    @Test
    void sameSeedServesTheSameBytes() {
        // given a second sandbox with the same settings on another port
        try (SandboxServer twin = SandboxServer.start(SandboxSettings.defaults().withCompanies(3)
                .withInvoicesPerCompany(INVOICES).withAsOf(AS_OF))) {
            SandboxHttp twinHttp = new SandboxHttp(twin);

            // when both serve the same pages
            // then the bytes are identical
            assertThat(twinHttp.get("/companies").body()).isEqualTo(http.get("/companies").body());
            String page = invoicesPath(companyId) + "?page=2&pageSize=300";
            assertThat(twinHttp.get(page).body()).isEqualTo(http.get(page).body());
        }
    }

    @Test
    void anotherAsOfDayServesTheSameRecordsMovedInTime() {
        SandboxDataSet later = new SandboxDataSet(SandboxSettings.defaults().withCompanies(3).withInvoicesPerCompany(INVOICES)
                .withAsOf(AS_OF.plusDays(10)));

        JsonNode moved = json(later.invoiceJson(companyId, 0));
        JsonNode original = invoices.get(0);
        assertThat(moved.get("id")).isEqualTo(original.get("id"));
        assertThat(moved.get("totalAmount").decimalValue()).isEqualByComparingTo(original.get("totalAmount").decimalValue());
        assertThat(LocalDate.parse(moved.get("issueDate").asString().substring(0, 10)))
                .isEqualTo(LocalDate.parse(original.get("issueDate").asString().substring(0, 10)).plusDays(10));
    }

    /** What a newcomer's aged-receivables query meets: as of today, invoices of the last weeks, due dates in every bucket. */
    @Test
    void givenTheDefaultAsOfTodayTheNewestInvoicesAreRecentAndOpenOnesSpreadOverTheAgeingBuckets() {
        SandboxSettings defaults = SandboxSettings.defaults().withCompanies(1);
        LocalDate today = defaults.recordsAsOf();
        SandboxDataSet data = new SandboxDataSet(defaults);
        String company = data.companyIds().get(0);

        List<JsonNode> all = IntStream.range(0, data.invoiceCount(company)).mapToObj(i -> json(data.invoiceJson(company, i)))
                .toList();

        LocalDate newest = all.stream().map(invoice -> day(invoice, "issueDate")).max(LocalDate::compareTo).orElseThrow();
        assertThat(newest).isBetween(today.minusWeeks(2), today);
        java.util.Map<String, Long> buckets = all.stream()
                .filter(invoice -> Set.of("Submitted", "PartiallyPaid").contains(invoice.get("status").asString()))
                .collect(Collectors.groupingBy(invoice -> {
                    long overdue = java.time.temporal.ChronoUnit.DAYS.between(day(invoice, "dueDate"), today);
                    return overdue <= 0 ? "current" : overdue <= 30 ? "1-30" : overdue <= 60 ? "31-60" : "over 60";
                }, Collectors.counting()));
        assertThat(buckets).containsOnlyKeys("current", "1-30", "31-60", "over 60")
                .allSatisfy((bucket, count) -> assertThat(count).as(bucket).isPositive());
    }

    private static LocalDate day(JsonNode record, String field) {
        return LocalDate.parse(record.get(field).asString().substring(0, 10));
    }

    private static JsonNode json(String text) {
        return tools.jackson.databind.json.JsonMapper.builder().build().readTree(text);
    }

    @Test
    void differentSeedServesDifferentRecords() {
        SandboxDataSet other = new SandboxDataSet(SandboxSettings.defaults().withCompanies(3)
                .withInvoicesPerCompany(INVOICES).withSeed(43));

        assertThat(other.companyIds()).doesNotContainAnyElementsOf(http.dataSet().companyIds());
        String otherCompany = other.companyIds().get(2);
        assertThat(other.invoiceJson(otherCompany, 0)).isNotEqualTo(http.dataSet().invoiceJson(companyId, 0));
    }

    @Test
    void recordsDoNotDependOnTheSizeOfTheDataSet() {
        // given a smaller data set from the same seed
        SandboxDataSet smaller = new SandboxDataSet(SandboxSettings.defaults().withCompanies(2)
                .withInvoicesPerCompany(10).withAsOf(AS_OF));

        // then its records are the first records of the larger one
        String firstCompany = smaller.companyIds().get(0);
        assertThat(smaller.companyIds()).containsExactlyElementsOf(http.dataSet().companyIds().subList(0, 2));
        assertThat(smaller.companyJson(firstCompany)).isEqualTo(http.dataSet().companyJson(firstCompany));
        assertThat(smaller.invoiceJson(firstCompany, 9)).isEqualTo(http.dataSet().invoiceJson(firstCompany, 9));
    }

    @Test
    void servedPageIsExactlyTheDataSetJsonOfItsRecords() {
        // when a page in the middle is served
        String body = http.get(invoicesPath(companyId) + "?page=3&pageSize=7").body();

        // then its results are, byte for byte, the dataSet's JSON of records 14..20
        String expected = IntStream.range(14, 21).mapToObj(index -> http.dataSet().invoiceJson(companyId, index))
                .collect(Collectors.joining(",", "{\"results\":[", "],"));
        assertThat(body).startsWith(expected);
        String companies = http.get("/companies").body();
        assertThat(companies).startsWith(http.dataSet().companyIds().stream()
                .map(http.dataSet()::companyJson).collect(Collectors.joining(",", "{\"results\":[", "],")));
    }

    @Test
    void paidInvoicesHaveNothingDueAndAPaidOnDate() {
        List<JsonNode> paid = invoices.stream().filter(invoice -> status(invoice).equals("Paid")).toList();

        assertThat(paid).isNotEmpty().allSatisfy(invoice -> {
            assertThat(invoice.get("amountDue").decimalValue()).isZero();
            assertThat(invoice.get("paidOnDate").isNull()).isFalse();
        });
        assertThat(invoices).filteredOn(invoice -> !status(invoice).equals("Paid"))
                .allSatisfy(invoice -> assertThat(invoice.get("paidOnDate").isNull()).isTrue());
    }

    @Test
    void amountDueFollowsTheStatus() {
        assertThat(invoices).allSatisfy(invoice -> {
            BigDecimal due = invoice.get("amountDue").decimalValue();
            BigDecimal total = invoice.get("totalAmount").decimalValue();
            switch (status(invoice)) {
                case "Paid", "Void" -> assertThat(due).isZero();
                case "PartiallyPaid" -> assertThat(due).isPositive().isLessThan(total);
                default -> assertThat(due).isEqualByComparingTo(total);
            }
        });
    }

    @Test
    void everyStatusOfTheSchemaOccurs() {
        // The invoiceStatus enum of the schema (CONTRACT.md §15), read from the contract rather than from the sandbox.
        Set<String> seen = invoices.stream().map(SandboxRecordsTests::status).collect(Collectors.toSet());

        assertThat(seen).containsExactlyInAnyOrder("Unknown", "Draft", "Submitted", "PartiallyPaid", "Paid", "Void");
    }

    @Test
    void invoiceTotalsAddUp() {
        assertThat(invoices).allSatisfy(invoice -> {
            BigDecimal lineSubTotals = sum(invoice, "subTotal");
            BigDecimal lineTaxes = sum(invoice, "taxAmount");
            assertThat(invoice.get("subTotal").decimalValue()).isEqualByComparingTo(lineSubTotals);
            assertThat(invoice.get("totalTaxAmount").decimalValue()).isEqualByComparingTo(lineTaxes);
            assertThat(invoice.get("totalAmount").decimalValue())
                    .isEqualByComparingTo(lineSubTotals.add(lineTaxes));
            assertThat(invoice.get("lineItems").size()).isBetween(1, 12);
        });
    }

    @Test
    void invoicesHaveAVaryingNumberOfLinesAndOfPaymentAllocations() {
        // Child tables are built from these lists: the variety must be there for their tests to mean anything.
        Set<Integer> lineCounts = invoices.stream().map(invoice -> invoice.get("lineItems").size())
                .collect(Collectors.toSet());
        Set<Integer> allocationCounts = invoices.stream().map(invoice -> invoice.get("paymentAllocations").size())
                .collect(Collectors.toSet());

        assertThat(lineCounts).contains(1, 2, 3, 4, 5, 6).anyMatch(count -> count > 6);
        assertThat(allocationCounts).contains(0, 1, 2, 3);
        assertThat(invoices).filteredOn(invoice -> Set.of("Submitted", "Draft", "Unknown", "Void")
                .contains(status(invoice))).allSatisfy(invoice ->
                        assertThat(invoice.get("paymentAllocations").size()).isZero());
    }

    @Test
    void paymentAllocationsAddUpToWhatWasPaidAndEndOnThePaidOnDate() {
        assertThat(invoices).filteredOn(invoice -> !status(invoice).equals("Void")).allSatisfy(invoice -> {
            BigDecimal allocated = invoice.get("paymentAllocations").values().stream()
                    .map(allocation -> allocation.get("allocation").get("totalAmount").decimalValue())
                    .reduce(BigDecimal.ZERO, BigDecimal::add);
            assertThat(allocated).isEqualByComparingTo(invoice.get("totalAmount").decimalValue()
                    .subtract(invoice.get("amountDue").decimalValue()));
            invoice.get("paymentAllocations").values().forEach(allocation -> {
                assertThat(allocation.get("payment").get("totalAmount").decimalValue())
                        .isEqualByComparingTo(allocation.get("allocation").get("totalAmount").decimalValue());
                assertThat(allocation.get("payment").get("id").asString()).matches(SandboxHttp.UUID_FORM);
                assertThat(allocation.get("allocation").get("currency").asString())
                        .isEqualTo(invoice.get("currency").asString());
                assertThat(allocation.get("allocation").get("allocatedOnDate").asString())
                        .isGreaterThanOrEqualTo(invoice.get("issueDate").asString());
            });
        });
        assertThat(invoices).filteredOn(invoice -> status(invoice).equals("Paid")).allSatisfy(invoice -> {
            List<JsonNode> allocations = invoice.get("paymentAllocations").values().stream().toList();
            assertThat(allocations.get(allocations.size() - 1).get("payment").get("paidOnDate").asString())
                    .isEqualTo(invoice.get("paidOnDate").asString());
        });
    }

    @Test
    void amountsAreNumbersWithTwoDecimals() {
        // read on the wire: a parsed number has forgotten how many decimals it was written with
        String body = http.get(invoicesPath(companyId) + "?pageSize=200").body();

        for (String field : List.of("unitAmount", "discountAmount", "subTotal", "taxAmount", "totalAmount",
                "totalTaxAmount", "amountDue", "totalDiscount", "additionalTaxAmount")) {
            var occurrences = Pattern.compile("\"" + field + "\":([^,}]*)[,}]").matcher(body);
            int count = 0;
            while (occurrences.find()) {
                assertThat(occurrences.group(1)).as(field).matches(MONEY);
                count++;
            }
            assertThat(count).as(field).isPositive();
        }
    }

    @Test
    void businessDatesHaveNoZoneAndPlatformTimestampsAreUtc() {
        assertThat(invoices).allSatisfy(invoice -> {
            assertThat(invoice.get("issueDate").asString()).matches(LOCAL_DATE_TIME);
            assertThat(invoice.get("dueDate").asString()).matches(LOCAL_DATE_TIME);
            assertThat(invoice.get("modifiedDate").asString()).matches(UTC_DATE_TIME);
            assertThat(invoice.get("issueDate").asString()).isLessThanOrEqualTo(invoice.get("dueDate").asString());
            if (!invoice.get("paidOnDate").isNull()) {
                assertThat(invoice.get("paidOnDate").asString()).matches(LOCAL_DATE_TIME);
            }
            if (!invoice.get("sourceModifiedDate").isNull()) {
                assertThat(invoice.get("sourceModifiedDate").asString()).matches(UTC_DATE_TIME);
            }
            // generated against the settings' "as of" day, never against now
            assertThat(invoice.get("modifiedDate").asString()).isLessThan(AS_OF + "T00:00:00Z");
        });
    }

    @Test
    void invoicesHaveTheRequiredFieldsAndOnlyPropertiesOfTheSchema() {
        assertThat(invoices).allSatisfy(invoice -> {
            assertThat(invoice.propertyNames()).containsAll(
                    List.of("id", "issueDate", "totalTaxAmount", "totalAmount", "amountDue", "status"));
            assertThat(INVOICE_PROPERTIES).containsAll(invoice.propertyNames());
            invoice.get("lineItems").values().forEach(line ->
                    assertThat(LINE_ITEM_PROPERTIES).containsAll(line.propertyNames()));
            assertThat(invoice.get("customerRef").get("id").asString()).isNotEmpty();
            assertThat(invoice.get("metadata").get("isDeleted").isBoolean()).isTrue();
        });
        assertThat(invoices).extracting(invoice -> invoice.get("id").asString()).doesNotHaveDuplicates();
    }

    @Test
    void companiesHaveTheSchemaShapeAndOneLinkedConnection() {
        JsonNode companies = http.getJson("/companies").get("results");

        assertThat(companies.values()).hasSize(3).allSatisfy(company -> {
            assertThat(company.get("id").asString()).matches(SandboxHttp.UUID_FORM);
            assertThat(company.get("name").asString()).isNotBlank();
            assertThat(company.get("redirect").asString()).startsWith("https://");
            assertThat(COMPANY_PROPERTIES).containsAll(company.propertyNames());
            assertThat(company.get("created").asString()).matches(UTC_DATE_TIME);
            JsonNode connection = company.get("dataConnections").get(0);
            assertThat(CONNECTION_PROPERTIES).containsAll(connection.propertyNames());
            assertThat(connection.propertyNames()).contains("id", "integrationId", "sourceId", "platformName",
                    "linkUrl", "status", "created", "sourceType");
            assertThat(connection.get("status").asString()).isEqualTo("Linked");
        });
    }

    private static String status(JsonNode invoice) {
        return invoice.get("status").asString();
    }

    private static BigDecimal sum(JsonNode invoice, String lineField) {
        return invoice.get("lineItems").values().stream().map(line -> line.get(lineField).decimalValue())
                .reduce(BigDecimal.ZERO, BigDecimal::add);
    }
}
