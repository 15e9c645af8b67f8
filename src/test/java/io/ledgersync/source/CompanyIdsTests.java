package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A company id in a request path: one percent-encoded segment, never a dot segment (the one home of that rule). */
class CompanyIdsTests {

    @Test
    void aDotSegmentIsRefusedPlainOrPercentEncoded() {
        for (String segment : List.of(".", "..", "%2e", "%2E", ".%2e", "%2E%2e", "%2e.")) {
            assertThat(CompanyIds.isDotSegment(segment)).as(segment).isTrue();
        }
        for (String segment : List.of("", "...", "a.", ".a", "%2e%2e%2e", "%252e", "companies")) {
            assertThat(CompanyIds.isDotSegment(segment)).as(segment).isFalse();
        }
    }

    @Test
    void anIdIsSentAsOnePercentEncodedSegmentAndCheckedAsSent() {
        assertThat(CompanyIds.segment("acme,eu")).isEqualTo("acme%2Ceu");
        assertThat(CompanyIds.segment("a/b?c#d e")).isEqualTo("a%2Fb%3Fc%23d%20e");
        assertThat(CompanyIds.segment("%2e")).as("the '%' is encoded: no dot segment").isEqualTo("%252e");
        assertThat(CompanyIds.segment("...")).isEqualTo("...");
    }

    @Test
    void aDotSegmentOrAnEmptyIdIsRefusedEverywhereTheClientSendsIt() {
        DataApiClient client = TestClients.client(URI.create("http://127.0.0.1:1"), "key", new FakeTime());
        for (String id : List.of(".", "..")) {
            assertThat(CompanyIds.refusal(id)).as(id).contains("dot segment");
            assertThatThrownBy(() -> CompanyIds.segment(id)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Company id '" + id + "' cannot be sent as a path segment");
            // a path built without CompanyIds, or a link from the source, is refused before anything is sent
            assertThatThrownBy(() -> client.fetchPage("/companies/" + id + "/data/invoices?page=1&pageSize=10"))
                    .isInstanceOf(MalformedResponseException.class).hasMessageContaining("a '.' or '..' path segment");
        }
        assertThat(CompanyIds.refusal("")).contains("empty segment");
        assertThat(CompanyIds.refusal("%2e")).isNull();
        assertThat(CompanyIds.refusal("acme,eu")).isNull();
    }
}
