package io.ledgersync.sandbox.records;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The company data sets the sandbox serves, in the order {@code dataStatus} and the sync settings list them. The
 * one place to add a data set: an entry here (with its record, generator and writer) is served at
 * {@code /companies/{id}/data/<name>}, has a scriptable state, {@code query}, {@code orderBy} and paging, appears in
 * {@code dataStatus}, and gets a record count in {@code SandboxSettings}.
 */
public final class DataTypes {

    static final List<DataType<?>> ALL = List.of(
            new DataType<>("customers", "customers", 1, PartyGenerator::customers, Customer::revised,
                    RecordJson::customer, QueryFields.CUSTOMER),
            new DataType<>("invoices", "invoices", 0, InvoiceGenerator::new, Invoice::revised,
                    RecordJson::invoice, QueryFields.INVOICE),
            new DataType<>("creditNotes", "creditNotes", 0, CreditNoteGenerator::new, CreditNote::revised,
                    RecordJson::creditNote, QueryFields.CREDIT_NOTE),
            new DataType<>("suppliers", "suppliers", 1, PartyGenerator::suppliers, Supplier::revised,
                    RecordJson::supplier, QueryFields.SUPPLIER),
            new DataType<>("bills", "bills", 0, BillGenerator::new, Bill::revised,
                    RecordJson::bill, QueryFields.BILL),
            new DataType<>("accounts", "chartOfAccounts", ChartOfAccounts.STANDARD.size(), AccountGenerator::new,
                    LedgerAccount::revised, RecordJson::account, QueryFields.ACCOUNT));

    /** The names, in serving order: the data types a path, a scenario or a script may name. */
    public static final List<String> NAMES = ALL.stream().map(DataType::name).toList();

    /** The same data sets by their {@code dataType} in {@code dataStatus} and the sync settings. */
    public static final List<String> STATUS_NAMES = ALL.stream().map(DataType::statusName).toList();

    private static final Map<String, DataType<?>> BY_NAME = ALL.stream()
            .collect(Collectors.toUnmodifiableMap(DataType::name, Function.identity()));

    private DataTypes() {
    }

    /** The name, if the sandbox serves that data set; otherwise an IllegalArgumentException naming those it serves. */
    public static String require(String name) {
        return find(name).name();
    }

    /** The fewest records a data set may have per company; an unknown name is refused with the served names. */
    public static int minimumSize(String name) {
        return find(name).minimumSize();
    }

    /** The {@code dataType} that {@code dataStatus} reports a data set under, given its name in the path. */
    public static String statusName(String name) {
        return find(name).statusName();
    }

    static DataType<?> find(String name) {
        DataType<?> type = BY_NAME.get(name);
        if (type == null) {
            throw new IllegalArgumentException("the sandbox serves the data types " + NAMES + ", not " + name);
        }
        return type;
    }
}
