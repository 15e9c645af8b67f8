package io.ledgersync.sync;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.InvalidJobParametersException;

import io.ledgersync.warehouse.RunLocks;

/**
 * Runs each sync on a thread of its own that holds the run's lock until the run ends, and hands
 * back the run's id as soon as it has one. Thread-safe.
 */
final class BackgroundRuns {

    /** What starts the run on its thread: a start or a resume of the job. */
    @FunctionalInterface
    interface Execution {
        JobExecution run(long launchedAt) throws Exception;
    }

    private final ActiveRuns activeRuns;
    private final Executor threads;
    private final List<String> dataSets;

    BackgroundRuns(ActiveRuns activeRuns, Executor threads, List<String> dataSets) {
        this.activeRuns = activeRuns;
        this.threads = threads;
        this.dataSets = dataSets;
    }

    /**
     * Runs {@code execution} on a background thread that holds {@code lock} until the run ends,
     * and waits until the run has its id (or failed before it got one, which is then thrown).
     */
    RunHandle begin(RunLocks.Held lock, long launchedAt, Execution execution, boolean resumed) {
        CompletableFuture<JobExecution> started = activeRuns.expect(launchedAt);
        CompletableFuture<SyncReport> completion = CompletableFuture.supplyAsync(() -> {
            try (lock) {
                return SyncReport.of(execution.run(launchedAt), resumed, dataSets);
            } catch (InvalidJobParametersException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("Cannot start the sync: " + e.getMessage(), e);
            } finally {
                activeRuns.forget(launchedAt);
            }
        }, threads);
        // Whichever comes first: the run's id, or its failure to start at all.
        CompletableFuture.anyOf(started, completion).join();
        if (!started.isDone()) {
            await(completion); // throws the reason it could not start
        }
        return new RunHandle(started.join().getId(), resumed, completion);
    }

    /** The run's report once it ends; what stopped it from running is thrown as it was. */
    static SyncReport await(CompletableFuture<SyncReport> completion) {
        try {
            return completion.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for the sync run", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() instanceof CompletionException ce && ce.getCause() != null ? ce.getCause() : e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(cause);
        }
    }
}
