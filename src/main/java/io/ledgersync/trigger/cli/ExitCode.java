package io.ledgersync.trigger.cli;

import java.sql.SQLException;
import java.util.List;

import org.springframework.dao.DataAccessException;

import io.ledgersync.source.DataApiException;
import io.ledgersync.sync.RunOutcome;
import io.ledgersync.sync.SourceDataException;
import io.ledgersync.sync.history.SyncReport;

/**
 * The exit codes of the {@code sync} command (and of {@code serve} once it stops), so that cron and
 * Kubernetes can tell a run that needs a person (bad key, account limit) from one that will pass by
 * itself later (source down, stopped). Documented in the README; keep them stable.
 */
public enum ExitCode {
    COMPLETED(0, "completed"),
    FAILED(1, "failed (the cause is printed)"),
    /** Also a setting that is missing or wrong (no API key for a base URL, prod without an admin password). */
    USAGE(2, "usage or configuration error: unknown option, data set or company; a missing or invalid setting"),
    COMPLETED_WITH_DEFERRALS(3, "completed, some company data sets deferred (409)"),
    /** Also: another process has the H2 warehouse open (H2 lets one process at a time open its file). */
    ALREADY_RUNNING(4, "another run of the same kind is active, or another process has the H2 warehouse open"),
    /** 401 or 403: the key is wrong, outdated, or not allowed. */
    AUTHENTICATION(5, "authentication (401/403)"),
    /** 402: an account limit of the Data API. */
    ACCOUNT_LIMIT(6, "account limit (402)"),
    /** 429, 5xx, connection failures or an open circuit that outlasted the retries. */
    SOURCE_UNAVAILABLE(7, "source unavailable (429/5xx/connection after retries)"),
    /** The warehouse database failed, or is missing or unreachable at start. */
    DATABASE(8, "database: failed, missing or unreachable"),
    /** A signal (SIGTERM, Ctrl-C) or a stop request stopped the run at a page boundary, keeping what it committed. */
    STOPPED(9, "stopped (signal or stop request) at a page boundary; the next sync resumes it"),
    /**
     * The Data API sent records that cannot be stored (no key, a value that does not fit its column, a NUL): they are
     * in rejected_records and the rest was written; or so many in one partition that it failed.
     */
    SOURCE_DATA(10, "source data: records set aside in rejected_records (or too many, failing their partition)");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    /** Every code and its meaning, e.g. for the usage text: "0 completed, 1 failed (...), ...". */
    public static String table() {
        return java.util.Arrays.stream(values()).map(exit -> exit.code + " " + exit.meaning)
                .collect(java.util.stream.Collectors.joining(", "));
    }

    public int code() {
        return code;
    }

    public static ExitCode of(SyncReport report) {
        if (report.outcome() == RunOutcome.STOPPED) {
            return STOPPED; // whatever else went wrong, the next sync resumes it, and says so
        }
        if (report.successful()) {
            // records set aside need a person; deferrals pass by themselves
            return report.rejected() > 0 ? SOURCE_DATA : report.deferred() > 0 ? COMPLETED_WITH_DEFERRALS : COMPLETED;
        }
        return ofFailures(report.failureCauses());
    }

    /** When failures differ, the one a person must act on first decides. */
    private static final List<ExitCode> PRECEDENCE = List.of(AUTHENTICATION, ACCOUNT_LIMIT, DATABASE, SOURCE_UNAVAILABLE,
            SOURCE_DATA);

    static ExitCode ofFailures(List<Throwable> causes) {
        List<ExitCode> codes = causes.stream().map(ExitCode::ofFailure).toList();
        return PRECEDENCE.stream().filter(codes::contains).findFirst().orElse(FAILED);
    }

    /**
     * The code of several checks or failures together: the one a person must act on first ({@link #PRECEDENCE}), else
     * the first that is not {@link #COMPLETED}; {@link #COMPLETED} when all are.
     */
    static ExitCode mostUrgent(List<ExitCode> codes) {
        return PRECEDENCE.stream().filter(codes::contains).findFirst()
                .orElseGet(() -> codes.stream().filter(code -> code != COMPLETED).findFirst().orElse(COMPLETED));
    }

    /** The code of one failure: its first cause that has one decides (the Data API's status, or the database). */
    public static ExitCode ofFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof DataApiException api) {
                int status = api.status();
                if (status == 401 || status == 403) {
                    return AUTHENTICATION;
                }
                if (status == 402) {
                    return ACCOUNT_LIMIT;
                }
                if (status == 0 || status == 429 || status >= 500) {
                    return SOURCE_UNAVAILABLE;
                }
                return FAILED;
            }
            if (cause instanceof SourceDataException) {
                return SOURCE_DATA;
            }
            if (cause instanceof DataAccessException || cause instanceof SQLException) {
                return DATABASE;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return FAILED;
    }
}
