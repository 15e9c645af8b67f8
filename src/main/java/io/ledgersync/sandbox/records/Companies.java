package io.ledgersync.sandbox.records;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.IntFunction;

import tools.jackson.core.JsonGenerator;

/**
 * The companies a sandbox serves and, for each, its data sets with their scripted state.
 *
 * <p>Companies are held (they are few; {@code POST /companies} adds to them); the records of every data set of
 * {@link DataTypes} are made on demand from (seed, company, index), so a data set of millions of invoices costs no
 * memory. Every method answers
 * for the data set as it is now, including scripted page drift. Thread-safe.
 */
public final class Companies {

    /** A data type with the generator made for this seed: typed, so its records meet their own writer. */
    private record Served<T>(DataType<T> type, RecordGenerator<T> generator) {
    }

    private final List<Company> companies = new CopyOnWriteArrayList<>();
    private final Map<String, Company> companiesById = new ConcurrentHashMap<>();
    private final Map<String, DataSetState> states = new ConcurrentHashMap<>();
    private final CompanyGenerator companyGenerator;
    private final Ledger ledger;
    private final Map<String, Served<?>> served;
    private final Clock clock;

    /**
     * Generates {@code count} companies of the seed, each serving {@code recordsPerCompany} records of every data
     * type of {@link DataTypes} (a count for each), every date at or before {@code asOf}; {@code clock} dates the
     * companies created later.
     */
    public Companies(int count, Map<String, Integer> recordsPerCompany, long seed, LocalDate asOf, Clock clock) {
        this.companyGenerator = new CompanyGenerator(seed, asOf);
        this.ledger = new Ledger(seed, recordsPerCompany, asOf);
        Map<String, Served<?>> types = new LinkedHashMap<>();
        for (DataType<?> type : DataTypes.ALL) {
            ledger.size(type.name()); // a missing count fails here, at start, rather than at the first request
            types.put(type.name(), served(type, ledger));
        }
        this.served = Map.copyOf(types);
        this.clock = clock;
        List<Company> made = new ArrayList<>(count);
        for (int index = 0; index < count; index++) {
            Company company = companyGenerator.generate(index);
            made.add(company);
            companiesById.put(company.id(), company);
        }
        companies.addAll(made);
    }

    /** Company ids in the order {@code GET /companies} serves them, created companies last. */
    public List<String> ids() {
        return companies.stream().map(Company::id).toList();
    }

    /** The company with that id, or null. */
    public Company find(String companyId) {
        return companiesById.get(companyId);
    }

    public int count() {
        return companies.size();
    }

    /** Every company, or only those a company-scoped key is tied to. */
    public PageableRecords<Company> visibleTo(Set<String> scope) {
        List<Company> visible = scope == null ? List.copyOf(companies)
                : companies.stream().filter(company -> scope.contains(company.id())).toList();
        return new PageableRecords<>("/companies", visible.size(), visible::get, RecordJson::company,
                QueryFields.COMPANY, null);
    }

    /**
     * Adds a company as {@code POST /companies} does: the next company of the seed, so its data sets are generated
     * like every other's, with the name, description and tags it was given and created now.
     */
    public synchronized Company create(String name, String description, Map<String, String> tags) {
        Company generated = companyGenerator.generate(companies.size());
        Instant now = clock.instant();
        Company company = new Company(generated.index(), generated.id(), name, description, generated.platform(),
                generated.redirect(), now, now, generated.createdByUserName(), List.of(), Map.copyOf(tags),
                generated.baseCurrency(), generated.connection());
        companies.add(company);
        companiesById.put(company.id(), company);
        return company;
    }

    private static <T> Served<T> served(DataType<T> type, Ledger ledger) {
        return new Served<>(type, type.generators().apply(ledger));
    }

    /** The records of a served data type, or null when the sandbox does not serve that type at all. */
    public PageableRecords<?> dataSet(Company company, String dataType) {
        Served<?> type = served.get(dataType);
        return type == null ? null : view(type, company);
    }

    /** The scripted state of a company's data set; every data set starts ready. */
    public DataSetState state(String companyId, String dataType) {
        return states.computeIfAbsent(companyId + '/' + dataType, key -> new DataSetState(ledger.size(dataType)));
    }

    /** The exact JSON served at position {@code index} (0-based, default order) of a company's data set. */
    public String recordJson(String companyId, String dataType, int index) {
        return recordJson(dataSet(company(companyId), dataType), index);
    }

    /** How many records a company's data set serves now (more after scripted inserts). */
    public int size(String companyId, String dataType) {
        return dataSet(company(companyId), dataType).size();
    }

    /** The exact JSON object served for the company in {@code results}. */
    public String companyJson(String companyId) {
        return JsonOutput.toJson(RecordJson::company, company(companyId));
    }

    /** The invoices of a company, typed, for the tests of this package. */
    @SuppressWarnings("unchecked")
    PageableRecords<Invoice> invoices(Company company) {
        return (PageableRecords<Invoice>) dataSet(company, "invoices");
    }

    private static <T> String recordJson(PageableRecords<T> records, int index) {
        if (index < 0 || index >= records.size()) {
            throw new IndexOutOfBoundsException("record index " + index + " outside 0.." + (records.size() - 1));
        }
        return JsonOutput.toJson(records.writer(), records.record().apply(index));
    }

    /**
     * The base records, with drift laid over them: inserted records first (newest first), then the base records still
     * there (hard-deleted ones skipped), of which some may be revised or soft-deleted. Record {@code i} stays a pure
     * function of (seed, company, i) plus the change script.
     */
    private <T> PageableRecords<T> view(Served<T> served, Company company) {
        DataType<T> type = served.type();
        String dataType = type.name();
        int baseSize = ledger.size(dataType);
        IntFunction<T> generate = index -> served.generator().generate(company, index);
        DataType.Reviser<T> reviser = type.reviser();
        BiConsumer<JsonGenerator, T> writer = type.writer();
        Map<String, Field<T>> fields = type.fields();
        String path = "/companies/" + company.id() + "/data/" + dataType;
        DataSetState state = states.get(company.id() + '/' + dataType);
        DriftSnapshot drift = state == null ? DriftSnapshot.UNCHANGED : state.snapshot();
        if (drift.version() == 0) {
            return new PageableRecords<>(path, baseSize, generate, writer, fields, path);
        }
        int inserted = drift.inserted();
        IntFunction<T> record = position -> {
            if (position < inserted) {
                DriftSnapshot.Revision insertion = drift.insertions().get(position);
                return reviser.revise(generate.apply(baseSize + inserted - 1 - position), insertion.when(),
                        insertion.revision(), false);
            }
            int index = drift.baseIndex(position - inserted);
            DriftSnapshot.Revision revision = drift.updated().get(index);
            T base = generate.apply(index);
            return revision == null ? base : reviser.revise(base, revision.when(), revision.revision(), revision.deleted());
        };
        return new PageableRecords<>(path, drift.kept(baseSize) + inserted, record, writer, fields,
                path + "#" + drift.version());
    }

    private Company company(String companyId) {
        Company company = companiesById.get(companyId);
        if (company == null) {
            throw new IllegalArgumentException("no company with id " + companyId + " in this data set");
        }
        return company;
    }
}
