package io.ledgersync.sync.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.repository.support.ResourcelessJobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.batch.infrastructure.support.transaction.ResourcelessTransactionManager;
import org.springframework.core.task.SimpleAsyncTaskExecutor;

import io.ledgersync.sync.PermanentFailures;

/**
 * The company data sets side by side in lanes: in cluster mode at most as many as keep a company's requests in flight
 * under the Data API's per-company cap across workers, the rest of a lane one after the other.
 */
class DataSetFlowTests {

    private final JobRepository jobRepository = new ResourcelessJobRepository();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();
    private final AtomicLong clock = new AtomicLong();
    private final Map<String, long[]> startAndEnd = new ConcurrentHashMap<>();

    @Test
    void inClusterModeACompanyHasAtMostTheCapOfRequestsInFlight_onePerPartitionOrTwoWhenItPrefetches() {
        assertThat(DataSetFlow.clusterLanes(10, false)).as("the shipped cap, a request per partition").isEqualTo(10);
        assertThat(DataSetFlow.clusterLanes(10, true)).as("two requests per prefetching partition").isEqualTo(5);
        assertThat(DataSetFlow.clusterLanes(3, true)).isEqualTo(1);
        assertThat(DataSetFlow.clusterLanes(1, true)).as("never less than one data set at a time").isEqualTo(1);
    }

    @Test
    void companyDataSetsWithinTheLanesAllRunAtOnce() throws Exception {
        CountDownLatch allThree = new CountDownLatch(3);
        List<Step> dataSets = List.of(meeting("accounts", allThree), meeting("bills", allThree), meeting("invoices", allThree));

        JobExecution run = run(dataSets, 3);

        assertThat(run.getStatus()).as("each waited until all three were running").isEqualTo(BatchStatus.COMPLETED);
        assertThat(mostAtOnce).hasValue(3);
    }

    @Test
    void moreCompanyDataSetsThanLanesRunAtMostLanesAtOnceTheRestOfALaneAfterItsFirst() throws Exception {
        CountDownLatch firstTwo = new CountDownLatch(2);
        // dealt in catalog order: lane 1 accounts then invoices, lane 2 bills
        List<Step> dataSets = List.of(meeting("accounts", firstTwo), meeting("bills", firstTwo), meeting("invoices", new CountDownLatch(0)));

        JobExecution run = run(dataSets, 2);

        assertThat(run.getStatus()).as("accounts and bills waited until both were running").isEqualTo(BatchStatus.COMPLETED);
        assertThat(mostAtOnce).hasValueLessThanOrEqualTo(2);
        assertThat(startAndEnd.get("invoices")[0]).as("invoices started after accounts, its lane's first, ended")
                .isGreaterThan(startAndEnd.get("accounts")[1]);
    }

    @Test
    void withOneLaneTheCompanyDataSetsRunOneAfterTheOtherInCatalogOrder() throws Exception {
        List<Step> dataSets = List.of(meeting("accounts", new CountDownLatch(0)), meeting("bills", new CountDownLatch(0)));

        JobExecution run = run(dataSets, 1);

        assertThat(run.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        assertThat(mostAtOnce).hasValue(1);
        assertThat(startAndEnd.get("bills")[0]).isGreaterThan(startAndEnd.get("accounts")[1]);
    }

    private JobExecution run(List<Step> perCompany, int lanes) throws Exception {
        Step companies = new StepBuilder("companies", jobRepository)
                .tasklet((contribution, context) -> RepeatStatus.FINISHED, new ResourcelessTransactionManager()).build();
        Job job = DataSetFlow.of(new JobBuilder("sync", jobRepository), List.of(companies), perCompany,
                new SimpleAsyncTaskExecutor("test-dataset-"), lanes, new PermanentFailures()).build();
        JobParameters parameters = new JobParameters();
        JobExecution execution = jobRepository.createJobExecution(jobRepository.createJobInstance("sync", parameters), parameters,
                new ExecutionContext());
        job.execute(execution);
        return execution;
    }

    /** A data set's step that counts who runs with it, and completes only once {@code meeting} counted down to zero. */
    private Step meeting(String name, CountDownLatch meeting) {
        return new StepBuilder(name, jobRepository).tasklet((contribution, context) -> {
            long[] times = new long[] {clock.incrementAndGet(), 0};
            startAndEnd.put(name, times);
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            meeting.countDown();
            boolean met = meeting.await(30, TimeUnit.SECONDS);
            running.decrementAndGet();
            times[1] = clock.incrementAndGet();
            if (!met) {
                throw new IllegalStateException(name + " ran without the others of its meeting");
            }
            return RepeatStatus.FINISHED;
        }, new ResourcelessTransactionManager()).build();
    }
}
