package io.ledgersync.sync.write;

import java.util.List;
import java.util.Optional;

import io.ledgersync.source.CompanyIds;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.RecordMapper;
import io.ledgersync.sync.dataset.UnstorableRecordException;
import io.ledgersync.warehouse.Warehouse;
import io.ledgersync.warehouse.state.RejectedRecord;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.Table;

/**
 * Tells the records of a page that can be stored from those that cannot (issue 17), before any is written: a field
 * that does not convert to its column's type, a key without a value, a company id that cannot be a path segment, a
 * value its column cannot hold (a NUL, too long, too many digits: {@link Warehouse#misfit}). The first are rows; the
 * others are rejected records, each with the field at fault and why. The one home of these rules. Thread-safe.
 */
final class RecordTriage {

    /** What came of one record: a row to write, or the reason it cannot be stored. Exactly one is non-null. */
    record Result(Row row, RejectedRecord rejected) {
    }

    private final DataSet dataSet;
    private final RecordMapper mapper;
    private final Warehouse warehouse;
    /** The column that holds the record's {@code id}, -1 when none does: a company's is what its data sets are read by. */
    private final int idColumn;

    RecordTriage(DataSet dataSet, Warehouse warehouse) {
        this(dataSet, new RecordMapper(dataSet), warehouse);
    }

    RecordTriage(DataSet dataSet, RecordMapper mapper, Warehouse warehouse) {
        this.dataSet = dataSet;
        this.mapper = mapper;
        this.warehouse = warehouse;
        this.idColumn = dataSet.fields().indexOf("id");
    }

    Result triage(SourceRecord record, String companyId) {
        Row row;
        try {
            row = mapper.toRow(record, companyId);
        } catch (UnstorableRecordException e) {
            return reject(record, companyId, e.field(), e.reason());
        }
        Table table = dataSet.table();
        List<String> fields = dataSet.fields();
        for (String keyColumn : table.key()) {
            int column = indexOf(table, keyColumn);
            Object value = row.values()[column];
            if (value == null || value instanceof String text && text.isBlank()) {
                String field = fields.get(column) == null ? keyColumn : fields.get(column);
                return reject(record, companyId, field, "is missing or empty, but it is the record's key (column "
                        + keyColumn + "): a record without its key cannot be stored or told apart");
            }
        }
        // the id column is what the company data sets are later read by (CompanySelection)
        if (DataSet.COMPANIES.equals(dataSet.name()) && idColumn >= 0 && row.values()[idColumn] instanceof String id) {
            String refusal = CompanyIds.refusal(id);
            if (refusal != null) {
                return reject(record, companyId, "id", "is '" + id + "', which cannot be a company id: " + refusal);
            }
        }
        Optional<Warehouse.Misfit> misfit = warehouse.misfit(table, row);
        if (misfit.isPresent()) {
            int column = misfit.get().column();
            return reject(record, companyId, column < 0 ? "raw" : fields.get(column), misfit.get().reason());
        }
        return new Result(row, null);
    }

    private Result reject(SourceRecord record, String companyId, String field, String reason) {
        String id = record.id();
        // a record rejected for a blank id has none to be found by
        return new Result(null, new RejectedRecord(dataSet.name(), companyId, id == null || id.isBlank() ? null : id, field,
                reason, record.rawJson()));
    }

    private static int indexOf(Table table, String column) {
        for (int i = 0; i < table.columns().size(); i++) {
            if (table.columns().get(i).name().equals(column)) {
                return i;
            }
        }
        throw new IllegalStateException("key column " + column + " is not a column of " + table.name());
    }
}
