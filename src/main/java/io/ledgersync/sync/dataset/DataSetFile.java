package io.ledgersync.sync.dataset;

import java.util.List;
import java.util.Map;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * A data set file ({@code jobs/*.yml}) as {@link io.ledgersync.yaml.YamlFiles} reads it: typed, checked, an unknown
 * key refused. docs/data-sets.md shows the format; {@link DataSetCatalog} turns it into a {@link DataSet}.
 *
 * @param name the data set's name, as runs and the API name it
 * @param path the resource path; {@code {companyId}} in it exactly when {@code parent} is {@code companies}
 * @param parent {@code companies} for a data set read per company; absent for a top-level one
 * @param table the warehouse table; the name when absent
 * @param key the record's key columns (a company data set's table key starts with {@code company_id})
 * @param cursor the record field that tells when a record last changed: a company data set with one is read
 *     incrementally once it has a watermark
 * @param query a filter in the Data API's query language ({@code status=Paid}) every read of it is restricted to
 * @param columns each typed column: the record field (a dotted path) it is read from, and its type
 * @param children by table name, a list field of the record kept as a child table ({@code invoice_line_items}); optional
 * @param history whether {@code <table>_history} keeps every version of each record (docs/history.md); off when absent
 */
record DataSetFile(
        @NotBlank @Pattern(regexp = IDENTIFIER, message = IDENTIFIER_MESSAGE) String name,
        @NotBlank @Pattern(regexp = "/.*", message = "must start with /") String path,
        @Pattern(regexp = DataSet.COMPANIES, message = "must be companies (the only parent) or absent") String parent,
        @Pattern(regexp = IDENTIFIER, message = IDENTIFIER_MESSAGE) String table,
        @NotEmpty List<@NotBlank String> key,
        String cursor,
        @jakarta.validation.constraints.Size(max = 1500, message = "must be under 1500 characters (the Data API takes 2048 in all)")
        String query,
        @NotEmpty Map<@Pattern(regexp = IDENTIFIER, message = IDENTIFIER_MESSAGE) String, @NotNull @Valid Column> columns,
        Map<@Pattern(regexp = IDENTIFIER, message = IDENTIFIER_MESSAGE) String, @NotNull @Valid Child> children,
        Boolean history) {

    /** Whether the file asks for history mode. */
    boolean keepsHistory() {
        return Boolean.TRUE.equals(history);
    }

    /** A table or column name that needs no quoting on any database. */
    static final String IDENTIFIER = "[a-z][a-z0-9_]{0,62}";
    static final String IDENTIFIER_MESSAGE = "must be lower case letters, digits and _ (starting with a letter)";

    /** One typed column. */
    record Column(@NotBlank String field, @NotBlank String type) {
    }

    /**
     * A list field of the record as a child table: a row per item, numbered from 1 ({@code line_number}).
     *
     * @param field the record's list field (a dotted path), e.g. {@code lineItems}
     * @param parentKey the child table's column that holds the record's key, e.g. {@code invoice_id}
     * @param columns each typed column of an item: the item's field (a dotted path) it is read from, and its type
     */
    record Child(
            @NotBlank String field,
            @NotBlank @Pattern(regexp = IDENTIFIER, message = IDENTIFIER_MESSAGE) String parentKey,
            @NotEmpty Map<@Pattern(regexp = IDENTIFIER, message = IDENTIFIER_MESSAGE) String, @NotNull @Valid Column> columns) {
    }
}
