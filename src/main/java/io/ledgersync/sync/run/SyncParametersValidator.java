package io.ledgersync.sync.run;

import org.springframework.batch.core.job.parameters.InvalidJobParametersException;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersValidator;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.dataset.DataSetCatalog;

/** Refuses a run that names a data set no {@code jobs/*.yml} file declares. */
public final class SyncParametersValidator implements JobParametersValidator {

    private final DataSetCatalog catalog;

    public SyncParametersValidator(DataSetCatalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public void validate(JobParameters parameters) throws InvalidJobParametersException {
        try {
            SyncRequest.from(parameters).datasets().forEach(catalog::get);
        } catch (IllegalArgumentException e) {
            throw new InvalidJobParametersException(e.getMessage());
        }
    }
}
