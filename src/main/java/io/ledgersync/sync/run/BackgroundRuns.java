package io.ledgersync.sync.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongPredicate;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.InvalidJobParametersException;

import io.ledgersync.sync.history.RunLookup;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.warehouse.lock.RunLocks;

/**
 * Runs each sync on a thread of its own that holds the run's lock until the run ends, hands back the
 * run's id as soon as it has one, and knows the runs in flight in this process, so that a process
 * shutting down stops them all and waits for them ({@link #stopAll}). Thread-safe.
 */
public final class BackgroundRuns {

    /** What starts the run on its thread: a start or a resume of the job. */
    @FunctionalInterface
    interface Execution {
        JobExecution run(long launchedAt) throws Exception;
    }

    /** A run begun here, with the name of the lock it holds: its execution once it has one, its report once it ends. */
    private record InFlight(String lockName, CompletableFuture<JobExecution> started, CompletableFuture<SyncReport> completion) {
    }

    private final ActiveRuns activeRuns;
    private final RunLookup lookup;
    private final Executor threads;
    private final List<String> dataSets;
    private final Set<InFlight> inFlight = new HashSet<>(); // guarded by itself
    private Long stopDeadline; // System.nanoTime(), guarded by inFlight; set once: from then on no run begins

    public BackgroundRuns(ActiveRuns activeRuns, RunLookup lookup, Executor threads, List<String> dataSets) {
        this.activeRuns = activeRuns;
        this.lookup = lookup;
        this.threads = threads;
        this.dataSets = dataSets;
    }

    /**
     * Runs {@code execution} on a background thread that holds {@code lock} until the run ends,
     * and waits until the run has its id (or failed before it got one, which is then thrown).
     *
     * @throws SyncShutdownException when this process is stopping its runs; the caller still holds the lock
     */
    RunHandle begin(RunLocks.Held lock, String lockName, long launchedAt, Execution execution, boolean resumed) {
        CompletableFuture<JobExecution> started = activeRuns.expect(launchedAt);
        InFlight run;
        synchronized (inFlight) {
            if (stopDeadline != null) {
                activeRuns.forget(launchedAt);
                throw new SyncShutdownException();
            }
            CompletableFuture<SyncReport> completion = CompletableFuture.supplyAsync(() -> {
                try (lock) {
                    return SyncReport.of(lookup.partitions(execution.run(launchedAt)), dataSets);
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
            run = new InFlight(lockName, started, completion);
            inFlight.add(run);
        }
        run.completion().whenComplete((report, failure) -> {
            synchronized (inFlight) {
                inFlight.remove(run);
            }
        });
        // Whichever comes first: the run's id, or its failure to start at all.
        CompletableFuture.anyOf(started, run.completion()).join();
        if (!started.isDone()) {
            await(run.completion()); // throws the reason it could not start
        }
        return new RunHandle(started.join().getId(), resumed, run.completion());
    }

    /**
     * Waits, at most {@code atMost}, until a run of this process that holds the lock {@code lockName} and whose end the
     * job repository already records has released its lock. Such a run has only its report and the lock's release left
     * to do, on its own thread, a moment after Batch recorded its end: a launch in that moment must not be refused as if
     * another run were active (issue 27, the soak). A run still running is not waited for.
     *
     * @return whether there was such a run and it has released its lock; false when the lock is held otherwise
     */
    boolean awaitEndedRun(String lockName, Duration atMost) {
        long deadline = System.nanoTime() + atMost.toNanos();
        List<InFlight> runs;
        synchronized (inFlight) {
            runs = inFlight.stream().filter(run -> run.lockName().equals(lockName)).toList();
        }
        for (InFlight run : runs) {
            JobExecution execution = run.started().getNow(null);
            if (execution != null && (run.completion().isDone() || lookup.ended(execution))) {
                waitUntil(run.completion(), deadline);
                return run.completion().isDone();
            }
        }
        return false;
    }

    /**
     * Refuses every later run, asks each run in flight to stop ({@code stop} gets its id and answers
     * whether the run was still running), and waits until they ended or the grace ran out. The grace counts from the first call: a second call (a
     * shutdown hook after a signal handler) waits only for what is left of it.
     */
    RunsStopped stopAll(Duration grace, LongPredicate stop) {
        List<InFlight> runs;
        long deadline;
        synchronized (inFlight) {
            if (stopDeadline == null) {
                // real time, not the injected clock: this waits for threads, not for the business day
                stopDeadline = System.nanoTime() + grace.toNanos();
            }
            deadline = stopDeadline;
            runs = new ArrayList<>(inFlight);
        }
        List<Long> stopped = new ArrayList<>();
        for (InFlight run : runs) {
            // a run still starting is stopped as soon as it has an id; one that failed to start has nothing to stop
            waitUntil(CompletableFuture.anyOf(run.started(), run.completion()), deadline);
            if (run.started().isDone() && !run.completion().isDone()) {
                long runId = run.started().join().getId();
                if (stop.test(runId)) {
                    stopped.add(runId);
                }
            }
        }
        List<Long> stillRunning = new ArrayList<>();
        for (InFlight run : runs) {
            waitUntil(run.completion(), deadline);
            if (!run.completion().isDone()) {
                stillRunning.add(run.started().isDone() ? run.started().join().getId() : -1L);
            }
        }
        return new RunsStopped(stopped, stillRunning);
    }

    private static void waitUntil(CompletableFuture<?> future, long deadline) {
        try {
            future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // ended badly, or not yet: the caller looks at isDone()
        }
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
