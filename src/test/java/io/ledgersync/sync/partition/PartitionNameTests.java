package io.ledgersync.sync.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;

/** Issue 25, item 7: a data set name of 53 to 63 characters overflowed step_name varchar(100) at every sync. */
class PartitionNameTests {

    private static String file(String name) {
        return "name: " + name + "\npath: /companies/{companyId}/data/bills\nparent: companies\ntable: bills\nkey: [id]\n"
                + "columns:\n  id: { field: id, type: text }\n";
    }

    @Test
    void givenTheLongestNameAFileMayHaveWhenItsPartitionIsNamedForAnyCompanyThenTheStepNameFitsBatchsColumn() {
        DataSet longest = DataSetCatalog.parse(file("n".repeat(52)));

        String stepName = longest.name() + ":" + DataSetPartitioner.partitionName(longest.name(), "c".repeat(150));

        assertThat(stepName).hasSize(DataSetPartitioner.MAX_STEP_NAME);
        assertThatThrownBy(() -> DataSetCatalog.parse(file("n".repeat(53)))).hasMessageContaining("at most 52 fit the step names");
    }
}
