package io.ledgersync.warehouse;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.PreparedBatch;

/**
 * Sync runs written into Spring Batch's tables by SQL, as its job repository writes them but at any
 * date: for the tests and the benchmark of the purge, which need a year of history in seconds. Each
 * execution has one step per data set that splits it and one partition per company and data set,
 * with their contexts, its parameters, and a reconciliation row per completed partition. Ids follow
 * the largest in the tables: for a database where nothing else writes runs meanwhile.
 */
public final class JobRepositoryRows {

    /** The text of the serialized contexts, as the job repository would store it. */
    public interface Contexts {
        String job();

        String step(String dataSet);

        String partition(String dataSet, String companyId, long records);
    }

    /** A run: its job instance, and the execution just written. */
    public record Run(long instanceId, long executionId) {
    }

    private static final long RECORDS = 250;
    private static final int SHORT_CONTEXT = 2500;

    private final Jdbi jdbi;
    private final List<String> dataSets;
    private final int companies;
    private final Contexts contexts;
    private long lastInstance;
    private long lastExecution;
    private long lastStep;

    public JobRepositoryRows(Jdbi jdbi, List<String> dataSets, int companies, Contexts contexts) {
        this.jdbi = jdbi;
        this.dataSets = dataSets;
        this.companies = companies;
        this.contexts = contexts;
        this.lastInstance = max("job_instance_id", "batch_job_instance");
        this.lastExecution = max("job_execution_id", "batch_job_execution");
        this.lastStep = max("step_execution_id", "batch_step_execution");
    }

    /** Contexts of a few characters, for tests that look only at which rows are left. */
    public static Contexts plainContexts() {
        return new Contexts() {
            @Override
            public String job() {
                return "{}";
            }

            @Override
            public String step(String dataSet) {
                return "{\"step\": \"" + dataSet + "\"}";
            }

            @Override
            public String partition(String dataSet, String companyId, long records) {
                return "{\"data.set\": \"" + dataSet + "\", \"companyId\": \"" + companyId + "\", \"records.read\": " + records + "}";
            }
        };
    }

    /** A new run of {@code mode} (FULL, DEFERRED; null for none) that started at {@code started}, ended five minutes later with {@code status}. */
    public Run run(String mode, String status, LocalDateTime started) {
        long instance = ++lastInstance;
        jdbi.useHandle(h -> h.createUpdate("INSERT INTO batch_job_instance (job_instance_id, version, job_name, job_key)"
                + " VALUES (:id, 0, 'sync', :key)").bind("id", instance).bind("key", String.format("%032x", instance)).execute());
        return execution(instance, mode, status, started);
    }

    /** Another execution of {@code run}'s job instance: the resume of it. */
    public Run resume(Run run, String mode, String status, LocalDateTime started) {
        return execution(run.instanceId(), mode, status, started);
    }

    private Run execution(long instance, String mode, String status, LocalDateTime started) {
        long execution = ++lastExecution;
        LocalDateTime ended = status.equals("STARTED") ? null : started.plusMinutes(5);
        jdbi.useTransaction(h -> {
            h.createUpdate("""
                    INSERT INTO batch_job_execution (job_execution_id, version, job_instance_id, create_time, start_time, end_time,
                        status, exit_code, exit_message, last_updated)
                    VALUES (:id, 2, :instance, :started, :started, :ended, :status, :status, '', :updated)""")
                    .bind("id", execution).bind("instance", instance).bind("started", started).bind("ended", ended)
                    .bind("status", status).bind("updated", ended == null ? started : ended).execute();
            parameters(h, execution, mode, started);
            String context = contexts.job();
            h.createUpdate("INSERT INTO batch_job_execution_context (job_execution_id, short_context, serialized_context)"
                    + " VALUES (:id, :short, :long)").bind("id", execution).bind("short", shortContext(context))
                    .bind("long", longContext(context)).execute();
            steps(h, execution, status, started, ended);
        });
        return new Run(instance, execution);
    }

