package io.ledgersync.sync.job;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;

/**
 * The job repository a partition's chunk step writes through: Batch's own, except that a partition's execution context
 * is written only when it changed since it was last written ({@link org.springframework.batch.infrastructure.item.ExecutionContext#isDirty()},
 * which Batch's {@code updateExecutionContext} clears once it has written it). Batch's step writes the context at its
 * end twice, before and after its listeners, each in a transaction and a commit of its own, also when the last chunk
 * committed the same context a moment before: with a night of one-page partitions, two of each partition's ~13 commits
 * and two rows serialized, written and flushed for nothing (issue 27, bench/BENCHMARKS.md "Many companies").
 *
 * <p>Safe because every value in a partition's context is immutable (strings and numbers, {@code walk/*Keys}): a change
 * is a {@code put} or a {@code remove}, and those mark the context dirty. A context that changed (an error kept by
 * {@code PartitionOutcomeListener}, a failure before the first chunk's commit) is written as before; every other call,
 * the execution's own updates included, goes to Batch's repository unchanged.
 */
final class ChangedContextsOnly implements InvocationHandler {

    private final JobRepository repository;

    private ChangedContextsOnly(JobRepository repository) {
        this.repository = repository;
    }

    static JobRepository of(JobRepository repository) {
        return (JobRepository) Proxy.newProxyInstance(ChangedContextsOnly.class.getClassLoader(),
                new Class<?>[] {JobRepository.class}, new ChangedContextsOnly(repository));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] arguments) throws Throwable {
        if (method.getName().equals("updateExecutionContext") && arguments.length == 1
                && arguments[0] instanceof StepExecution step && !step.getExecutionContext().isDirty()) {
            return null; // what the repository holds is this context already
        }
        try {
            return method.invoke(repository, arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
