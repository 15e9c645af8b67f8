package io.ledgersync.sandbox.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.ledgersync.sandbox.SandboxSettings;

/** The {@code query} filter on invoice records, without HTTP. */
class SandboxQueryTests {

    private static List<Invoice> invoices;

    @BeforeAll
    static void generateInvoices() {
        Companies companies = new Companies(1, SandboxSettings.defaults().withInvoicesPerCompany(400).recordsPerCompany(), 3,
                java.time.LocalDate.of(2025, 7, 1), Clock.systemUTC());
        Company company = companies.find(companies.ids().get(0));
        PageableRecords<Invoice> records = companies.invoices(company);
        invoices = IntStream.range(0, records.size()).mapToObj(records.record()::apply).toList();
    }

    @Test
    void statusEqualityIgnoresCase() {
        assertThat(matches("status=paid")).isNotEmpty().isEqualTo(matches("status=Paid"))
                .allMatch(invoice -> invoice.status() == InvoiceStatus.Paid);
    }

    @Test
    void notEqualIsTheComplement() {
        assertThat(matches("status!=Paid").size() + matches("status=Paid").size()).isEqualTo(invoices.size());
    }

    @Test
    void numbersCompareAsDecimals() {
        assertThat(matches("amountDue>0")).isNotEmpty().allMatch(invoice -> invoice.amountDueCents() > 0);
        assertThat(matches("totalAmount<=100.50")).allMatch(invoice -> invoice.document().lines().totalCents() <= 10_050);
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"totalAmount>500", "totalAmount<500", "totalAmount>=500",
            "totalAmount<=500", "totalAmount=0", "totalAmount!=0"})
    void eachNumericOperatorMatchesExactlyTheRecordsItDescribes(String query) {
        String operator = query.replaceAll("[^<>=!]", "");
        long bound = Long.parseLong(query.replaceAll("\\D", "")) * 100;
        Predicate<Invoice> expected = switch (operator) {
            case ">" -> invoice -> invoice.document().lines().totalCents() > bound;
            case "<" -> invoice -> invoice.document().lines().totalCents() < bound;
            case ">=" -> invoice -> invoice.document().lines().totalCents() >= bound;
            case "<=" -> invoice -> invoice.document().lines().totalCents() <= bound;
            case "=" -> invoice -> invoice.document().lines().totalCents() == bound;
            default -> invoice -> invoice.document().lines().totalCents() != bound;
        };

        assertThat(matches(query)).isEqualTo(invoices.stream().filter(expected).toList());
    }

    @Test
    void eachDateOperatorIsExclusiveOrInclusiveAsWritten() {
        Invoice some = invoices.get(17);
        String at = DateTimes.utc(some.document().modifiedDate());
        assertThat(matches("modifiedDate=" + at)).contains(some);
        assertThat(matches("modifiedDate>=" + at)).contains(some);
        assertThat(matches("modifiedDate<=" + at)).contains(some);
        assertThat(matches("modifiedDate>" + at)).doesNotContain(some);
        assertThat(matches("modifiedDate<" + at)).doesNotContain(some);
        assertThat(matches("modifiedDate!=" + at)).doesNotContain(some);
        assertThat(matches("modifiedDate<" + at).size() + matches("modifiedDate>=" + at).size())
                .isEqualTo(invoices.size());
    }

    @Test
    void groupsNestAndOverridePrecedence() {
        List<Invoice> nested = matches("{status=Paid||{status=Draft&&currency=EUR}}&&totalAmount>100");
        assertThat(nested).isEqualTo(invoices.stream().filter(invoice -> (invoice.status() == InvoiceStatus.Paid
                || invoice.status() == InvoiceStatus.Draft && invoice.document().currency().equals("EUR"))
                && invoice.document().lines().totalCents() > 10_000).toList());
        assertThat(matches("status=Paid||status=Draft&&totalAmount>100"))
                .isNotEqualTo(matches("{status=Paid||status=Draft}&&totalAmount>100"));
    }

    @Test
    void datesCompareWhateverTheirSpelling() {
        List<Invoice> bare = matches("issueDate>=2025-01-01");
        assertThat(bare).isNotEmpty().isEqualTo(matches("issueDate>=2025-01-01T00:00:00"))
                .isEqualTo(matches("issueDate>=2025-01-01T00:00:00Z"))
                .allMatch(invoice -> invoice.document().issueDate().getYear() == 2025);
        assertThat(matches("modifiedDate>2025-06-01T00:00:00+01:00"))
                .allMatch(invoice -> invoice.document().modifiedDate().isAfter(Instant.parse("2025-05-31T23:00:00Z")));
    }

    @Test
    void andBindsTighterThanOr() {
        List<Invoice> grouped = matches("{status=Draft&&amountDue>0}||status=Void");
        assertThat(matches("status=Draft&&amountDue>0||status=Void")).isEqualTo(grouped);
        assertThat(matches("status=Void||status=Draft&&amountDue>0")).isEqualTo(grouped);
    }

    @Test
    void bracesGroupAnOrInsideAnAnd() {
        assertThat(matches("{status=Paid||status=Void}&&amountDue>0")).isEmpty();
        assertThat(matches("{status=Paid||status=Void}&&amountDue=0")).hasSize(
                matches("status=Paid").size() + matches("status=Void").size());
    }

    @Test
    void containsIsCaseInsensitiveOnStrings() {
        assertThat(matches("customerRef.companyName~jensen")).isNotEmpty()
                .allMatch(invoice -> invoice.document().counterparty().name().startsWith("Jensen"));
    }

    @Test
    void booleanSubPropertyAndNullsFollowThePlatform() {
        assertThat(matches("metadata.isDeleted=true")).allMatch(invoice -> invoice.document().deleted());
        assertThat(matches("metadata.isDeleted!=true")).noneMatch(invoice -> invoice.document().deleted());
        // a null paidOnDate never matches a comparison
        assertThat(matches("paidOnDate>2000-01-01")).allMatch(invoice -> invoice.paidOnDate() != null);
    }

    @Test
    void unknownPropertyIsRefusedInThePlatformsWords() {
        assertThatThrownBy(() -> matches("customerRef.colour=red"))
                .isInstanceOf(ApiException.class)
                .hasMessage("Error parsing query - Could not resolve property customerRef.colour on Dataset");
    }

    @ParameterizedTest
    @ValueSource(strings = {"status", "status=", "=Paid", "status==Paid", "amountDue=>0",
            "{status=Paid", "status=Paid}", "status=Paid&&",
            "||status=Paid", "status=Paid&&&&status=Void", "{}", "amountDue>ten", "issueDate>yesterday",
            "metadata.isDeleted=maybe"})
    void malformedQueryIsRefused(String query) {
        assertThatThrownBy(() -> matches(query))
                .isInstanceOf(ApiException.class)
                .satisfies(e -> assertThat(((ApiException) e).status()).isEqualTo(400))
                .hasMessage("Error parsing query - Malformed query.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"status>Paid", "amountDue~1", "metadata.isDeleted>true"})
    void operatorOfTheWrongTypeIsRefused(String query) {
        assertThatThrownBy(() -> matches(query)).isInstanceOf(ApiException.class)
                .hasMessageStartingWith("Error parsing query - ");
    }

    @Test
    void overlongQueryIsRefused() {
        assertThatThrownBy(() -> matches("note~" + "x".repeat(QueryFilter.MAX_LENGTH)))
                .isInstanceOf(ApiException.class);
    }

    private static List<Invoice> matches(String query) {
        Predicate<Invoice> filter = QueryFilter.parse(query, QueryFields.INVOICE);
        return invoices.stream().filter(filter).toList();
    }
}