    private void parameters(Handle h, long execution, String mode, LocalDateTime started) {
        PreparedBatch batch = h.prepareBatch("INSERT INTO batch_job_execution_params (job_execution_id, parameter_name,"
                + " parameter_type, parameter_value, identifying) VALUES (:id, :name, :type, :value, 'Y')");
        if (mode != null) {
            batch.bind("id", execution).bind("name", "mode").bind("type", "java.lang.String").bind("value", mode).add();
        }
        batch.bind("id", execution).bind("name", "datasets").bind("type", "java.lang.String").bind("value", "").add();
        batch.bind("id", execution).bind("name", "companies").bind("type", "java.lang.String").bind("value", "").add();
        batch.bind("id", execution).bind("name", "launched.at").bind("type", "java.lang.Long")
                .bind("value", String.valueOf(started.toInstant(ZoneOffset.UTC).toEpochMilli())).add();
        batch.execute();
    }

    private void steps(Handle h, long execution, String status, LocalDateTime started, LocalDateTime ended) {
        PreparedBatch steps = h.prepareBatch("""
                INSERT INTO batch_step_execution (step_execution_id, version, step_name, job_execution_id, create_time, start_time,
                    end_time, status, commit_count, read_count, filter_count, write_count, read_skip_count, write_skip_count,
                    process_skip_count, rollback_count, exit_code, exit_message, last_updated)
                VALUES (:id, 3, :name, :execution, :started, :started, :ended, :status, :pages, :pages, 0, :pages, 0, 0, 0, 0,
                    :status, '', :updated)""");
        PreparedBatch stepContexts = h.prepareBatch("INSERT INTO batch_step_execution_context (step_execution_id, short_context,"
                + " serialized_context) VALUES (:id, :short, :long)");
        PreparedBatch reconciliations = h.prepareBatch("""
                INSERT INTO sync_reconciliation (run_id, company_id, data_set, records_read, total_results, matched, recorded_at)
                VALUES (:run, :company, :dataSet, :records, :records, TRUE, :at)""");
        LocalDateTime updated = ended == null ? started : ended;
        for (String dataSet : dataSets) {
            long manager = ++lastStep;
            steps.bind("id", manager).bind("name", dataSet).bind("execution", execution).bind("started", started)
                    .bind("ended", ended).bind("status", status).bind("pages", 0).bind("updated", updated).add();
            String managerContext = contexts.step(dataSet);
            stepContexts.bind("id", manager).bind("short", shortContext(managerContext)).bind("long", longContext(managerContext)).add();
            for (int company = 0; company < companies; company++) {
                String companyId = "company-" + company;
                long partition = ++lastStep;
                steps.bind("id", partition).bind("name", dataSet + ":" + companyId).bind("execution", execution)
                        .bind("started", started).bind("ended", ended).bind("status", status).bind("pages", 1)
                        .bind("updated", updated).add();
                String partitionContext = contexts.partition(dataSet, companyId, RECORDS);
                stepContexts.bind("id", partition).bind("short", shortContext(partitionContext))
                        .bind("long", longContext(partitionContext)).add();
                if (status.equals("COMPLETED")) {
                    reconciliations.bind("run", execution).bind("company", companyId).bind("dataSet", dataSet)
                            .bind("records", RECORDS).bind("at", ended.atOffset(ZoneOffset.UTC)).add();
                }
            }
        }
        steps.execute();
        stepContexts.execute();
        if (reconciliations.size() > 0) {
            reconciliations.execute();
        }
    }

    /** Rows of a table that belong to the given job executions, by the column that names them. */
    public long rowsOf(String table, String executionColumn, List<Long> executions) {
        return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table + " WHERE " + executionColumn + " IN (<ids>)")
                .bindList("ids", executions).mapTo(Long.class).one());
    }

    /** As the job repository stores a context: in SHORT_CONTEXT when it fits, else cut there and whole in SERIALIZED_CONTEXT. */
    private static String shortContext(String context) {
        return context.length() <= SHORT_CONTEXT ? context : context.substring(0, SHORT_CONTEXT - 8) + " ...";
    }

    private static String longContext(String context) {
        return context.length() <= SHORT_CONTEXT ? null : context;
    }

    private long max(String column, String table) {
        return jdbi.withHandle(h -> h.createQuery("SELECT COALESCE(MAX(" + column + "), 0) FROM " + table).mapTo(Long.class).one());
    }
}
