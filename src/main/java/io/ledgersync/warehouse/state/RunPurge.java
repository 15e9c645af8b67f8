package io.ledgersync.warehouse.state;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * Deletes old runs from Spring Batch's job repository and their {@code sync_reconciliation} rows,
 * a whole job instance at a time: a run resumed later is one instance of several executions, and
 * keeping only some of them would make a resume read again what an earlier execution completed.
 * An instance goes when every execution of it ended before the cutoff, its latest execution is
 * finished (which statuses count as finished is the caller's to say: the sync's), and that execution
 * is not the newest successful one of its kind; so a run that can still be resumed stays, however old. Batch's own {@code deleteJobInstance}
 * reads every execution with its contexts and deletes row by row; this deletes set by set, in the
 * order of the foreign keys, in transactions of {@value #BATCH} instances. Thread-safe.
 */
public class RunPurge {

    /**
     * Instances per transaction: short transactions beside a running sync. Measured (bench/BENCHMARKS.md, "History
     * purge"): on H2 a transaction of 200 instances cost twice the time of 20 and left the file 4x as large (H2 keeps a
     * transaction's old pages until it ends); on PostgreSQL 20 cost a quarter of a second more for a year of runs.
     */
    static final int BATCH = 20;

    /** Every instance of the job whose executions all ended before the cutoff, with its latest execution. */
    private static final String OLD_INSTANCES = """
            SELECT g.job_instance_id, g.latest, l.status
            FROM (SELECT e.job_instance_id, MAX(e.job_execution_id) AS latest,
                         MAX(COALESCE(e.end_time, e.last_updated, e.create_time)) AS last_seen
                  FROM batch_job_execution e JOIN batch_job_instance i ON i.job_instance_id = e.job_instance_id
                  WHERE i.job_name = :job
                  GROUP BY e.job_instance_id) g
            JOIN batch_job_execution l ON l.job_execution_id = g.latest
            WHERE g.last_seen < :cutoff
            ORDER BY g.job_instance_id""";

    /** The newest successful execution of each kind (the value of the kind parameter; runs without one are a kind too). */
    private static final String NEWEST_SUCCESSES = """
            SELECT MAX(e.job_execution_id)
            FROM batch_job_execution e
            JOIN batch_job_instance i ON i.job_instance_id = e.job_instance_id
            LEFT JOIN batch_job_execution_params k ON k.job_execution_id = e.job_execution_id AND k.parameter_name = :kind
            WHERE i.job_name = :job AND e.status = 'COMPLETED'
            GROUP BY COALESCE(k.parameter_value, '')""";

    /** The newest job instance of each kind (the value of the kind parameter, or the default kind's when it has none). */
    /** The newest job instance of each kind (the value of the kind parameter, or the default kind's when it has none). */
    private static final String NEWEST_OF_KIND = """
            SELECT r.kind, MAX(r.job_instance_id)
            FROM (SELECT COALESCE(k.parameter_value, :unnamed) AS kind, e.job_instance_id
                  FROM batch_job_execution e
                  JOIN batch_job_instance i ON i.job_instance_id = e.job_instance_id
                  LEFT JOIN batch_job_execution_params k ON k.job_execution_id = e.job_execution_id AND k.parameter_name = :kind
                  WHERE i.job_name = :job) r
            GROUP BY r.kind""";

    /** The kind of each old instance's latest execution ({@link #OLD_INSTANCES}). */
    private static final String OLD_INSTANCE_KINDS = """
            SELECT o.job_instance_id, o.latest, o.status, COALESCE(k.parameter_value, :unnamed)
            FROM (""" + OLD_INSTANCES + """
            ) o
            LEFT JOIN batch_job_execution_params k ON k.job_execution_id = o.latest AND k.parameter_name = :kind
            ORDER BY o.job_instance_id""";

    private static final String EXECUTIONS = "SELECT job_execution_id FROM batch_job_execution WHERE job_instance_id IN (<instances>)";

    /** Children before parents: each statement deletes what refers to the rows of the next ones. */
    private static final List<String> DELETES = List.of(
            "DELETE FROM batch_step_execution_context WHERE step_execution_id IN (SELECT s.step_execution_id"
                    + " FROM batch_step_execution s WHERE s.job_execution_id IN (" + EXECUTIONS + "))",
            "DELETE FROM batch_step_execution WHERE job_execution_id IN (" + EXECUTIONS + ")",
            "DELETE FROM batch_job_execution_context WHERE job_execution_id IN (" + EXECUTIONS + ")",
            "DELETE FROM batch_job_execution_params WHERE job_execution_id IN (" + EXECUTIONS + ")",
            "DELETE FROM sync_reconciliation WHERE run_id IN (" + EXECUTIONS + ")",
            "DELETE FROM batch_job_execution WHERE job_instance_id IN (<instances>)",
            "DELETE FROM batch_job_instance WHERE job_instance_id IN (<instances>)");

    private final Jdbi jdbi;
    private final int batch;

    public RunPurge(Jdbi jdbi) {
        this(jdbi, BATCH);
    }

    /** @param batch instances per transaction; the benchmark tries others */
    public RunPurge(Jdbi jdbi, int batch) {
        this.jdbi = jdbi;
        this.batch = batch;
    }

    /**
     * What a purge deleted, and what it kept of the runs old enough to go.
     *
     * @param runs job executions deleted (each run id of the API is one)
     * @param instances job instances deleted: runs with the executions that resumed them
     * @param steps step executions deleted, partitions and the steps that split them, with their contexts
     * @param reconciliations rows of {@code sync_reconciliation} deleted
     * @param keptNewest old instances kept because they hold the newest successful run of their kind
     * @param keptResumable old instances kept because their latest execution is not finished
     */
    public record Purged(int runs, int instances, int steps, int reconciliations, int keptNewest, int keptResumable) {
    }

    /**
     * Deletes the runs of {@code jobName} that ended before {@code cutoff}, except the newest
     * successful one of each value of the job parameter {@code kindParameter} and those that can
     * still be resumed: the runs whose latest execution's status is not one of {@code finished}.
     */
    public Purged purge(String jobName, String kindParameter, Set<String> finished, Instant cutoff) {
        // Batch keeps the local time of the JVM that ran the job, without a zone
        LocalDateTime localCutoff = LocalDateTime.ofInstant(cutoff, ZoneId.systemDefault());
        Set<Long> newest = new HashSet<>(jdbi.withHandle(handle -> handle.createQuery(NEWEST_SUCCESSES)
                .bind("job", jobName).bind("kind", kindParameter).mapTo(Long.class).list()));
        List<Long> purgeable = new ArrayList<>();
        int keptNewest = 0;
        int keptResumable = 0;
        for (OldInstance old : jdbi.withHandle(handle -> handle.createQuery(OLD_INSTANCES).bind("job", jobName)
                .bind("cutoff", localCutoff).map((rs, ctx) -> new OldInstance(rs.getLong(1), rs.getLong(2), rs.getString(3))).list())) {
            if (!finished.contains(old.latestStatus())) {
                keptResumable++;
            } else if (newest.contains(old.latestExecution())) {
                keptNewest++;
            } else {
                purgeable.add(old.instanceId());
            }
        }
        int[] deleted = new int[DELETES.size()];
        for (int from = 0; from < purgeable.size(); from += batch) {
            List<Long> instances = purgeable.subList(from, Math.min(from + batch, purgeable.size()));
            jdbi.useTransaction(handle -> delete(handle, instances, deleted));
        }
        return new Purged(deleted[5], deleted[6], deleted[1], deleted[4], keptNewest, keptResumable);
    }

    /**
     * An old run that can still be resumed but that a later run of its kind superseded: its job instance and latest
     * execution.
     */
    public record Superseded(long instanceId, long latestExecution) {
    }

    /**
     * The runs of {@code jobName} whose executions all ended before {@code cutoff}, whose latest execution's status is
     * not one of {@code finished}, and after which a run of the same value of the job parameter {@code kindParameter}
     * started ({@code unnamedKind} for a run without it): the runs a launch resumes are the newest of their kind only.
     */
    public List<Superseded> superseded(String jobName, String kindParameter, String unnamedKind, Set<String> finished,
            Instant cutoff) {
        LocalDateTime localCutoff = LocalDateTime.ofInstant(cutoff, ZoneId.systemDefault());
        return jdbi.withHandle(handle -> {
            Map<String, Long> newest = new HashMap<>();
            handle.createQuery(NEWEST_OF_KIND).bind("job", jobName).bind("kind", kindParameter).bind("unnamed", unnamedKind)
                    .map((rs, ctx) -> newest.put(rs.getString(1), rs.getLong(2))).list();
            return handle.createQuery(OLD_INSTANCE_KINDS).bind("job", jobName).bind("cutoff", localCutoff)
                    .bind("kind", kindParameter).bind("unnamed", unnamedKind)
                    .map((rs, ctx) -> new OldOfKind(new OldInstance(rs.getLong(1), rs.getLong(2), rs.getString(3)), rs.getString(4)))
                    .list().stream()
                    .filter(old -> !finished.contains(old.instance().latestStatus())
                            && old.instance().instanceId() < newest.getOrDefault(old.kind(), 0L))
                    .map(old -> new Superseded(old.instance().instanceId(), old.instance().latestExecution()))
                    .toList();
        });
    }

    private static void delete(Handle handle, List<Long> instances, int[] deleted) {
        for (int i = 0; i < DELETES.size(); i++) {
            deleted[i] += handle.createUpdate(DELETES.get(i)).bindList("instances", instances).execute();
        }
    }

    /** An instance old enough to go, and its latest execution. */
    private record OldInstance(long instanceId, long latestExecution, String latestStatus) {
    }

    /** An old instance and the kind of its latest execution. */
    private record OldOfKind(OldInstance instance, String kind) {
    }
}
