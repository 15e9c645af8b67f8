package io.ledgersync.trigger.schedule;

import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.SchedulingConfigurer;

import io.ledgersync.sync.dataset.VersionRetention;
import io.ledgersync.sync.history.RunRetention;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.sync.run.SyncRuns;

/** The service's schedule (runs, and the purge of old ones); not in the {@code sync} command, which runs once and exits. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ScheduleProperties.class, HistoryProperties.class, VersionKeepProperties.class})
@ConditionalOnExpression("'${ledgersync.command:serve}' == 'serve'")
class ScheduleConfiguration {

    @Bean
    SyncSchedule syncSchedule(SyncLauncher launcher, SyncRuns runs, RunRetention retention, ScheduleProperties properties,
            HistoryProperties history, VersionRetention versionRetention, VersionKeepProperties versions,
            ObjectProvider<Clock> clock) {
        return new SyncSchedule(launcher, runs, retention, properties, history, clock.getIfAvailable(Clock::systemUTC))
                .purgingVersions(versionRetention, versions.keep());
    }

    @Bean
    SchedulingConfigurer syncScheduleTicker(SyncSchedule schedule, ScheduleProperties properties) {
        return registrar -> {
            if (properties.enabled()) {
                // the schedule reads the clock on each tick; ten seconds is its resolution
                registrar.addFixedDelayTask(schedule::tick, java.time.Duration.ofSeconds(10));
            }
        };
    }
}
