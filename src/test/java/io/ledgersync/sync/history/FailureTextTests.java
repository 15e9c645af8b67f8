package io.ledgersync.sync.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.sql.SQLException;

import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;

import io.ledgersync.source.MalformedResponseException;
import io.ledgersync.sync.PageWriteException;

/** Issue 17: the failure text carries the chain that matters, on one bounded line. */
class FailureTextTests {

    @Test
    void ourContextTheDatabasesWordsAndNothingOfTheWrappersInBetween() {
        Throwable failure = new PageWriteException("Writing GET /companies/c1/data/invoices?page=2&pageSize=10 (10 records, ids a to j)"
                + " into invoices for invoices of company c1 failed",
                new DataIntegrityViolationException("PreparedStatementCallback; SQL [INSERT INTO invoices VALUES (?, ?)]",
                        new SQLException("ERROR: value too long for type character varying(8)\n  Where: COPY invoices, line 3")));

        assertThat(FailureText.of(failure)).isEqualTo("Writing GET /companies/c1/data/invoices?page=2&pageSize=10 (10 records, ids a"
                + " to j) into invoices for invoices of company c1 failed: ERROR: value too long for type character varying(8)"
                + " Where: COPY invoices, line 3");
    }

    @Test
    void theDataApisMessageWithTheInnermostCauseWhenItAddsSomething() {
        Throwable failure = new RuntimeException("step failed", new MalformedResponseException("GET /companies?page=2&pageSize=10",
                "the body ended early"));

        assertThat(FailureText.of(failure)).startsWith("GET /companies?page=2&pageSize=10 answered 200 with a malformed response"
                + " (endpoint /companies, page 2): the body ended early");
        assertThat(FailureText.of(new IllegalStateException("wrapper", new IOException("EOF reached while reading"))))
                .isEqualTo("EOF reached while reading");
    }

    @Test
    void aHugeMessageIsCutToTheBound() {
        String text = FailureText.of(new IllegalStateException("x".repeat(50_000)));

        assertThat(text).hasSize(FailureText.MAX_LENGTH).endsWith("...");
    }
}
