package io.ledgersync.sync.history;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.dao.OptimisticLockingFailureException;

import io.ledgersync.sync.RunState;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.warehouse.state.RunPurge;

/**
 * Keeps the history of runs from growing for ever: forgets the runs that ended longer ago than the
 * retention — their rows in Spring Batch's job repository and in {@code sync_reconciliation} —
 * except the newest successful run of each {@link SyncRequest.Kind#mode mode} (full, deferred) and any
 * run that can still be resumed ({@link RunState#finished}), however old.
 *
 * <p>A run that failed or was stopped, and after which another run of its lock started, is never resumed by a launch
 * (a launch resumes only the latest run of its lock: {@link RunLookup#unfinished}); once it is older than the retention
 * it is marked {@link BatchStatus#ABANDONED}, finished, and purged with the rest (issue 27: after a failure that
 * recovered, the nightly runs start anew and the failed ones would otherwise stay for ever). Thread-safe.
 */
public class RunRetention {

    private static final Logger log = LoggerFactory.getLogger(RunRetention.class);

    private final RunPurge purge;
    private final JobRepository jobRepository;

    public RunRetention(RunPurge purge, JobRepository jobRepository) {
        this.purge = purge;
        this.jobRepository = jobRepository;
    }

    /**
     * Abandons the old superseded runs, purges the runs that ended before {@code now - retention}, and logs what went in
     * one line.
     *
     * @return the runs purged
     */
    public int purge(Instant now, Duration retention) {
        Instant cutoff = now.minus(retention);
        int abandoned = abandonSuperseded(cutoff);
        RunPurge.Purged purged = purge.purge(SyncRequest.JOB_NAME, SyncRequest.KIND_PARAMETER, RunState.finishedStatuses(),
                cutoff);
        log.info("Purged {} sync run(s) that ended before {} (retention {}): {} job instance(s), {} step execution(s), "
                + "{} reconciliation row(s), {} of them abandoned as a later run of their kind superseded them; kept {} older"
                + " run(s) as the newest successful of their kind and {} that can still be resumed", purged.runs(), cutoff,
                days(retention), purged.instances(), purged.steps(), purged.reconciliations(), abandoned, purged.keptNewest(),
                purged.keptResumable());
        return purged.runs();
    }

    /**
     * Marks ABANDONED the latest execution of each old run that failed or was stopped and that a later run of its lock
     * superseded. Batch's {@code JobOperator.abandon} would stamp now as its end, and the purge would then keep it a
     * whole retention more: the status is upgraded through the job repository instead, its end kept. Reads the
     * executions alone, not their steps and contexts.
     */
    private int abandonSuperseded(Instant cutoff) {
        int abandoned = 0;
        List<RunPurge.Superseded> superseded = purge.superseded(SyncRequest.JOB_NAME, SyncRequest.KIND_PARAMETER,
                SyncRequest.Kind.INCREMENTAL.mode(), RunState.finishedStatuses(), cutoff);
        for (RunPurge.Superseded run : superseded) {
            JobInstance instance = jobRepository.getJobInstance(run.instanceId());
            JobExecution latest = instance == null ? null : jobRepository.findJobExecutions(instance).stream()
                    .max(Comparator.comparingLong(JobExecution::getId)).orElse(null);
            // read again: a restart through the API may have resumed it meanwhile; a run that looks active is not ours
            if (latest == null || latest.getId() != run.latestExecution() || latest.getStatus().isRunning()
                    || RunState.finished(latest.getStatus())) {
                continue;
            }
            try {
                latest.upgradeStatus(BatchStatus.ABANDONED);
                jobRepository.update(latest);
                abandoned++;
            } catch (OptimisticLockingFailureException raced) {
                log.info("Sync run {} changed while it was being abandoned ({}): the next purge looks again", latest.getId(),
                        raced.getMessage());
            }
        }
        return abandoned;
    }

    /** As it is configured: 90d rather than PT2160H. */
    private static String days(Duration duration) {
        return duration.toSeconds() % 86_400 == 0 ? duration.toDays() + "d" : duration.toString();
    }
}
