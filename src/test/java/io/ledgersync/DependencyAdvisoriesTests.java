package io.ledgersync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Libraries that come in with an advisory are pinned to their fixed release in {@code pom.xml}; this checks the
 * test class path, the widest one, so that dropping or loosening a pin fails the build rather than going unseen.
 */
class DependencyAdvisoriesTests {

    @ParameterizedTest
    @CsvSource({
            "rhino, 1.8.1, XXE below 1.7.12; CVE-2025-66453 below 1.8.1",
            "mailapi, 1.6.8, CVE-2025-7962 below 1.6.8"})
    void aPinnedLibraryIsOnTheClassPathOnlyInItsFixedRelease(String artifact, String fixed, String advisory) {
        List<String> jars = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(path -> new File(path).getName())
                .filter(name -> name.matches(artifact + "-\\d.*\\.jar"))
                .toList();

        assertThat(jars).as("%s (%s)", artifact, advisory).containsExactly(artifact + "-" + fixed + ".jar");
    }
}
