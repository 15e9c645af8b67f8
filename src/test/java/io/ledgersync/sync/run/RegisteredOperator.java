package io.ledgersync.sync.run;

import org.springframework.batch.core.configuration.support.MapJobRegistry;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.launch.support.TaskExecutorJobOperator;
import org.springframework.batch.core.repository.JobRepository;

/** Batch's job operator over a test's job repository, with the test's one job registered: for launcher tests. */
final class RegisteredOperator {

    private RegisteredOperator() {
    }

    static <T extends TaskExecutorJobOperator> T of(T operator, JobRepository repository, Job job) {
        try {
            MapJobRegistry registry = new MapJobRegistry();
            registry.register(job);
            operator.setJobRepository(repository);
            operator.setJobRegistry(registry);
            operator.afterPropertiesSet();
            return operator;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
