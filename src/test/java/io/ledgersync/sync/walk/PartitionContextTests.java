package io.ledgersync.sync.walk;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.ledgersync.sync.PartitionOutcome;

/**
 * A partition's execution context as job repositories hold it: runs saved by earlier versions are resumed from these
 * keys, so their names and the types of their values never change.
 */
class PartitionContextTests {

    private static final Instant START = Instant.parse("2026-11-22T02:00:00Z");

    @Test
    void theKeysAndTheTypesOfTheirValuesAreThoseThatRunsInJobRepositoriesHold() {
        ExecutionContext stored = PartitionContext.newPartition("invoices", "c1",
                new Walk(Walk.Kind.INCREMENTAL, "modifiedDate>=2026-11-21T01:00:00Z", START));
        PartitionContext context = PartitionContext.of(stored);
        context.position().save(new PagePosition("/companies/c1/data/invoices?page=2&pageSize=100", 0));
        context.position().saveWalkEnded();
        context.position().saveTotalResults(250);
        context.counts().save(100, 1, 100, 1);
        context.counts().saveRejected(2, 2);
        context.position().firstRun(7);
        context.position().saveNewestCursor(START.minusSeconds(60));
        context.outcome().saveEndedEarly(PartitionOutcome.DEFERRED, "not ready", "corr-1");
        context.recovery().saveNote("page drift: totalResults went from 250 to 257 at page 2 -> caught up");
        context.recovery().saveRecoveries(1);
        context.recovery().saveWholeFrom(START.plusSeconds(30));
        context.recovery().savePassCounts(100, 1);
        context.recovery().savePassDrift("id inv-9 read twice (page 2)");

        assertThat(types(stored)).isEqualTo(new TreeMap<>(Map.ofEntries(
                Map.entry("data.set", String.class),
                Map.entry("companyId", String.class),
                Map.entry("walk.kind", String.class),
                Map.entry("walk.query", String.class),
                Map.entry("walk.started", String.class),
                Map.entry("walk.newest", String.class),
                Map.entry("page.href", String.class),
                Map.entry("page.offset", Integer.class),
                Map.entry("walk.ended", String.class),
                Map.entry("total.results", Long.class),
                Map.entry("records.read", Long.class),
                Map.entry("pages.read", Long.class),
                Map.entry("execution.records.read", Long.class),
                Map.entry("execution.pages.read", Long.class),
                Map.entry("records.rejected", Long.class),
                Map.entry("execution.records.rejected", Long.class),
                Map.entry("walk.first.run", Long.class),
                Map.entry("outcome", String.class),
                Map.entry("outcome.error", String.class),
                Map.entry("outcome.correlationId", String.class),
                Map.entry("walk.drift", String.class),
                Map.entry("walk.recoveries", Integer.class),
                Map.entry("walk.whole.from", String.class),
                Map.entry("walk.pass.records", Long.class),
                Map.entry("walk.pass.pages", Long.class),
                Map.entry("walk.pass.drift", String.class))));
        assertThat(stored.getString("walk.kind")).isEqualTo("INCREMENTAL");
        assertThat(stored.getString("walk.started")).isEqualTo("2026-11-22T02:00:00Z");
        assertThat(stored.getString("walk.whole.from")).isEqualTo("2026-11-22T02:00:30Z");
        assertThat(stored.getString("outcome")).isEqualTo("DEFERRED");
    }

    @Test
    void aContextStoredBeforeWalksWereAndUnderTheDataSetsOldKeyIsStillReadAsAPartitionWithoutAWalk() {
        ExecutionContext stored = new ExecutionContext(Map.<String, Object>of("dataset", "invoices", "companyId", "c1",
                "page.href", "/companies/c1/data/invoices?page=3&pageSize=100", "records.read", 200L, "pages.read", 2L));
        org.springframework.batch.core.step.StepExecution step = new org.springframework.batch.core.step.StepExecution("invoices:c1",
                new org.springframework.batch.core.job.JobExecution(1L, new org.springframework.batch.core.job.JobInstance(1L, "sync"),
                        new org.springframework.batch.core.job.parameters.JobParameters()));
        step.setExecutionContext(stored);

        PartitionContext context = PartitionContext.of(step);

        assertThat(PartitionContext.isPartition(step)).isTrue();
        assertThat(context.dataSet()).isEqualTo("invoices");
        assertThat(context.companyId()).isEqualTo("c1");
        assertThat(context.plan().walk()).isEmpty();
        assertThat(context.recovery().wholeFrom()).isEmpty();
        assertThat(context.counts().recordsRead()).isEqualTo(200);
        assertThat(context.position().current()).contains(new PagePosition("/companies/c1/data/invoices?page=3&pageSize=100", 0));
    }

    @Test
    void forgettingThePositionForgetsWhereTheWalkStoodAndKeepsTheRest() {
        ExecutionContext stored = PartitionContext.newPartition("invoices", "c1", new Walk(Walk.Kind.FULL, null, START));
        PartitionContext context = PartitionContext.of(stored);
        context.position().save(new PagePosition("/companies/c1/data/invoices?page=9&pageSize=100", 0));
        context.position().saveWalkEnded();
        context.position().saveTotalResults(250);
        context.counts().save(800, 8, 800, 8);
        context.position().firstRun(7);
        context.counts().saveRejected(1, 1);

        context.forgetPosition();

        assertThat(new TreeMap<>(types(stored)).keySet()).containsExactly("companyId", "data.set", "execution.pages.read",
                "execution.records.read", "execution.records.rejected", "records.rejected", "walk.kind", "walk.started");
    }

    @Test
    void aWalkEndsAtThePositionSavedWithItsEndAndAnyLaterPositionGoesOn() {
        PartitionContext context = PartitionContext.of(PartitionContext.newPartition("invoices", "c1",
                new Walk(Walk.Kind.FULL, null, START)));
        context.position().save(new PagePosition("/companies/c1/data/invoices?page=3&pageSize=100", 40));
        assertThat(context.position().walkEnded()).isFalse();

        context.position().saveWalkEnded();
        assertThat(context.position().walkEnded()).isTrue();

        context.position().save(new PagePosition("/companies/c1/data/invoices?page=1&pageSize=100", 0));
        assertThat(context.position().walkEnded()).as("a position saved after the end").isFalse();
    }

    private static Map<String, Class<?>> types(ExecutionContext context) {
        Map<String, Class<?>> types = new TreeMap<>();
        context.entrySet().forEach(entry -> types.put(entry.getKey(), entry.getValue().getClass()));
        return types;
    }
}
