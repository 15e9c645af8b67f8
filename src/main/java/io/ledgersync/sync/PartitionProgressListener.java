package io.ledgersync.sync;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.step.StepExecution;

/** Logs each partition's outcome, so a long run shows its progress company by company. */
final class PartitionProgressListener implements StepExecutionListener {

    private static final Logger log = LoggerFactory.getLogger(PartitionProgressListener.class);

    @Override
    public ExitStatus afterStep(StepExecution step) {
        long pages = step.getExecutionContext().getLong(DataSetItemReader.PAGES_READ, 0L);
        if (step.getStatus().isUnsuccessful()) {
            log.warn("{}: {} after {} records in {} page(s)", step.getStepName(), step.getStatus(), step.getWriteCount(), pages);
        } else {
            log.info("{}: {} records in {} page(s)", step.getStepName(), step.getWriteCount(), pages);
        }
        return step.getExitStatus();
    }
}
