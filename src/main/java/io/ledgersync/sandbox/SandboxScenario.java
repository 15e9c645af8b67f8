package io.ledgersync.sandbox;

import java.io.Reader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.ledgersync.sandbox.records.ApiException;
import io.ledgersync.sandbox.records.DataSetState;
import io.ledgersync.sandbox.faults.FaultTarget;
import io.ledgersync.yaml.InvalidYamlException;
import io.ledgersync.yaml.YamlDocument;
import io.ledgersync.yaml.YamlFiles;

/**
 * A scenario file applied to a sandbox: {@code data} and {@code account} adjust its {@link SandboxSettings} before
 * start, {@code keys}, {@code dataSets} and {@code faults} are scripted on it once started. Any mistake, found when
 * reading or only when scripting (a company index past the last company), is an {@link InvalidYamlException} naming
 * the file, the line and the field.
 */
final class SandboxScenario {

    private final YamlDocument<ScenarioFile> document;
    private final ScenarioFile file;

    private SandboxScenario(YamlDocument<ScenarioFile> document) {
        this.document = document;
        this.file = document.value();
    }

    static SandboxScenario read(Path file) {
        return new SandboxScenario(YamlFiles.open(file, ScenarioFile.class));
    }

    static SandboxScenario parse(String source, Reader yaml) {
        return new SandboxScenario(YamlFiles.open(yaml, source, ScenarioFile.class));
    }

    /** Applies {@code data} and {@code account}: what must be known before the sandbox starts. */
    SandboxSettings adjust(SandboxSettings settings) {
        if (file.data() != null) {
            ScenarioFile.Data data = file.data();
            settings = data.companies() == null ? settings : settings.withCompanies(data.companies());
            settings = data.invoicesPerCompany() == null ? settings
                    : settings.withInvoicesPerCompany(data.invoicesPerCompany());
            if (data.recordsPerCompany() != null) {
                for (Map.Entry<String, Integer> count : data.recordsPerCompany().entrySet()) {
                    try {
                        settings = settings.withRecordsPerCompany(count.getKey(), count.getValue());
                    } catch (IllegalArgumentException refused) {
                        throw document.invalid("data.recordsPerCompany." + count.getKey(), refused.getMessage());
                    }
                }
            }
            settings = data.seed() == null ? settings : settings.withSeed(data.seed());
        }
        if (file.account() != null) {
            ScenarioFile.Account account = file.account();
            settings = account.freeTrial() == null ? settings : settings.withFreeTrial(account.freeTrial());
            settings = account.ageDays() == null ? settings
                    : settings.withAccountAge(Duration.ofDays(account.ageDays()));
        }
        return settings;
    }

    /**
     * Applies {@code keys}, {@code dataSets} and {@code faults} to a started sandbox, in the file's order. What the
     * sandbox refuses (an 11th key, a drift larger than the data set) is reported at the entry that asked for it.
     */
    void script(SandboxServer server) {
        List<String> companyIds = server.dataSet().companyIds();
        forEach("keys", file.keys(), (key, field) -> {
            Set<String> companies = null;
            if (key.companies() != null) {
                companies = new HashSet<>();
                for (int i = 0; i < key.companies().size(); i++) {
                    companies.add(companyId(companyIds, key.companies().get(i), field + ".companies[" + i + "]"));
                }
            }
            server.keys().create(key.name(), key.key(), companies);
        });
        forEach("dataSets", file.dataSets(), (entry, field) -> dataSet(server, companyIds, entry, field));
        forEach("faults", file.faults(), (entry, field) -> fault(server, companyIds, entry, field));
    }

    private void dataSet(SandboxServer server, List<String> companyIds, ScenarioFile.DataSetEntry entry,
            String field) {
        String company = companyId(companyIds, entry.company(), field + ".company");
        DataSetScript dataSet = server.faults().dataSet(company,
                entry.dataType() == null ? "invoices" : entry.dataType());
        if (Boolean.TRUE.equals(entry.ready())) {
            dataSet.ready();
        }
        if (Boolean.TRUE.equals(entry.notRequested())) {
            dataSet.notRequested();
        }
        if (entry.readyAfterRequests() != null) {
            dataSet.readyAfterRequests(entry.readyAfterRequests());
        }
        if (entry.readyAfterSeconds() != null) {
            dataSet.readyAfter(seconds(entry.readyAfterSeconds()));
        }
        if (Boolean.TRUE.equals(entry.unsupported())) {
            dataSet.unsupported();
        }
        ScenarioFile.Drift drift = entry.driftAfterPages();
        if (drift != null) {
            dataSet.changesAfterPages(orElse(drift.afterPages(), 1), changes(drift));
        }
        if (entry.changeAtStart() != null) {
            dataSet.change(changes(entry.changeAtStart()));
        }
    }

