package io.ledgersync.sync.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.ledgersync.source.CompanyIds;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.warehouse.Warehouse;

/** What a record that cannot be stored is told apart by, before any record of its page is written. */
class RecordTriageTests {

    private static final DataSetCatalog CATALOG = DataSetCatalog.load("classpath*:jobs/*.yml");

    /** A warehouse whose columns hold any value: what is told apart here is the record's own doing. */
    private final Warehouse warehouse = mock(Warehouse.class);

    @Test
    void aCompanyIdThatIsADotSegmentIsSetAsideWhenTheCompaniesAreReadAndNoPathIsEverBuiltFromIt() {
        RecordTriage companies = new RecordTriage(CATALOG.get("companies"), warehouse);
        for (String id : List.of(".", "..")) {
            RecordTriage.Result result = companies.triage(company(id), null);

            assertThat(result.row()).as(id).isNull();
            assertThat(result.rejected().field()).isEqualTo("id");
            assertThat(result.rejected().reason()).isEqualTo("is '" + id + "', which cannot be a company id: " + CompanyIds.refusal(id));
            assertThatThrownBy(() -> CATALOG.get("invoices").pathFor(id)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(CompanyIds.refusal(id)).hasMessageContaining("invoices of that company is not read");
        }
        for (String id : List.of("...", "%2e", "acme,eu")) {
            assertThat(companies.triage(company(id), null).row()).as(id).isNotNull();
            assertThat(CATALOG.get("invoices").pathFor(id)).isEqualTo("/companies/" + CompanyIds.segment(id) + "/data/invoices");
        }
    }

    @Test
    void anEmptyCompanyIdIsSetAsideAsAMissingKeyAndRefusedAsAPathSegment() {
        RecordTriage.Result result = new RecordTriage(CATALOG.get("companies"), warehouse).triage(company(""), null);

        assertThat(result.rejected().reason()).startsWith("is missing or empty");
        assertThat(result.rejected().recordId()).as("no id to be found by").isNull();
        assertThatThrownBy(() -> CATALOG.get("invoices").pathFor("")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(CompanyIds.refusal(""));
    }

    @Test
    void aRejectedRecordIsFoundByItsIdAsTheRecordGivesIt() {
        SourceRecord broken = new SourceRecord("{\"note\":\"x\",\"id\":\"inv-7\",\"issueDate\":\"not a date\"}");

        RecordTriage.Result result = new RecordTriage(CATALOG.get("invoices"), warehouse).triage(broken, "c1");

        assertThat(result.rejected().recordId()).isEqualTo(broken.id()).isEqualTo("inv-7");
        assertThat(result.rejected().field()).isEqualTo("issueDate");
    }

    private static SourceRecord company(String id) {
        return new SourceRecord("{\"id\":\"" + id + "\",\"name\":\"Acme\"}");
    }
}
