package io.ledgersync.sandbox.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import io.ledgersync.sandbox.records.ApiException;

/** What the handler reads from a request before any resource sees it. */
class DataApiHandlerTests {

    @Test
    void badPercentEncodingInAParameterIs400() {
        // The JDK server refuses a URI it cannot parse before the sandbox sees it; what it lets through the
        // sandbox decodes itself, and a bad escape there is the client's error too.
        assertThatThrownBy(() -> DataApiHandler.parameters("page=%ZZ"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(400));
        assertThat(DataApiHandler.parameters("query=status%3DPaid&page=2&page=3"))
                .containsEntry("query", "status=Paid").containsEntry("page", "2");
    }
}