    private static DataSetState.Changes changes(ScenarioFile.Drift drift) {
        return new DataSetState.Changes(orElse(drift.insert(), 0), orElse(drift.update(), 0), orElse(drift.softDelete(), 0),
                orElse(drift.hardDelete(), 0), orElse(drift.late(), 0),
                drift.lateBySeconds() == null ? Duration.ZERO : seconds(drift.lateBySeconds()));
    }

    private void fault(SandboxServer server, List<String> companyIds, ScenarioFile.Fault entry, String field) {
        FaultTarget target = target(server, companyIds, entry.target(), field + ".target");
        if (entry.latencyMillis() != null) {
            target.latency(Duration.ofMillis(entry.latencyMillis()));
        } else if (entry.rateLimit() != null) {
            double perSecond = entry.rateLimit().requestsPerSecond();
            // A bucket smaller than a second's requests would refuse an even stream at the stated rate.
            target.rateLimit(perSecond, orElse(entry.rateLimit().burst(), (int) Math.max(1, Math.ceil(perSecond))));
        } else if (entry.tooManyRequests() != null) {
            ScenarioFile.TooManyRequests refusal = entry.tooManyRequests();
            Duration retryAfter = refusal.retryAfterSeconds() == null ? null : seconds(refusal.retryAfterSeconds());
            if (refusal.next() != null) {
                target.tooManyRequestsNext(refusal.next(), retryAfter);
            } else {
                target.tooManyRequests(refusal.probability(), retryAfter);
            }
        } else if (entry.unavailable() != null) {
            ScenarioFile.Unavailable refusal = entry.unavailable();
            target.unavailableNext(refusal.next(),
                    refusal.retryAfterSeconds() == null ? null : seconds(refusal.retryAfterSeconds()));
        } else if (entry.maintenance() != null) {
            Instant from = server.clock().instant().plus(seconds(orElse(entry.maintenance().startAfterSeconds(), 0.0)));
            target.maintenance(from, from.plus(seconds(entry.maintenance().durationSeconds())));
        } else if (entry.serverError() != null) {
            if (entry.serverError().next() != null) {
                target.serverErrorNext(entry.serverError().next());
            } else {
                target.serverErrors(entry.serverError().probability());
            }
        } else {
            target.dropConnectionNext(orElse(entry.dropConnection().next(), 1),
                    orElse(entry.dropConnection().afterBytes(), 0));
        }
    }

    private FaultTarget target(SandboxServer server, List<String> companyIds, ScenarioFile.Target spec,
            String field) {
        FaultTarget target = server.faults().all();
        if (spec == null) {
            return target;
        }
        if (spec.path() != null) {
            target = target.path(spec.path());
        }
        if (spec.company() != null) {
            target = target.company(companyId(companyIds, spec.company(), field + ".company"));
        }
        if (spec.page() != null) {
            target = target.page(spec.page());
        }
        return target;
    }

    /** A company by its index among the served companies (0 is the first) or by its id. */
    private String companyId(List<String> companyIds, ScenarioFile.CompanyRef company, String field) {
        if (company.index() != null) {
            if (company.index() < 0 || company.index() >= companyIds.size()) {
                throw document.invalid(field, "index " + company.index() + " is outside 0.." + (companyIds.size() - 1));
            }
            return companyIds.get(company.index());
        }
        if (!companyIds.contains(company.id())) {
            throw document.invalid(field, "no company with id " + company.id());
        }
        return company.id();
    }

    /** Scripts each entry; the sandbox's refusal of one becomes an error at that entry's line. */
    private <T> void forEach(String section, List<T> entries, EntryScript<T> script) {
        if (entries == null) {
            return;
        }
        for (int i = 0; i < entries.size(); i++) {
            String field = section + "[" + i + "]";
            try {
                script.apply(entries.get(i), field);
            } catch (InvalidYamlException e) {
                throw e;
            } catch (IllegalArgumentException | IllegalStateException | ApiException refused) {
                throw document.invalid(field, refused.getMessage());
            }
        }
    }

    private interface EntryScript<T> {
        void apply(T entry, String field);
    }

    private static <T> T orElse(T value, T fallback) {
        return value == null ? fallback : value;
    }

    private static Duration seconds(double seconds) {
        return Duration.ofMillis(Math.round(seconds * 1000));
    }
}
