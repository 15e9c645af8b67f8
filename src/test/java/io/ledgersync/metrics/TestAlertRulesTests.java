package io.ledgersync.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The copy of the shipped alert rules that the Prometheus tests load ({@link TestAlertRules}) is faithful: parsed from
 * both YAMLs, it differs from docker/prometheus/alerts.yml only in each rule's hold; and the check that says so fails on
 * anything else. The Prometheus configuration of those tests is the shipped one with its targets pointed elsewhere.
 */
class TestAlertRulesTests {

    @Test
    @SuppressWarnings("unchecked")
    void theTestCopyKeepsEveryGroupRuleExpressionLabelAndAnnotationAndShortensOnlyTheHolds() {
        Map<String, Object> shipped = TestAlertRules.shipped();
        Map<String, Object> copy = TestAlertRules.shortened(shipped);

        assertThat(TestAlertRules.differences(shipped, copy)).isEmpty();
        List<Map<String, Object>> shippedRules = rules(shipped);
        List<Map<String, Object>> copiedRules = rules(copy);
        assertThat(copiedRules).hasSameSizeAs(shippedRules).isNotEmpty();
        for (int i = 0; i < shippedRules.size(); i++) {
            Map<String, Object> rule = shippedRules.get(i);
            Map<String, Object> copied = copiedRules.get(i);
            assertThat(copied.get("alert")).isEqualTo(rule.get("alert"));
            assertThat(copied.get("expr")).as("%s's expression", rule.get("alert")).isEqualTo(rule.get("expr"));
            assertThat(copied.get("labels")).as("%s's labels", rule.get("alert")).isEqualTo(rule.get("labels"));
            assertThat(copied.get("annotations")).as("%s's annotations", rule.get("alert")).isEqualTo(rule.get("annotations"));
            assertThat(copied.get("for")).as("%s's hold", rule.get("alert")).isEqualTo("5s");
        }
        assertThat(rules(TestAlertRules.shipped())).as("the shipped rules are left as they are").isEqualTo(shippedRules);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aCopyWithAnotherExpressionLabelOrALongerHoldIsNotFaithful() {
        Map<String, Object> shipped = TestAlertRules.shipped();

        Map<String, Object> otherExpression = TestAlertRules.shortened(shipped);
        rules(otherExpression).get(0).put("expr", "vector(1)");
        Map<String, Object> otherLabel = TestAlertRules.shortened(shipped);
        ((Map<String, Object>) rules(otherLabel).get(1).get("labels")).put("severity", "info");
        Map<String, Object> longerHold = TestAlertRules.shortened(shipped);
        rules(longerHold).get(0).put("for", "1h");
        Map<String, Object> lessRules = TestAlertRules.shortened(shipped);
        rules(lessRules).remove(0);

        assertThat(TestAlertRules.differences(shipped, otherExpression)).singleElement().asString()
                .startsWith(rules(shipped).get(0).get("alert") + ": more than its hold differs");
        assertThat(TestAlertRules.differences(shipped, otherLabel)).singleElement().asString()
                .startsWith(rules(shipped).get(1).get("alert") + ": more than its hold differs");
        assertThat(TestAlertRules.differences(shipped, longerHold)).isNotEmpty()
                .allSatisfy(difference -> assertThat(difference).contains("a hold of 1h is longer than"));
        assertThat(TestAlertRules.differences(shipped, lessRules)).singleElement().asString().contains("rules shipped");
    }

    @Test
    void prometheusDurationsAreRead() {
        assertThat(TestAlertRules.duration("10m")).isEqualTo(Duration.ofMinutes(10));
        assertThat(TestAlertRules.duration("1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(TestAlertRules.duration("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThatThrownBy(() -> TestAlertRules.duration("10 minutes")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TestAlertRules.duration("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theTestConfigurationIsTheShippedOneWithItsTargetsPointedAtTheTestsProcesses() {
        String yaml = TestPrometheus.configuration(Map.of("ledgersync", List.of("127.0.0.1:27001")), Path.of("/tmp/rules.yml"),
                "127.0.0.1:27002");
        Map<String, Object> config = new org.yaml.snakeyaml.Yaml().load(yaml);
        Map<String, Object> shipped = TestAlertRules.read(TestPrometheus.SHIPPED_CONFIG);

        List<Map<String, Object>> jobs = (List<Map<String, Object>>) config.get("scrape_configs");
        List<Map<String, Object>> shippedJobs = (List<Map<String, Object>>) shipped.get("scrape_configs");
        assertThat(jobs).extracting(job -> job.get("job_name")).isEqualTo(shippedJobs.stream().map(job -> job.get("job_name")).toList());
        for (int i = 0; i < jobs.size(); i++) {
            Map<String, Object> job = new java.util.LinkedHashMap<>(jobs.get(i));
            Map<String, Object> shippedJob = new java.util.LinkedHashMap<>(shippedJobs.get(i));
            job.remove("static_configs");
            shippedJob.remove("static_configs");
            assertThat(job).as("job %s but its targets", job.get("job_name")).isEqualTo(shippedJob);
        }
        assertThat(targets(jobs, "ledgersync")).containsExactly("127.0.0.1:27001");
        assertThat(targets(jobs, "ledgersync-workers")).as("no worker given").isEmpty();
        assertThat(targets(jobs, "prometheus")).containsExactly("127.0.0.1:27002");
        assertThat(config.get("rule_files")).isEqualTo(List.of("/tmp/rules.yml"));
        assertThatThrownBy(() -> TestPrometheus.configuration(Map.of("ledgersync-typo", List.of()), Path.of("/tmp/rules.yml"), ""))
                .hasMessageContaining("ledgersync-typo");
    }

    @SuppressWarnings("unchecked")
    private static List<Object> targets(List<Map<String, Object>> jobs, String name) {
        Map<String, Object> job = jobs.stream().filter(j -> name.equals(j.get("job_name"))).findFirst().orElseThrow();
        return (List<Object>) ((List<Map<String, Object>>) job.get("static_configs")).get(0).get("targets");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> rules(Map<String, Object> file) {
        return (List<Map<String, Object>>) ((List<Map<String, Object>>) file.get("groups")).get(0).get("rules");
    }
}
