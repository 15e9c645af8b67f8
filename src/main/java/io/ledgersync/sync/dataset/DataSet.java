package io.ledgersync.sync.dataset;

import java.util.List;

import io.ledgersync.source.CompanyIds;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.Table;

/**
 * A data set of the Data API as a {@code jobs/*.yml} file declares it: where its pages are, whether
 * it belongs to each company, and how its records map onto a warehouse table and its child tables.
 *
 * @param name the data set's name, used in job parameters and step names (e.g. {@code invoices})
 * @param path the resource path; a company data set has {@code {companyId}} in it
 * @param parent {@code companies} for a data set read once per company, null for a top-level one
 * @param table the warehouse table; a company data set's table starts with {@code company_id}
 * @param fields the record field (dotted path) each typed column is read from, in column order;
 *     null for {@code company_id}, which comes from the partition
 * @param cursorField the field that tells when a record last changed (for incremental syncs); null: read whole every time
 * @param filter the Data API query (docs/CONTRACT.md, query language) every walk of it is restricted to; null: none
 * @param children the record's list fields kept as child tables, in the order of {@code table.children()}
 * @param file which file declared it, and its text's checksum
 */
public record DataSet(String name, String path, String parent, Table table, List<String> fields, String cursorField,
        String filter, List<Child> children, Declaration file) {

    /** The only parent the Data API has: its data sets are read per company. */
    public static final String COMPANIES = "companies";

    public DataSet {
        fields = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(fields));
        children = List.copyOf(children);
    }

    /**
     * A list field of the record as a child table.
     *
     * @param table the child table
     * @param field the record's list field (a dotted path)
     * @param fields the item field (a dotted path) each of the child table's typed columns is read from
     */
    public record Child(ChildTable table, String field, List<String> fields) {

        public Child {
            fields = List.copyOf(fields);
        }
    }

    /**
     * The file a data set was read from.
     *
     * @param source how it is named ({@code jobs/invoices.yml}, {@code ./jobs/bills.yml})
     * @param checksum the SHA-256 of its text, in hex
     */
    public record Declaration(String source, String checksum) {
    }

    public boolean perCompany() {
        return parent != null;
    }

    /** The path of this data set for one company (or the path itself for a top-level data set). */
    public String pathFor(String companyId) {
        if (!perCompany()) {
            return path;
        }
        // Such ids are refused when the companies are read (RecordTriage); this guards ids stored before that.
        String refusal = CompanyIds.refusal(companyId);
        if (refusal != null) {
            throw new IllegalArgumentException("Company id '" + companyId + "' cannot be sent as a path segment (" + refusal
                    + "): " + name + " of that company is not read (it is in rejected_records once the companies are synced"
                    + " again)");
        }
        return path.replace("{companyId}", CompanyIds.segment(companyId));
    }

    /** The typed column whose field is the cursor, if one is; e.g. {@code modified_date} for {@code modifiedDate}. */
    java.util.Optional<String> cursorColumn() {
        int index = cursorField == null ? -1 : fields.indexOf(cursorField);
        return index < 0 ? java.util.Optional.empty() : java.util.Optional.of(table.columns().get(index).name());
    }
}
