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

/**
 * The package boundaries of docs/DESIGN (README, "Layout"), as rules that fail the build: features without cycles,
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
