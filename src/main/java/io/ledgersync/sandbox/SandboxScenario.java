package io.ledgersync.sandbox;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * A scenario file: the YAML form of {@link SandboxSettings} adjustments and {@link SandboxFaults} scripts (format in
 * the package documentation). Unknown keys are errors that name the key, so a typo never silently does nothing.
 */
final class SandboxScenario {

    private static final Set<String> SECTIONS = Set.of("data", "account", "keys", "dataSets", "faults");
    private static final Set<String> FAULT_KINDS = Set.of("latencyMillis", "rateLimit", "tooManyRequests",
            "maintenance", "unavailable", "serverError", "dropConnection");

    private final String source;
    private final Map<String, Object> root;

    private SandboxScenario(String source, Map<String, Object> root) {
        this.source = source;
        this.root = root;
    }

    static SandboxScenario read(Path file) {
        try (Reader reader = Files.newBufferedReader(file)) {
            return parse(file.toString(), reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read scenario " + file + ": " + e.getMessage(), e);
        }
    }

    @SuppressWarnings("unchecked")
    static SandboxScenario parse(String source, Reader yaml) {
        Object loaded;
        try {
            loaded = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("scenario " + source + " is not valid YAML: " + e.getMessage(), e);
        }
        Map<String, Object> root = loaded == null ? Map.of() : asMap(source, "the file", loaded);
        only(source, "the file", root, SECTIONS);
        return new SandboxScenario(source, root);
    }

    /** Applies {@code data} and {@code account}: what must be known before the sandbox starts. */
    SandboxSettings adjust(SandboxSettings settings) {
        Map<String, Object> data = section("data");
        only(source, "data", data, Set.of("companies", "invoicesPerCompany", "seed"));
        if (data.containsKey("companies")) {
            settings = settings.withCompanies(integer("data.companies", data.get("companies")));
        }
        if (data.containsKey("invoicesPerCompany")) {
            settings = settings.withInvoicesPerCompany(integer("data.invoicesPerCompany",
                    data.get("invoicesPerCompany")));
        }
        if (data.containsKey("seed")) {
            settings = settings.withSeed(number("data.seed", data.get("seed")).longValue());
        }
        Map<String, Object> account = section("account");
        only(source, "account", account, Set.of("freeTrial", "ageDays"));
        if (account.containsKey("freeTrial")) {
            settings = settings.withFreeTrial(bool("account.freeTrial", account.get("freeTrial")));
        }
        if (account.containsKey("ageDays")) {
            settings = settings.withAccountAge(Duration.ofDays(integer("account.ageDays", account.get("ageDays"))));
        }
        return settings;
    }

    /** Applies {@code keys}, {@code dataSets} and {@code faults} to a started sandbox. */
    void script(SandboxServer server) {
        for (Map<String, Object> key : list("keys")) {
            only(source, "a key", key, Set.of("name", "key", "companies"));
            Set<String> companies = null;
            if (key.get("companies") != null) {
                companies = new HashSet<>();
                for (Object company : asList("keys.companies", key.get("companies"))) {
                    companies.add(companyId(server, company));
                }
            }
            server.keys().create(text(key.get("name")), text(key.get("key")), companies);
        }
        for (Map<String, Object> entry : list("dataSets")) {
            dataSet(server, entry);
        }
        for (Map<String, Object> entry : list("faults")) {
            fault(server, entry);
        }
    }

    private void dataSet(SandboxServer server, Map<String, Object> entry) {
        only(source, "a dataSets entry", entry, Set.of("company", "dataType", "ready", "notRequested",
                "readyAfterRequests", "readyAfterSeconds", "unsupported", "driftAfterPages"));
        SandboxFaults.DataSet dataSet = server.faults().dataSet(companyId(server, entry.get("company")),
                entry.getOrDefault("dataType", "invoices").toString());
        if (Boolean.TRUE.equals(entry.get("ready"))) {
            dataSet.ready();
        }
        if (Boolean.TRUE.equals(entry.get("notRequested"))) {
            dataSet.notRequested();
        }
        if (entry.containsKey("readyAfterRequests")) {
            dataSet.readyAfterRequests(integer("readyAfterRequests", entry.get("readyAfterRequests")));
        }
        if (entry.containsKey("readyAfterSeconds")) {
            dataSet.readyAfter(seconds("readyAfterSeconds", entry.get("readyAfterSeconds")));
        }
        if (Boolean.TRUE.equals(entry.get("unsupported"))) {
            dataSet.unsupported();
        }
        if (entry.containsKey("driftAfterPages")) {
            Map<String, Object> drift = asMap(source, "driftAfterPages", entry.get("driftAfterPages"));
            only(source, "driftAfterPages", drift, Set.of("afterPages", "insert", "update"));
            dataSet.driftAfterPages(integer("afterPages", drift.getOrDefault("afterPages", 1)),
                    integer("insert", drift.getOrDefault("insert", 0)),
                    integer("update", drift.getOrDefault("update", 0)));
        }
    }

    private void fault(SandboxServer server, Map<String, Object> entry) {
        Set<String> allowed = new HashSet<>(FAULT_KINDS);
        allowed.add("target");
        only(source, "a faults entry", entry, allowed);
        SandboxFaults.Target target = target(server, entry.get("target"));
        List<String> kinds = entry.keySet().stream().filter(FAULT_KINDS::contains).toList();
        if (kinds.size() != 1) {
            throw new IllegalArgumentException("scenario " + source + ": each faults entry has exactly one of "
                    + FAULT_KINDS + ", this one has " + kinds);
        }
        String kind = kinds.get(0);
        if (kind.equals("latencyMillis")) {
            target.latency(Duration.ofMillis(integer("latencyMillis", entry.get(kind))));
            return;
        }
        Map<String, Object> spec = asMap(source, kind, entry.get(kind));
        switch (kind) {
            case "rateLimit" -> {
                only(source, kind, spec, Set.of("requestsPerSecond", "burst"));
                double perSecond = number("requestsPerSecond", spec.get("requestsPerSecond")).doubleValue();
                target.rateLimit(perSecond, integer("burst", spec.getOrDefault("burst",
                        (int) Math.max(1, Math.ceil(perSecond)))));
            }
            case "maintenance" -> {
                only(source, kind, spec, Set.of("startAfterSeconds", "durationSeconds"));
                var from = server.clock().instant().plus(seconds("startAfterSeconds",
                        spec.getOrDefault("startAfterSeconds", 0)));
                target.maintenance(from, from.plus(seconds("durationSeconds", spec.get("durationSeconds"))));
            }
            case "dropConnection" -> {
                only(source, kind, spec, Set.of("next", "afterBytes"));
                target.dropConnectionNext(integer("next", spec.getOrDefault("next", 1)),
                        integer("afterBytes", spec.getOrDefault("afterBytes", 0)));
            }
            default -> refusal(target, kind, spec);
        }
    }

    private void refusal(SandboxFaults.Target target, String kind, Map<String, Object> spec) {
        only(source, kind, spec, Set.of("next", "probability", "retryAfterSeconds"));
        if (spec.containsKey("next") == spec.containsKey("probability")) {
            throw new IllegalArgumentException("scenario " + source + ": " + kind
                    + " takes either next or probability");
        }
        Duration retryAfter = spec.containsKey("retryAfterSeconds")
                ? seconds("retryAfterSeconds", spec.get("retryAfterSeconds")) : null;
        boolean next = spec.containsKey("next");
        int count = next ? integer("next", spec.get("next")) : 0;
        double probability = next ? 0 : number("probability", spec.get("probability")).doubleValue();
        switch (kind) {
            case "tooManyRequests" -> {
                if (next) {
                    target.tooManyRequestsNext(count, retryAfter);
                } else {
                    target.tooManyRequests(probability, retryAfter);
                }
            }
            case "unavailable" -> {
                if (!next) {
                    throw new IllegalArgumentException("scenario " + source + ": unavailable takes next (use"
                            + " maintenance for a window)");
                }
                target.unavailableNext(count, retryAfter);
            }
            default -> {
                if (next) {
                    target.serverErrorNext(count);
                } else {
                    target.serverErrors(probability);
                }
            }
        }
    }

    private SandboxFaults.Target target(SandboxServer server, Object spec) {
        SandboxFaults.Target target = server.faults().all();
        if (spec == null) {
            return target;
        }
        Map<String, Object> map = asMap(source, "target", spec);
        only(source, "target", map, Set.of("path", "company", "page"));
        if (map.containsKey("path")) {
            target = target.path(map.get("path").toString());
        }
        if (map.containsKey("company")) {
            target = target.company(companyId(server, map.get("company")));
        }
        if (map.containsKey("page")) {
            target = target.page(integer("page", map.get("page")));
        }
        return target;
    }

    /** A company by its index among the served companies (0 is the first) or by its id. */
    private String companyId(SandboxServer server, Object company) {
        List<String> ids = server.dataset().companyIds();
        if (company instanceof Integer index) {
            if (index < 0 || index >= ids.size()) {
                throw new IllegalArgumentException("scenario " + source + ": company index " + index
                        + " is outside 0.." + (ids.size() - 1));
            }
            return ids.get(index);
        }
        if (company == null || !ids.contains(company.toString())) {
            throw new IllegalArgumentException("scenario " + source + ": no company " + company);
        }
        return company.toString();
    }

    private Map<String, Object> section(String name) {
        Object value = root.get(name);
        return value == null ? Map.of() : asMap(source, name, value);
    }

    private List<Map<String, Object>> list(String name) {
        Object value = root.get(name);
        if (value == null) {
            return List.of();
        }
        return asList(name, value).stream().map(item -> asMap(source, "an entry of " + name, item)).toList();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(String source, String what, Object value) {
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException("scenario " + source + ": " + what + " must be a mapping, was "
                    + value);
        }
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private List<Object> asList(String what, Object value) {
        if (!(value instanceof List)) {
            throw new IllegalArgumentException("scenario " + source + ": " + what + " must be a list, was " + value);
        }
        return (List<Object>) value;
    }

    private static void only(String source, String what, Map<String, Object> map, Set<String> allowed) {
        for (String key : map.keySet()) {
            if (!allowed.contains(key)) {
                throw new IllegalArgumentException("scenario " + source + ": unknown key '" + key + "' in " + what
                        + "; expected one of " + allowed.stream().sorted().toList());
            }
        }
    }

    private Number number(String what, Object value) {
        if (!(value instanceof Number number)) {
            throw new IllegalArgumentException("scenario " + source + ": " + what + " must be a number, was "
                    + value);
        }
        return number;
    }

    private int integer(String what, Object value) {
        if (!(value instanceof Integer number)) {
            throw new IllegalArgumentException("scenario " + source + ": " + what + " must be a whole number, was "
                    + value);
        }
        return number;
    }

    private Duration seconds(String what, Object value) {
        return Duration.ofMillis(Math.round(number(what, value).doubleValue() * 1000));
    }

    private boolean bool(String what, Object value) {
        if (!(value instanceof Boolean flag)) {
            throw new IllegalArgumentException("scenario " + source + ": " + what + " must be true or false, was "
                    + value);
        }
        return flag;
    }

    private static String text(Object value) {
        return value == null ? null : value.toString();
    }
}
