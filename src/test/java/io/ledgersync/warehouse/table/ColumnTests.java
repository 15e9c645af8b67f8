package io.ledgersync.warehouse.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ColumnTests {

    @Test
    void aNameIsAtMostWhatPostgresKeepsAndANameMadeOfOthersIsCutToIt() {
        String longest = "t".repeat(63);

        assertThat(new Column(longest, ColumnType.TEXT).name()).isEqualTo(longest);
        assertThatThrownBy(() -> new Column(longest + "x", ColumnType.TEXT)).hasMessageContaining("Invalid column name");
        assertThat(Column.truncated(longest + "_rebuild")).isEqualTo(longest);
        assertThat(Column.truncated("bills_rebuild")).isEqualTo("bills_rebuild");
    }
}
