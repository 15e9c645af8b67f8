package io.ledgersync.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import tools.jackson.databind.JsonNode;

/**
 * The data sets besides invoices and customers ({@code bills}, {@code suppliers}, {@code accounts},
 * {@code creditNotes}; CONTRACT.md §2.2, §15): served like invoices (paging, {@code query}, {@code orderBy}, states),
 * a pure function of (seed, company, index), and a ledger whose references all resolve: every supplier a bill names,
 * every account a line or payment names, every customer a credit note names is served by its own data set.
 */
class SandboxDataSetsTests {

    private static final List<String> NEW_DATA_SETS = List.of("bills", "suppliers", "accounts", "creditNotes");

    @RegisterExtension
    static final SandboxHttp http = SandboxHttp.started(SandboxSettings.defaults().withCompanies(2)
            .withInvoicesPerCompany(300).withRecordsPerCompany("bills", 600).withRecordsPerCompany("creditNotes", 300)
            .withRecordsPerCompany("accounts", 33));
    private static final String company = http.companyId(1);
    private static Map<String, List<JsonNode>> records;

    @BeforeAll
    static void readEveryDataSet() {
        records = http.dataSet().dataTypes().stream().collect(Collectors.toMap(Function.identity(),
                dataType -> http.getJson(path(dataType) + "?pageSize=5000").get("results").values().stream()
                        .toList()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bills", "suppliers", "accounts", "creditNotes"})
    void servedPagesAreExactlyTheDataSetJsonOfTheirRecords(String dataType) {
        JsonNode page = http.getJson(path(dataType) + "?page=2&pageSize=4");
        String body = http.get(path(dataType) + "?page=2&pageSize=4").body();

        assertThat(page.get("totalResults").asInt()).isEqualTo(http.dataSet().count(company, dataType));
        assertThat(page.get("_links").get("next").get("href").asString()).contains("page=3&pageSize=4");
        assertThat(body).startsWith(IntStream.range(4, 8)
                .mapToObj(index -> http.dataSet().recordJson(company, dataType, index))
                .collect(Collectors.joining(",", "{\"results\":[", "],")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bills", "suppliers", "accounts", "creditNotes"})
    void recordsArePureFunctionsOfSeedCompanyAndIndex(String dataType) {
        SandboxDataSet smaller = new SandboxDataSet(SandboxSettings.defaults().withCompanies(2)
                .withRecordsPerCompany(dataType, dataType.equals("accounts") ? 24 : 3));
        SandboxDataSet otherSeed = new SandboxDataSet(SandboxSettings.defaults().withCompanies(2).withSeed(7));

        assertThat(smaller.recordJson(company, dataType, 2)).isEqualTo(http.dataSet().recordJson(company, dataType, 2));
        assertThat(otherSeed.recordJson(otherSeed.companyIds().get(1), dataType, 2))
                .isNotEqualTo(http.dataSet().recordJson(company, dataType, 2));
        assertThat(records.get(dataType)).extracting(record -> record.get("id").asString()).doesNotHaveDuplicates()
                .allMatch(id -> id.matches(SandboxHttp.UUID_FORM));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "bills|status=Paid|status|Paid",
            "suppliers|status=Archived|status|Archived",
            "accounts|type=Income|type|Income",
            "creditNotes|status=PartiallyPaid|status|PartiallyPaid"})
    void queriesFilterEachDataSet(String dataType, String query, String field, String value) {
        JsonNode page = http.getJson(path(dataType) + "?pageSize=5000&query=" + query);
        long expected = records.get(dataType).stream().filter(record -> record.get(field).asString().equals(value))
                .count();

        assertThat(expected).isPositive();
        assertThat(page.get("totalResults").asLong()).isEqualTo(expected);
        assertThat(page.get("results").values()).allMatch(record -> record.get(field).asString().equals(value));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"bills|totalAmount", "suppliers|supplierName", "accounts|currentBalance",
            "creditNotes|remainingCredit", "bills|modifiedDate"})
    void orderByDescendingSortsEachDataSet(String dataType, String field) {
        List<JsonNode> sorted = http.getJson(path(dataType) + "?pageSize=5000&orderBy=-" + field).get("results")
                .values().stream().toList();

        assertThat(sorted).hasSameSizeAs(records.get(dataType));
        Comparator<JsonNode> byField = sorted.get(0).get(field).isNumber()
                ? Comparator.comparing(record -> record.get(field).decimalValue())
                : Comparator.comparing(record -> record.get(field).asString().toLowerCase(java.util.Locale.ROOT));
        assertThat(sorted).isSortedAccordingTo(byField.reversed());
    }

    @Test
    void everyNewDataSetHasTheScriptableStatesOfInvoices() {
        String other = http.companyId(0);
        http.faults().dataSet(other, "bills").readyAfterRequests(1);
        http.faults().dataSet(other, "creditNotes").unsupported();
        http.faults().dataSet(other, "accounts").notRequested();

        assertThat(http.get("/companies/" + other + "/data/bills").statusCode()).isEqualTo(409);
        assertThat(http.get("/companies/" + other + "/data/bills").statusCode()).isEqualTo(200);
        assertThat(http.get("/companies/" + other + "/data/creditNotes").statusCode()).isEqualTo(404);
        assertThat(http.get("/companies/" + other + "/data/accounts").statusCode()).isEqualTo(409);
        JsonNode status = http.getJson("/companies/" + other + "/dataStatus");
        assertThat(status.get("bills").get("currentStatus").asString()).isEqualTo("Complete");
        assertThat(status.get("creditNotes").get("currentStatus").asString()).isEqualTo("NotSupported");
        // the platform reports the accounts data set as chartOfAccounts; never requested, it is left out
        assertThat(status.has("chartOfAccounts")).isFalse();
        assertThat(http.getJson("/companies/" + company + "/dataStatus").get("chartOfAccounts").get("dataType")
                .asString()).isEqualTo("chartOfAccounts");
    }

    @Test
    void driftInsertsAndRevisesRecordsOfANewDataSet() {
        // given a fresh sandbox, so that the drift does not reach the other tests
        try (SandboxServer server = SandboxServer.start(SandboxSettings.defaults().withCompanies(1))) {
            SandboxHttp client = new SandboxHttp(server);
            String id = server.dataSet().companyIds().get(0);
            String suppliers = "/companies/" + id + "/data/suppliers";
            server.faults().dataSet(id, "suppliers").driftAfterPages(1, 2, 25);
            String first = client.getJson(suppliers + "?pageSize=5").get("results").get(0).get("id").asString();

            JsonNode after = client.getJson(suppliers + "?pageSize=100");

            assertThat(after.get("totalResults").asInt()).isEqualTo(27);
            assertThat(after.get("results").get(2).get("id").asString()).isEqualTo(first);
            assertThat(after.get("results").get(2).get("contactName").asString()).contains("(rev 1)");
        }
    }

    @Test
    void everyReferenceResolvesToARecordOfItsDataSetWithTheSameName() {
        Map<String, String> suppliers = names("suppliers", "supplierName");
        Map<String, String> customers = names("customers", "customerName");
        Map<String, String> accounts = names("accounts", "name");
        Set<String> bankAccounts = records.get("accounts").stream()
                .filter(account -> account.get("isBankAccount").asBoolean())
                .map(account -> account.get("id").asString()).collect(Collectors.toSet());

        for (JsonNode bill : records.get("bills")) {
            assertThat(suppliers).containsEntry(bill.get("supplierRef").get("id").asString(),
                    bill.get("supplierRef").get("supplierName").asString());
        }
        for (String dataType : List.of("invoices", "creditNotes")) {
            for (JsonNode document : records.get(dataType)) {
                assertThat(customers).containsEntry(document.get("customerRef").get("id").asString(),
                        document.get("customerRef").get("companyName").asString());
            }
        }
        for (String dataType : List.of("invoices", "creditNotes", "bills")) {
            for (JsonNode document : records.get(dataType)) {
                document.get("lineItems").values().forEach(line -> assertThat(accounts).containsEntry(
                        line.get("accountRef").get("id").asString(), line.get("accountRef").get("name").asString()));
                document.get("paymentAllocations").values().forEach(allocation -> assertThat(bankAccounts)
                        .contains(allocation.get("payment").get("accountRef").get("id").asString()));
            }
        }
    }

    @Test
    void billsAddUpAndTheirDueAmountAndAllocationsFollowTheStatus() {
        List<JsonNode> bills = records.get("bills");

        assertThat(bills).extracting(bill -> bill.get("status").asString()).contains("Unknown", "Open",
                "PartiallyPaid", "Paid", "Void", "Draft");
        assertThat(bills).allSatisfy(bill -> {
            BigDecimal subTotal = sum(bill, "subTotal");
            BigDecimal tax = sum(bill, "taxAmount");
            assertThat(bill.get("subTotal").decimalValue()).isEqualByComparingTo(subTotal);
            assertThat(bill.get("taxAmount").decimalValue()).isEqualByComparingTo(tax);
            assertThat(bill.get("totalAmount").decimalValue()).isEqualByComparingTo(subTotal.add(tax));
            BigDecimal due = bill.get("amountDue").decimalValue();
            BigDecimal total = bill.get("totalAmount").decimalValue();
            switch (bill.get("status").asString()) {
                case "Paid", "Void" -> assertThat(due).isZero();
                case "PartiallyPaid" -> assertThat(due).isPositive().isLessThan(total);
                default -> assertThat(due).isEqualByComparingTo(total);
            }
            BigDecimal settled = bill.get("status").asString().equals("Void") ? BigDecimal.ZERO : total.subtract(due);
            assertThat(allocated(bill)).isEqualByComparingTo(settled);
            List<JsonNode> lines = bill.get("lineItems").values().stream().toList();
            assertThat(lines).isNotEmpty();
            assertThat(lines).extracting(line -> line.get("lineNumber").asString())
                    .containsExactlyElementsOf(IntStream.rangeClosed(1, lines.size()).mapToObj(String::valueOf)
                            .toList());
        });
        assertThat(bills.stream().map(bill -> bill.get("lineItems").size()).collect(Collectors.toSet()))
                .contains(1, 2, 3, 4).anyMatch(count -> count > 6);
        assertThat(bills.stream().map(bill -> bill.get("paymentAllocations").size()).collect(Collectors.toSet()))
                .contains(0, 1, 2);
    }

    @Test
    void creditNotesRemainingCreditAndAllocationsFollowTheStatus() {
        assertThat(records.get("creditNotes")).extracting(note -> note.get("status").asString())
                .contains("Unknown", "Draft", "Submitted", "Paid", "Void", "PartiallyPaid");
        assertThat(records.get("creditNotes")).allSatisfy(note -> {
            BigDecimal total = note.get("totalAmount").decimalValue();
            BigDecimal remaining = note.get("remainingCredit").decimalValue();
            assertThat(total).isEqualByComparingTo(sum(note, "subTotal").add(sum(note, "taxAmount")));
            switch (note.get("status").asString()) {
                case "Paid" -> {
                    assertThat(remaining).isZero();
                    assertThat(note.get("allocatedOnDate").isNull()).isFalse();
                }
                case "Void" -> assertThat(remaining).isZero();
                case "PartiallyPaid" -> assertThat(remaining).isPositive().isLessThan(total);
                default -> assertThat(remaining).isEqualByComparingTo(total);
            }
            if (!note.get("status").asString().equals("Paid")) {
                assertThat(note.get("allocatedOnDate").isNull()).isTrue();
            }
            BigDecimal settled = note.get("status").asString().equals("Void") ? BigDecimal.ZERO
                    : total.subtract(remaining);
            assertThat(allocated(note)).isEqualByComparingTo(settled);
        });
    }

    @Test
    void accountsAreTheStandardChartThenSubAccounts() {
        List<JsonNode> accounts = records.get("accounts");

        assertThat(accounts).hasSize(33);
        assertThat(accounts.subList(0, 3)).extracting(account -> account.get("name").asString())
                .containsExactly("Sales", "Services revenue", "Other income");
        assertThat(accounts.get(24).get("name").asString()).isEqualTo("Sundry expenses 1");
        assertThat(accounts).extracting(account -> account.get("nominalCode").asString()).doesNotHaveDuplicates();
        assertThat(accounts).extracting(account -> account.get("type").asString())
                .containsOnly("Asset", "Expense", "Income", "Liability", "Equity");
        assertThat(accounts).allSatisfy(account -> {
            assertThat(account.get("fullyQualifiedCategory").asString()).startsWith(account.get("type").asString());
            BigDecimal balance = account.get("currentBalance").decimalValue();
            if (Set.of("Income", "Liability", "Equity").contains(account.get("type").asString())) {
                assertThat(balance).isNotPositive();
            } else {
                assertThat(balance).isNotNegative();
            }
        });
        assertThat(accounts).filteredOn(account -> account.get("isBankAccount").asBoolean()).isNotEmpty();
    }

    @Test
    void suppliersHaveTheSchemaShape() {
        assertThat(records.get("suppliers")).hasSize(25).allSatisfy(supplier -> {
            assertThat(supplier.get("supplierName").asString()).isNotBlank();
            assertThat(supplier.get("status").asString()).isIn("Active", "Archived");
            assertThat(supplier.get("addresses").get(0).get("type").asString()).isEqualTo("Billing");
            assertThat(supplier.get("metadata").get("isDeleted").isBoolean()).isTrue();
        });
    }

    private static Map<String, String> names(String dataType, String nameField) {
        return records.get(dataType).stream().collect(Collectors.toMap(record -> record.get("id").asString(),
                record -> record.get(nameField).asString()));
    }

    private static BigDecimal sum(JsonNode document, String lineField) {
        return document.get("lineItems").values().stream().map(line -> line.get(lineField).decimalValue())
                .reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    private static BigDecimal allocated(JsonNode document) {
        return document.get("paymentAllocations").values().stream()
                .map(allocation -> allocation.get("allocation").get("totalAmount").decimalValue())
                .reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    private static String path(String dataType) {
        return "/companies/" + company + "/data/" + dataType;
    }
}
