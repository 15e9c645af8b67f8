package io.ledgersync.trigger.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;

class ExitCodeTests {

    @Test
    void eachCauseHasItsOwnCode() {
        assertThat(ExitCode.ofFailure(new IllegalStateException("chunk", new SQLException("connection refused"))))
                .isEqualTo(ExitCode.DATABASE);
        assertThat(ExitCode.ofFailure(new DataAccessResourceFailureException("down"))).isEqualTo(ExitCode.DATABASE);
        assertThat(ExitCode.ofFailure(new IllegalArgumentException("a bug"))).isEqualTo(ExitCode.FAILED);
    }

    @Test
    void whenFailuresDifferTheOneAPersonMustActOnFirstDecides() {
        List<Throwable> causes = List.of(new IllegalArgumentException("a bug"), new SQLException("disk full"));

        assertThat(ExitCode.ofFailures(causes)).isEqualTo(ExitCode.DATABASE);
        assertThat(ExitCode.ofFailures(List.of())).isEqualTo(ExitCode.FAILED);
    }

    @Test
    void codesAreTheDocumentedNumbers() {
        assertThat(List.of(ExitCode.values())).extracting(ExitCode::code).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    }
}
