package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every status of CONTRACT.md §7.1 becomes a type that says what it means: retriable (the client retries it),
 * permanent (a person must act: the run stops), or neither (only its partition fails, or the job records an outcome).
 */
class DataApiExceptionTests {

    private static final String CORRELATION = "7d0c1a1e-0000-4000-8000-000000000001";

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "202 | StillProcessingException      | true  | false",
            "400 | BadRequestException           | false | true",
            "401 | AuthenticationException       | false | true",
            "402 | AccountLimitException         | false | true",
            "403 | ForbiddenException            | false | true",
            "404 | NotFoundException             | false | false",
            "405 | MethodNotAllowedException     | false | true",
            "409 | DataSetNotReadyException      | false | false",
            "429 | RateLimitedException          | true  | false",
            "500 | ServerErrorException          | true  | false",
            "502 | ServerErrorException          | true  | false",
            "503 | ServiceUnavailableException   | true  | false",
            "418 | DataApiException              | false | false",
    })
    void everyStatusBecomesItsTypeAndClassification(int status, String type, boolean retriable, boolean permanent) {
        // given an error body of that status
        ApiError error = new ApiError(status, "PublicApi", "SomeException: something", CORRELATION, List.of());

        // when it is classified
        DataApiException exception = DataApiException.of("GET /companies?page=1&pageSize=100", status, error, null);

        // then its type and classification follow §7.1
        assertThat(exception.getClass().getSimpleName()).isEqualTo(type);
        assertThat(exception.status()).isEqualTo(status);
        assertThat(exception.retriable()).as("retriable").isEqualTo(retriable);
        assertThat(exception.permanent()).as("permanent").isEqualTo(permanent);
        assertThat(exception.correlationId()).isEqualTo(CORRELATION);
        assertThat(exception.exceptionName()).isEqualTo("SomeException");
    }

    @ParameterizedTest(name = "{0} needs a person and stops the run")
    @CsvSource({"400", "401", "402", "403", "405"})
    void permanentMeansAPersonMustActSoTheWholeRunStops(int status) {
        DataApiException exception = DataApiException.of("GET /companies?page=1&pageSize=100", status, error(status), null);

        assertThat(exception.permanent()).isTrue();
        assertThat(exception.retriable()).as("a permanent failure is never retried").isFalse();
    }

    @Test
    void aCompanyThatVanishedFailsOnlyItsPartition() {
        // given a plain 404: the company is gone, which says nothing about the run's other companies
        DataApiException vanished = DataApiException.of("GET /companies/zz/data/invoices?page=1&pageSize=100", 404,
                new ApiError(404, "PublicApi", "NotFound: Company zz was not found.", CORRELATION, List.of()), null);

        // then it is neither retried nor stops the run
        assertThat(vanished.permanent()).isFalse();
        assertThat(vanished.retriable()).isFalse();
    }

    @Test
    void anUnsupportedDataTypeAndANotReadyDataSetAreOutcomesNotFailuresOfTheRun() {
        DataApiException unsupported = DataApiException.of("GET /companies/c1/data/bills", 404,
                new ApiError(404, "PublicApi", "NotFound: Datatype bills not supported by platform(s) Xero.", CORRELATION, List.of()), null);
        DataApiException notReady = DataApiException.of("GET /companies/c1/data/invoices", 409, error(409), null);

        assertThat(List.of(unsupported, notReady)).allSatisfy(outcome -> {
            assertThat(outcome.permanent()).as("stops the run").isFalse();
            assertThat(outcome.retriable()).as("retried by the client").isFalse();
        });
    }

    @Test
    void notSupportedByPlatformIsToldApartFromNotFound() {
        DataApiException unsupported = DataApiException.of("GET /companies/c1/data/bills", 404,
                new ApiError(404, "PublicApi", "NotFound: Datatype bills not supported by platform(s) Xero.", CORRELATION, List.of()), null);
        DataApiException notFound = DataApiException.of("GET /companies/zz/data/invoices", 404,
                new ApiError(404, "PublicApi", "NotFound: Company zz was not found.", CORRELATION, List.of()), null);

        assertThat(unsupported).isInstanceOf(DataTypeNotSupportedException.class).isNotInstanceOf(NotFoundException.class);
        assertThat(notFound).isInstanceOf(NotFoundException.class).isNotInstanceOf(DataTypeNotSupportedException.class);
        assertThat(unsupported.getMessage()).contains("does not provide this data set");
    }

    @Test
    void unauthorizedTellsTheOperatorToCheckTheKeyAndQuotesTheBody() {
        DataApiException exception = DataApiException.of("GET /companies?page=1&pageSize=100", 401,
                new ApiError(401, "PublicApi", "Unauthorized: The API key is incorrect.", CORRELATION, List.of()), null);

        assertThat(exception).isInstanceOf(AuthenticationException.class);
        assertThat(exception.getMessage())
                .startsWith("GET /companies?page=1&pageSize=100 answered 401: Unauthorized: The API key is incorrect.")
                .contains("[correlationId " + CORRELATION + "]")
                .contains("Check the API key (LEDGERSYNC_API_KEY");
    }

    @Test
    void forbiddenTellsTheOperatorToCheckTheKeysScope() {
        DataApiException exception = DataApiException.of("GET /companies/c1/data/invoices?page=1&pageSize=100", 403,
                new ApiError(403, "PublicApi", "Forbidden: The key is not associated with this company.", CORRELATION, List.of()), null);

        assertThat(exception.getMessage()).contains("Forbidden: The key is not associated with this company.")
                .contains(CORRELATION).contains("check the key's scope");
    }

    @Test
    void anExpiredAccountNamesTheLimitFromTheValidationMessage() {
        // given the 402 of §7.2 for an account older than 365 days
        ApiError error = new ApiError(402, "PublicApi", "Payment Required", CORRELATION,
                List.of("Account expired. See https://docs.example.com/account-limits"));

        // when it is classified
        DataApiException exception = DataApiException.of("GET /companies?page=1&pageSize=100", 402, error, null);

        // then the message quotes the error, the validation message, the correlationId and the remedy
        assertThat(exception).isInstanceOfSatisfying(AccountLimitException.class,
                limit -> assertThat(limit.limit()).startsWith("Account expired"));
        assertThat(exception.getMessage())
                .contains("answered 402: Payment Required")
                .contains("(validation: Account expired. See https://docs.example.com/account-limits)")
                .contains(CORRELATION)
                .contains("has expired: upgrade or renew the account");
        assertThat(exception.validationMessages()).containsExactly("Account expired. See https://docs.example.com/account-limits");
    }

    @Test
    void theCompanyLimitSaysToDeleteCompanies() {
        ApiError error = new ApiError(402, "PublicApi", "CompanyValidationException: Company limit exceeded", CORRELATION,
                List.of("Company limit exceeded. See https://docs.example.com"));

        DataApiException exception = DataApiException.of("POST /companies", 402, error, null);

        assertThat(exception.exceptionName()).isEqualTo("CompanyValidationException");
        assertThat(exception.getMessage()).contains("delete companies you no longer need");
    }

    @Test
    void retryAfterIsCarriedAndShown() {
        DataApiException exception = DataApiException.of("GET /companies", 429,
                new ApiError(429, "PublicApi", "TooManyRequests: slow down", CORRELATION, List.of()), Duration.ofSeconds(30));

        assertThat(exception.retryAfter()).contains(Duration.ofSeconds(30));
        assertThat(exception.getMessage()).contains("[Retry-After 30 s]");
    }

    @Test
    void aDroppedConnectionIsRetriableAndHasNoStatus() {
        DataApiException exception = new DataApiConnectionException("GET /companies", new IOException("Connection reset"));

        assertThat(exception.retriable()).isTrue();
        assertThat(exception.status()).isZero();
        assertThat(exception.getMessage()).contains("GET /companies failed without a complete response").contains("Connection reset");
    }

    @Test
    void anErrorBodyThatWasNotJsonStillDescribesTheFailure() {
        DataApiException exception = DataApiException.of("GET /companies", 503,
                new ApiError(503, null, "<html>Maintenance</html>", null, List.of()), null);

        assertThat(exception.getMessage()).isEqualTo("GET /companies answered 503: <html>Maintenance</html>. "
                + "The Data API is offline for maintenance: retried later; the run can be restarted once it is back");
        assertThat(exception.correlationId()).isNull();
    }

    private static ApiError error(int status) {
        return new ApiError(status, "PublicApi", "SomeException: status " + status, CORRELATION, List.of());
    }
}
