package io.ledgersync.sync.job;

import java.util.Map;
import java.util.Set;

import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepLocator;

/**
 * The steps that run one partition of each data set, by the data set's name: what a worker process
 * looks up for each partition it is sent. Immutable.
 */
public final class WorkerSteps implements StepLocator {

    private final Map<String, Step> byName;

    WorkerSteps(Map<String, Step> byName) {
        this.byName = Map.copyOf(byName);
    }

    @Override
    public Step getStep(String name) {
        Step step = byName.get(name);
        if (step == null) {
            throw new IllegalArgumentException("No data set '" + name + "' here: the data sets are " + names());
        }
        return step;
    }

    /** The worker step of a data set the catalog has. */
    Step of(String dataSet) {
        return byName.get(dataSet);
    }

    public Set<String> names() {
        return byName.keySet();
    }
}
