package io.ledgersync.sync;

import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;

/**
 * How a sync run ended, in the few kinds an operator acts on. A completed run with deferrals keeps
 * {@code COMPLETED_WITH_DEFERRALS} as its exit code in the job repository.
 */
public enum RunOutcome {
    /** Every partition read its data set to the end (or found it unsupported). */
    COMPLETED,
    /** Completed, but some company data sets were not ready (409) and are retried when due. */
    COMPLETED_WITH_DEFERRALS,
    FAILED,
    /** Stopped on request (API, or the process shutting down); what it committed stays, and a restart resumes it. */
    STOPPED,
    /** Still running (or left so by a process that died). */
    UNFINISHED;

    public static RunOutcome of(JobExecution execution) {
        return switch (RunState.of(execution.getStatus())) {
            case COMPLETED -> COMPLETED_WITH_DEFERRALS.name().equals(execution.getExitStatus().getExitCode())
                    ? COMPLETED_WITH_DEFERRALS : COMPLETED;
            case STOPPED -> STOPPED;
            case FAILED -> FAILED;
            case UNFINISHED -> UNFINISHED;
        };
    }

    /** The exit status that marks a completed run with deferrals. */
    public static ExitStatus withDeferrals(int deferred) {
        return new ExitStatus(COMPLETED_WITH_DEFERRALS.name(),
                deferred + " company data set(s) deferred: not ready at the Data API (409), retried when due");
    }
}
