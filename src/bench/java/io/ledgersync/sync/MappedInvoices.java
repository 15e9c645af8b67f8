package io.ledgersync.sync;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.ledgersync.sandbox.SandboxDataSet;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.dataset.RecordMapper;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.Table;

/**
 * The sandbox's invoices as the warehouse receives them: the JSON the sandbox serves, mapped to rows by
 * the production {@link RecordMapper} of {@code jobs/invoices.yml}. For benchmarks of the warehouse alone. Not a test.
 */
public final class MappedInvoices {

    private MappedInvoices() {
    }

    /** The invoices table as {@code jobs/invoices.yml} declares it. */
    public static Table table() {
        return invoices().table();
    }

    /** Each company's invoices as rows, in the order the sandbox serves them (seed 42, as the pipeline benchmark). */
    public static Map<String, List<Row>> rows(int companies, int invoicesPerCompany) {
        DataSet invoices = invoices();
        RecordMapper mapper = new RecordMapper(invoices);
        Map<String, List<Row>> byCompany = new LinkedHashMap<>();
        try (SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(companies)
                .withInvoicesPerCompany(invoicesPerCompany))) {
            SandboxDataSet dataset = sandbox.dataSet();
            for (String companyId : dataset.companyIds()) {
                List<Row> rows = new ArrayList<>(invoicesPerCompany);
                for (int i = 0; i < invoicesPerCompany; i++) {
                    rows.add(mapper.toRow(new SourceRecord(dataset.invoiceJson(companyId, i)), companyId));
                }
                byCompany.put(companyId, rows);
            }
        }
        return byCompany;
    }

    private static DataSet invoices() {
        return DataSetCatalog.load("classpath*:jobs/*.yml").get("invoices");
    }
}
