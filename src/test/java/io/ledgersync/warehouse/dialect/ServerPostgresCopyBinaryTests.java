package io.ledgersync.warehouse.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

import io.ledgersync.MachineServer;
import io.ledgersync.RequiresMachineServer;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.dataset.RecordMapper;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.Table;

/**
 * Issue 28's rule for binary COPY: the rows PostgreSQL stores from CopyUpsert's binary format are exactly those it
 * stores from the text format the product wrote before ({@link CopyText}), compared as {@code ::text} of every column,
 * for sandbox invoices (the rows, their line items and allocations, staged with an ordinal as an upsert stages them) and
 * for the edge cases of each type. On the machine's PostgreSQL (127.0.0.1:5432), in a database of its own, dropped after.
 */
@RequiresMachineServer(MachineServer.POSTGRES)
class ServerPostgresCopyBinaryTests {

    private static final String DATABASE = "ls_binary_copy_" + ProcessHandle.current().pid();
    private static final OffsetDateTime SYNCED_AT = OffsetDateTime.of(2026, 11, 28, 9, 16, 0, 123_456_789, ZoneOffset.UTC);
    private static final PostgresDialect DIALECT = new PostgresDialect();

    private static Connection connection;

    @BeforeAll
    static void createDatabase() throws SQLException {
        onServer("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
        onServer("CREATE DATABASE " + DATABASE);
        connection = DriverManager.getConnection(MachineServer.POSTGRES_URL + DATABASE, "postgres", "");
    }

    @AfterAll
    static void dropDatabase() throws SQLException {
        if (connection != null) {
            connection.close();
        }
        onServer("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
    }

    @Test
    void sandboxInvoicesTheirLineItemsAndAllocationsAreStoredAsTextCopyStoresThem() throws SQLException {
        DataSet invoices = DataSetCatalog.load("classpath*:jobs/*.yml").get("invoices");
        Table table = invoices.table();
        List<Row> rows = new ArrayList<>();
        try (SandboxServer server = SandboxServer.start(SandboxSettings.defaults().withCompanies(1).withInvoicesPerCompany(300))) {
            String company = server.dataSet().companyIds().get(0);
            RecordMapper mapper = new RecordMapper(invoices);
            for (int i = 0; i < 300; i++) {
                rows.add(mapper.toRow(new SourceRecord(server.dataSet().invoiceJson(company, i)), company));
            }
        }
        List<String> columns = new ArrayList<>(Dialect.allColumns(table));
        List<String> types = new ArrayList<>(table.columns().stream().map(column -> DIALECT.sqlType(column.type())).toList());
        types.addAll(List.of("JSONB", DIALECT.sqlType(ColumnType.TIMESTAMP), DIALECT.sqlType(ColumnType.INTEGER)));
        columns.add("ordinal");
        types.add("INTEGER");
        assertSameRows("staged_invoices", columns, types, rows,
                (text, row) -> CopyText.appendStaged(text, row, SYNCED_AT.toString(), 28, rows.indexOf(row)),
                (out, row) -> CopyUpsert.appendStaged(out, row, SYNCED_AT, 28, rows.indexOf(row)));

        for (int c = 0; c < table.children().size(); c++) {
            ChildTable child = table.children().get(c);
            ColumnType keyType = table.columns().get(table.indexOf(table.ownKey())).type();
            List<ColumnType> childTypes = new ArrayList<>(List.of(ColumnType.TEXT, keyType, ColumnType.INTEGER));
            child.columns().forEach(column -> childTypes.add(column.type()));
            List<Object[]> items = new ArrayList<>();
            for (Row row : rows) {
                long line = 1;
                for (Object[] item : row.children().get(c)) {
                    Object[] values = new Object[item.length + 3];
                    values[0] = row.values()[0];
                    values[1] = row.values()[table.indexOf(table.ownKey())];
                    values[2] = line++;
                    System.arraycopy(item, 0, values, 3, item.length);
                    items.add(values);
                }
            }
            assertThat(items).as(child.name()).isNotEmpty();
            assertSameValues(child.name(), child.allColumns(table), childTypes, items);
        }
    }

    @Test
    void edgeCasesOfEachTypeAreStoredAsTextCopyStoresThem() throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (String text : new String[] {null, "", " ", "a\\b\tc\nd\re\\", "\\N", "Müller & Söhne 日本 😀", "naïve\t", "x".repeat(70_000)}) {
            rows.add(new Object[] {text, null, null, null, null, null, null});
        }
        Random random = new Random(28);
        List<String> decimals = new ArrayList<>(List.of("0", "0.00", "-0", "-0.001", "1E+3", "-1E+20", "-12.50", "1.000", "0.0001",
                "9999.9999", "10000", "100000000", "1E-30", "0.10000000000000000000001", "999999999999999999", "0.999999999999999999",
                "123456789012345678901234567890.5", "-9223372036854775808", "9223372036854775807.00", "1E+400", "-1.2345678E-200"));
        for (int i = 0; i < 300; i++) {
            decimals.add(BigDecimal.valueOf(random.nextLong() >> random.nextInt(64), random.nextInt(30) - 5).toString());
        }
        decimals.forEach(decimal -> rows.add(new Object[] {null, null, new BigDecimal(decimal), null, null, null, null}));
        for (long number : new long[] {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE}) {
            rows.add(new Object[] {null, number, null, true, null, null, null});
        }
        rows.add(new Object[] {null, null, null, false, null, null, null});
        for (LocalDate date : List.of(LocalDate.of(2000, 1, 1), LocalDate.of(1999, 12, 31), LocalDate.of(1900, 2, 28),
                LocalDate.of(1, 1, 1), LocalDate.of(2024, 2, 29), LocalDate.of(9999, 12, 31))) {
            rows.add(new Object[] {null, null, null, null, date, null, null});
        }
        for (int nanos : new int[] {0, 1, 499, 500, 501, 1_500, 2_500, 123_456_789, 999_999_499, 999_999_500, 999_999_999}) {
            for (OffsetDateTime at : List.of(OffsetDateTime.of(2026, 3, 29, 1, 30, 0, nanos, ZoneOffset.UTC),
                    OffsetDateTime.of(1969, 12, 31, 23, 59, 59, nanos, ZoneOffset.ofHoursMinutes(-3, -30)),
                    OffsetDateTime.of(1999, 12, 31, 23, 59, 59, nanos, ZoneOffset.ofHours(14)))) {
                rows.add(new Object[] {null, null, null, null, null, at, null});
            }
        }
        for (String json : List.of("{}", "[]", "{\"a\": \"tab\\tnew\\nline\\\\ \\\"q\\\"\", \"u\": \"\\u00e9 é 😀\"}",
                "{\"n\": 1.50, \"e\": 1e400, \"z\": -0, \"k\": 1, \"k\": 2}", "{\n\t\"spaced\" :\r\n [ 1 , null , true ] }")) {
            rows.add(new Object[] {null, null, null, null, null, null, json.getBytes(StandardCharsets.UTF_8)});
        }
        List<String> sqlTypes = new ArrayList<>(Stream.of(ColumnType.TEXT, ColumnType.INTEGER, ColumnType.DECIMAL, ColumnType.BOOLEAN,
                ColumnType.DATE, ColumnType.TIMESTAMP).map(DIALECT::sqlType).toList());
        sqlTypes.add("JSONB");
        assertSameRows("edge_cases", List.of("t", "i", "d", "b", "day", "at", "raw"), sqlTypes, rows,
                CopyText::appendValues, CopyUpsert::appendValues);
    }

    private static void assertSameValues(String table, List<String> columns, List<ColumnType> types, List<Object[]> rows)
            throws SQLException {
        assertSameRows(table, columns, types.stream().map(DIALECT::sqlType).toList(), rows, CopyText::appendValues,
                CopyUpsert::appendValues);
    }

    /** COPYs the rows in text into one table and in binary into another of the same columns; their ::text must match. */
    private static <T> void assertSameRows(String table, List<String> columns, List<String> sqlTypes, List<T> rows,
            BiConsumer<CopyText, T> textLine, BiConsumer<CopyBinary, T> binaryRow) throws SQLException {
        String definition = " (seq BIGSERIAL, " + String.join(", ", zip(columns, sqlTypes)) + ")";
        String copied = " (" + String.join(", ", columns) + ")";
        execute("CREATE TABLE " + table + "_text" + definition);
        execute("CREATE TABLE " + table + "_binary" + definition);

        CopyText text = new CopyText(1024);
        rows.forEach(row -> textLine.andThen((out, r) -> out.append('\n')).accept(text, row));
        copy("COPY " + table + "_text" + copied + " FROM STDIN", text.bytes(), text.length());
        CopyBinary binary = new CopyBinary(1024).header();
        rows.forEach(row -> binaryRow.accept(binary, row));
        binary.trailer();
        copy(CopyUpsert.copyStatement(table + "_binary" + copied), binary.bytes(), binary.length());

        List<String> fromText = texts(table + "_text", columns);
        assertThat(fromText).hasSize(rows.size());
        assertThat(texts(table + "_binary", columns)).isEqualTo(fromText);
    }

    private static List<String> zip(List<String> columns, List<String> sqlTypes) {
        List<String> definitions = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            definitions.add(columns.get(i) + " " + sqlTypes.get(i));
        }
        return definitions;
    }

    /** Every column as its text, with its name and whether it is null, a row per line in the order copied. */
    private static List<String> texts(String table, List<String> columns) throws SQLException {
        String select = columns.stream().map(column -> "coalesce(" + column + "::text, '<null>')").collect(Collectors.joining(" || ' | ' || "));
        List<String> texts = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT " + select + " FROM " + table + " ORDER BY seq")) {
            while (result.next()) {
                texts.add(result.getString(1));
            }
        }
        return texts;
    }

    private static void copy(String sql, byte[] bytes, int length) throws SQLException {
        CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(sql);
        copy.writeToCopy(bytes, 0, length);
        copy.endCopy();
    }

    private static void execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static void onServer(String sql) throws SQLException {
        try (Connection server = DriverManager.getConnection(MachineServer.POSTGRES_URL + "postgres", "postgres", "");
                Statement statement = server.createStatement()) {
            statement.execute(sql);
        }
    }
}
