package io.ledgersync.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import io.ledgersync.warehouse.lock.AdvisoryRunLocks;
import io.ledgersync.warehouse.lock.RunLocks;
import io.ledgersync.warehouse.lock.SchemaLock;
import io.ledgersync.warehouse.table.Row;

/** The warehouse contract on PostgreSQL, the production warehouse. */
class PostgresWarehouseContractTests extends AbstractWarehouseContractTests {

    private static final AtomicInteger databases = new AtomicInteger();

    @Override
    String freshDatabaseUrl() {
        return TestPostgres.createDatabase("warehouse_contract_" + databases.incrementAndGet());
    }

    @Override
    String user() {
        return "postgres";
    }

    @Override
    String vendor() {
        return "postgresql";
    }

    @Override
    boolean straightInserts() {
        return true;
    }

    /**
     * Issue 28: a chunk of records read again unchanged leaves no row version in the table nor its child table (no
     * tuple inserted, updated, deleted, none dead), counted by the server's statistics once the writing session's are
     * flushed: a mark written in the same transaction shows when.
     */
    @Test
    void aChunkReadAgainUnchangedWritesNoTupleInTheTableNorItsChildTable() {
        schema().create(BILLS);
        List<Row> bills = List.of(bill("c1", "b1", "desk", "chair"), bill("c1", "b2", "pen"), bill("c1", "b3"));
        warehouse.upsert(BILLS, bills, 1);
        jdbi.useHandle(h -> h.execute("CREATE TABLE stats_mark (n INTEGER)"));
        await().atMost(Duration.ofSeconds(30)).until(() -> tupleCounts().getOrDefault("bill_lines.ins", 0L) == 3);
        Map<String, Long> before = tupleCounts();
        TransactionTemplate transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));

        transaction.executeWithoutResult(status -> {
            assertThat(warehouse.upsert(BILLS, bills, 2)).isEmpty();
            jdbi.useHandle(h -> h.execute("INSERT INTO stats_mark VALUES (1)"));
        });

        await().atMost(Duration.ofSeconds(30)).until(() -> tupleCounts().getOrDefault("stats_mark.ins", 0L) == 1);
        Map<String, Long> after = tupleCounts();
        after.keySet().removeIf(key -> key.startsWith("stats_mark"));
        before.keySet().removeIf(key -> key.startsWith("stats_mark"));
        assertThat(after).isEqualTo(before);
        assertThat(before).containsEntry("bills.ins", 3L).containsEntry("bill_lines.ins", 3L);
    }

    /** Per table of the test, its tuples inserted, updated, deleted and dead, as the server's statistics have them now. */
    private Map<String, Long> tupleCounts() {
        return jdbi.withHandle(h -> {
            h.execute("SELECT pg_stat_clear_snapshot()");
            Map<String, Long> counts = new java.util.TreeMap<>();
            h.createQuery("SELECT relname, n_tup_ins, n_tup_upd, n_tup_del, n_dead_tup FROM pg_stat_user_tables"
                            + " WHERE relname IN ('bills', 'bill_lines', 'stats_mark')")
                    .mapToMap().forEach(row -> {
                        for (String count : List.of("ins", "upd", "del")) {
                            counts.put(row.get("relname") + "." + count, ((Number) row.get("n_tup_" + count)).longValue());
                        }
                        counts.put(row.get("relname") + ".dead", ((Number) row.get("n_dead_tup")).longValue());
                    });
            return counts;
        });
    }

    /** Two instances of the service on one database: each has its own locks object and its own sessions. */
    @Test
    void aSecondInstanceIsRefusedTheLockAndToldWhoHoldsIt() {
        RunLocks otherInstance = dialect.runLocks(dataSource, "ledgersync host-b/2");
        RunLocks.Held held = locks.tryAcquire("full").orElseThrow();

        assertThat(otherInstance.tryAcquire("full")).isEmpty();
        assertThat(otherInstance.holder("full")).get().asString()
                .startsWith("ledgersync host-a/1 (PostgreSQL session ").contains(", since ");

        held.close();
        otherInstance.tryAcquire("full").orElseThrow().close();
    }

    /** A killed process: its connection drops, the server ends its session, and the lock is free at once, with no lease to wait out. */
    @Test
    void aLockDiesWithTheSessionThatHeldIt() {
        RunLocks otherInstance = dialect.runLocks(dataSource, "ledgersync host-b/2");
        RunLocks.Held dying = locks.tryAcquire("full").orElseThrow();

        boolean terminated = jdbi.withHandle(h -> h.createQuery("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                + " WHERE application_name = 'ledgersync host-a/1' AND datname = current_database()").mapTo(Boolean.class).one());

        assertThat(terminated).isTrue();
        await().atMost(Duration.ofSeconds(10)).until(() -> otherInstance.tryAcquire("full").map(held -> {
            held.close();
            return true;
        }).orElse(false));
        dying.close(); // on a dead session: releases nothing, fails nothing
    }

    /** An idle-session killer or a DBA ends the lock's session while nobody else wants the lock: it is taken again, the run goes on. */
    @Test
    void aLockWhoseSessionEndsIsTakenAgainWhenNobodyElseHasIt() {
        RunLocks checked = new AdvisoryRunLocks(dataSource, "ledgersync host-a/1", Duration.ofMillis(100));
        List<String> told = new CopyOnWriteArrayList<>();
        RunLocks.Held held = checked.tryAcquire("full").orElseThrow();
        held.whenLost(told::add);
        int session = lockSession();

        terminate(session);

        await().atMost(Duration.ofSeconds(10)).until(() -> checked.holder("full").filter(holder -> holder.startsWith(
                "ledgersync host-a/1 (PostgreSQL session ") && !holder.contains("session " + session + ",")).isPresent());
        assertThat(dialect.runLocks(dataSource, "ledgersync host-b/2").tryAcquire("full")).as("still held").isEmpty();
        assertThat(told).as("not lost").isEmpty();
        held.close();
    }

    /** Its session ended and another instance took the lock: the holder is told, once, and names who has it now. */
    @Test
    void aLockTakenByAnotherInstanceAfterItsSessionEndedIsLostAndItsHolderIsTold() {
        RunLocks checked = new AdvisoryRunLocks(dataSource, "ledgersync host-a/1", Duration.ofSeconds(1));
        RunLocks otherInstance = dialect.runLocks(dataSource, "ledgersync host-b/2");
        List<String> told = new CopyOnWriteArrayList<>();
        RunLocks.Held held = checked.tryAcquire("full").orElseThrow();
        held.whenLost(told::add);

        terminate(lockSession());
        RunLocks.Held taken = await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                .until(() -> otherInstance.tryAcquire("full").orElse(null), java.util.Objects::nonNull);

        await().atMost(Duration.ofSeconds(10)).until(() -> !told.isEmpty());
        assertThat(told).singleElement().asString().startsWith("its PostgreSQL session ended and ledgersync host-b/2"
                + " (PostgreSQL session ").endsWith("has taken it");
        held.close(); // lost: releases nothing of the new holder's
        assertThat(checked.tryAcquire("full")).as("the other instance still holds it").isEmpty();
        taken.close();
    }

    private int lockSession() {
        return jdbi.withHandle(h -> h.createQuery("SELECT pid FROM pg_stat_activity"
                + " WHERE application_name = 'ledgersync host-a/1' AND datname = current_database()").mapTo(Integer.class).one());
    }

    private void terminate(int session) {
        boolean terminated = jdbi.withHandle(h -> h.createQuery("SELECT pg_terminate_backend(:pid)").bind("pid", session)
                .mapTo(Boolean.class).one());
        assertThat(terminated).isTrue();
    }

    /** The lock waits idle outside a transaction, whatever the run's length: no open transaction holds back vacuum. */
    @Test
    void aHeldLockKeepsNoTransactionOpen() {
        RunLocks.Held held = locks.tryAcquire("full").orElseThrow();

        var session = jdbi.withHandle(h -> h.createQuery("SELECT state, xact_start FROM pg_stat_activity"
                + " WHERE application_name = 'ledgersync host-a/1' AND datname = current_database()").mapToMap().one());

        assertThat(session.get("state")).isEqualTo("idle");
        assertThat(session.get("xact_start")).isNull();
        held.close();
    }

    /** V5: raw is compressed with lz4 where the server has it, through the staging table of the COPY upsert too. */
    @Test
    void rawIsCompressedWithLz4WhereTheServerHasIt() {
        String raw = "{\"lines\": [" + "{\"description\": \"the same line again\", \"amount\": 1.5},".repeat(200) + "{}]}";
        warehouse.upsert(THINGS, List.of(new Row(new Object[] {"c1", "big", null, null, null}, raw)), 1);

        boolean serverHasLz4 = jdbi.withHandle(h -> h.createQuery("SELECT count(*) FROM pg_settings"
                + " WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)").mapTo(Integer.class).one()) == 1;
        String method = jdbi.withHandle(h -> h.createQuery("SELECT pg_column_compression(raw) FROM invoices WHERE id = 'big'")
                .mapTo(String.class).one());
        assertThat(method).isEqualTo(serverHasLz4 ? "lz4" : "pglz");
    }

    /** Two processes bring the tables in line at one start (a cluster's workers): the second waits until the first is done. */
    @Test
    void theSchemaLockMakesASecondProcessWaitUntilTheFirstIsDone() throws Exception {
        SchemaLock first = dialect.schemaLock(jdbi);
        SchemaLock second = dialect.schemaLock(jdbi);
        List<String> steps = new CopyOnWriteArrayList<>();
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);

        CompletableFuture<Void> firstDone = CompletableFuture.runAsync(() -> first.exclusively(() -> {
            steps.add("first starts");
            holding.countDown();
            awaitQuietly(release);
            steps.add("first ends");
        }));
        try {
            assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
            CompletableFuture<Void> secondDone = CompletableFuture.runAsync(() -> second.exclusively(() -> steps.add("second starts")));
            await().atMost(Duration.ofSeconds(10)).until(() -> jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM pg_locks"
                    + " WHERE locktype = 'advisory' AND NOT granted"
                    + " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())").mapTo(Long.class).one()) == 1);
            assertThat(steps).as("the second waits in the database").containsExactly("first starts");

            release.countDown();
            firstDone.get(10, TimeUnit.SECONDS);
            secondDone.get(10, TimeUnit.SECONDS);
            assertThat(steps).containsExactly("first starts", "first ends", "second starts");
        } finally {
            release.countDown();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
