package io.ledgersync;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

import org.junit.jupiter.api.Test;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.records.Companies;
import io.ledgersync.sandbox.records.ForbiddenUpwardImport;
import io.ledgersync.sandbox.http.DataApiHandler;
import io.ledgersync.source.ForbiddenSandboxImport;
import io.ledgersync.sync.dataset.ForbiddenUpwardDataSetImport;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.warehouse.Warehouse;
import io.ledgersync.warehouse.table.ForbiddenUpwardTableImport;

/**
 * The package boundaries of docs/DESIGN (docs/layout.md), as rules that fail the build: features without cycles,
 * the sandbox and the client as two independent readings of the contract, and {@code trigger} on top.
 * The root package is the composition root (the main class and the wiring of the embedded sandbox) and may see all.
 */
class ArchitectureTests {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.ledgersync");

    @Test
    void featurePackagesHaveNoCycles() {
        slices().matching("io.ledgersync.(*)..").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void sandboxSubPackagesHaveNoCycles() {
        slices().matching("io.ledgersync.sandbox.(*)..").should().beFreeOfCycles().allowEmptyShould(true).check(MAIN);
    }

    @Test
    void sandboxSubPackagesAreLayered() {
        sandboxLayers().check(MAIN);
    }

    @Test
    void theSandboxRuleRefusesAnUpwardImport() {
        JavaClasses withViolation = new ClassFileImporter().importClasses(ForbiddenUpwardImport.class,
                DataApiHandler.class, Companies.class);
        assertThat(sandboxLayers().evaluate(withViolation).hasViolation()).isTrue();
        assertThat(sandboxLayers().evaluate(new ClassFileImporter().importClasses(DataApiHandler.class,
                Companies.class)).hasViolation()).isFalse();
    }

    @Test
    void featuresAreLayered() {
        layers().check(MAIN);
    }

    @Test
    void syncSubPackagesAreLayered() {
        syncLayers().check(MAIN);
    }

    @Test
    void warehouseSubPackagesAreLayered() {
        warehouseLayers().check(MAIN);
    }

    /** The command line, the REST API and the schedule are three ways to start the same runs: none needs another. */
    @Test
    void triggerSubPackagesAreIndependent() {
        slices().matching("io.ledgersync.trigger.(*)..").should().notDependOnEachOther().check(MAIN);
    }

    @Test
    void theSyncAndWarehouseRulesRefuseAnUpwardImport() {
        assertThat(syncLayers().evaluate(new ClassFileImporter().importClasses(ForbiddenUpwardDataSetImport.class,
                SyncLauncher.class)).hasViolation()).isTrue();
        assertThat(warehouseLayers().evaluate(new ClassFileImporter().importClasses(ForbiddenUpwardTableImport.class,
                Warehouse.class)).hasViolation()).isTrue();
    }

    /** A generic helper every feature may use (sandbox scenarios, data set files) cannot lean on any of them. */
    @Test
    void yamlImportsNoOtherLedgersyncPackage() {
        noClasses().that().resideInAPackage("io.ledgersync.yaml..")
                .should().dependOnClassesThat(resideInAPackage("io.ledgersync..")
                        .and(resideOutsideOfPackage("io.ledgersync.yaml..")))
                .check(MAIN);
    }

    @Test
    void theRulesRefuseAForbiddenImport() {
        JavaClasses withViolation = new ClassFileImporter().importClasses(ForbiddenSandboxImport.class, SandboxServer.class);
        assertThat(layers().evaluate(withViolation).hasViolation()).isTrue();
        assertThat(layers().evaluate(new ClassFileImporter().importClasses(SandboxServer.class)).hasViolation()).isFalse();
    }

    /**
     * The sandbox's parts, each using only those below it (see its package documentation): the public face on top,
     * then the HTTP surface, then faults and the account side by side (neither needs the other), then the data.
     */
    static ArchRule sandboxLayers() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers().withOptionalLayers(true)
                .layer("face").definedBy("io.ledgersync.sandbox")
                .layer("http").definedBy("io.ledgersync.sandbox.http..")
                .layer("faults").definedBy("io.ledgersync.sandbox.faults..")
                .layer("account").definedBy("io.ledgersync.sandbox.account..")
                .layer("records").definedBy("io.ledgersync.sandbox.records..")
                .whereLayer("face").mayNotBeAccessedByAnyLayer()
                .whereLayer("http").mayOnlyBeAccessedByLayers("face")
                .whereLayer("faults").mayOnlyBeAccessedByLayers("face", "http")
                .whereLayer("account").mayOnlyBeAccessedByLayers("face", "http")
                .whereLayer("records").mayOnlyBeAccessedByLayers("face", "http", "faults", "account");
    }

    /**
     * The sync's parts (see its package documentation), each using only those below it: the job's wiring on top, then
     * launching runs, partitioning a data set, what runs did, writing a page, walking a partition, data set
     * definitions, and the shared words of {@code io.ledgersync.sync} itself at the bottom.
     */
    static ArchRule syncLayers() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers().withOptionalLayers(true)
                .layer("job").definedBy("io.ledgersync.sync.job..")
                .layer("run").definedBy("io.ledgersync.sync.run..")
                .layer("partition").definedBy("io.ledgersync.sync.partition..")
                .layer("history").definedBy("io.ledgersync.sync.history..")
                .layer("write").definedBy("io.ledgersync.sync.write..")
                .layer("walk").definedBy("io.ledgersync.sync.walk..")
                .layer("dataset").definedBy("io.ledgersync.sync.dataset..")
                .layer("words").definedBy("io.ledgersync.sync")
                .whereLayer("job").mayNotBeAccessedByAnyLayer()
                .whereLayer("run").mayOnlyBeAccessedByLayers("job")
                .whereLayer("partition").mayOnlyBeAccessedByLayers("job", "run")
                .whereLayer("history").mayOnlyBeAccessedByLayers("job", "run", "partition")
                .whereLayer("write").mayOnlyBeAccessedByLayers("job")
                .whereLayer("walk").mayOnlyBeAccessedByLayers("job", "run", "partition", "history", "write")
                .whereLayer("dataset").mayOnlyBeAccessedByLayers("job", "run", "partition", "history", "write", "walk")
                .whereLayer("words").mayOnlyBeAccessedByLayers("job", "run", "partition", "history", "write", "walk",
                        "dataset");
    }

    /**
     * The warehouse's parts: its face ({@code Warehouse}, the schema manager, the wiring) on top, then ledgersync's own
     * state tables and the records' history tables (versions), then the dialects with their upserts, then run locks and table shapes at the bottom.
     */
    static ArchRule warehouseLayers() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers().withOptionalLayers(true)
                .layer("face").definedBy("io.ledgersync.warehouse")
                .layer("state").definedBy("io.ledgersync.warehouse.state..")
                .layer("history").definedBy("io.ledgersync.warehouse.history..")
                .layer("dialect").definedBy("io.ledgersync.warehouse.dialect..")
                .layer("lock").definedBy("io.ledgersync.warehouse.lock..")
                .layer("table").definedBy("io.ledgersync.warehouse.table..")
                .whereLayer("face").mayNotBeAccessedByAnyLayer()
                .whereLayer("state").mayOnlyBeAccessedByLayers("face")
                .whereLayer("history").mayOnlyBeAccessedByLayers("face")
                .whereLayer("dialect").mayOnlyBeAccessedByLayers("face", "state", "history")
                .whereLayer("lock").mayOnlyBeAccessedByLayers("face", "dialect")
                .whereLayer("table").mayOnlyBeAccessedByLayers("face", "state", "history", "dialect");
    }

    /** trigger and cluster (the manager's and the workers' wiring) on top; metrics beside them; sync in the middle; source and warehouse at the bottom; sandbox alone. */
    static ArchRule layers() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers().withOptionalLayers(true)
                .layer("cluster").definedBy("io.ledgersync.cluster..")
                .layer("trigger").definedBy("io.ledgersync.trigger..")
                .layer("metrics").definedBy("io.ledgersync.metrics..")
                .layer("sync").definedBy("io.ledgersync.sync..")
                .layer("source").definedBy("io.ledgersync.source..")
                .layer("warehouse").definedBy("io.ledgersync.warehouse..")
                .layer("sandbox").definedBy("io.ledgersync.sandbox..")
                .layer("root").definedBy("io.ledgersync")
                .whereLayer("cluster").mayOnlyBeAccessedByLayers("root")
                .whereLayer("trigger").mayOnlyBeAccessedByLayers("root")
                .whereLayer("metrics").mayOnlyBeAccessedByLayers("root")
                .whereLayer("sync").mayOnlyBeAccessedByLayers("cluster", "trigger", "metrics", "root")
                .whereLayer("source").mayOnlyBeAccessedByLayers("cluster", "sync", "trigger", "metrics", "root")
                .whereLayer("warehouse").mayOnlyBeAccessedByLayers("sync", "metrics", "root")
                .whereLayer("sandbox").mayOnlyBeAccessedByLayers("root");
    }
}
